import { lazy } from 'react';

/** The device domain's public surface. system.device → ./list (the panel), whose drawer is ./detail. */
export const DevicePage = lazy(() => import('./list/pages/device-page'));
