import { alarmEndpoints, type AlarmFilter } from '@envmon/shared';
import { exportThroughLink } from '../../../../lib/export-link';

/** The alarm list's export: the filters of the tab, the file through a ticketed link. */
export function exportAlarms(filter: AlarmFilter): Promise<void> {
  return exportThroughLink(alarmEndpoints.export.path, filter);
}
