import { lazyPage } from '../../lib/lazy-page';

/** The device domain's public surface. system.device → ./list (the panel), whose drawer is ./detail. */
export const DevicePage = lazyPage(() => import('./list/pages/device-page'));
/** The device tree's reads (every device of a project, the grouping records), for other screens' trees. */
export { allDevicesQueryOptions } from './list/api/get-devices';
export { deployRecordsQueryOptions } from './list/api/get-deploy-records';
