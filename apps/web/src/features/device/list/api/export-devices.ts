import { DEVICE_FILE_PATHS } from '@envmon/shared';
import type { QueryParams } from '../../../../lib/api';
import { exportThroughLink } from '../../../../lib/export-link';

/** The device list's export: the filters of the list, the file through a ticketed link. */
export function exportDevices(filters: QueryParams): Promise<void> {
  return exportThroughLink(DEVICE_FILE_PATHS.export, filters);
}
