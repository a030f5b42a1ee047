import type { QueryParams } from '../../../../lib/api';
import { exportThroughLink } from '../../../../lib/export-link';
import { DEVICE_URLS } from './urls';

/** The device list's export: the filters of the list, the file through a ticketed link. */
export function exportDevices(filters: QueryParams): Promise<void> {
  return exportThroughLink(DEVICE_URLS.export, filters);
}
