import type { AlarmFilter } from '@envmon/shared';
import { exportThroughLink } from '../../../../lib/export-link';
import { ALARM_LIST_URLS } from './urls';

/** The alarm list's export: the filters of the tab, the file through a ticketed link. */
export function exportAlarms(filter: AlarmFilter): Promise<void> {
  return exportThroughLink(ALARM_LIST_URLS.export, filter);
}
