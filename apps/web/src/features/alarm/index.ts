import { lazy } from 'react';
import { lazyPage } from '../../lib/lazy-page';

/**
 * The alarm domain's public surface: the alarm list screen (alarm.list → ./list) and the current
 * alarms (./current) that the header's bell, the overflow screen and the device panel follow.
 */
export const AlarmListPage = lazyPage(() => import('./list/pages/alarm-list-page'));
export { askNotificationPermission, playAlarmSound, showAlarmNotification } from './current/alarm-alert';
export { applyPushed } from './current/alarm-store';
export { alarmSummary, alarmTime } from './current/alarm-text';
/** The bell's table of current alarms, fetched as the bell first opens it (not with the console's first screen). */
export const CurrentAlarmsTable = lazy(() =>
  import('./current/components/current-alarms-table').then((m) => ({ default: m.CurrentAlarmsTable })),
);
export { useAlarmedDeviceIds, useCurrentAlarms } from './current/hooks/use-current-alarms';
