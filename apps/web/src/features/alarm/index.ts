import { lazyPage } from '../../lib/lazy-page';

/**
 * The alarm domain's public surface: the alarm list screen (alarm.list → ./list) and the current
 * alarms (./current) that the header's bell, the overflow screen and the device panel follow.
 */
export const AlarmListPage = lazyPage(() => import('./list/pages/alarm-list-page'));
export { askNotificationPermission, playAlarmSound, showAlarmNotification } from './current/alarm-alert';
export { applyPushed } from './current/alarm-store';
export { alarmSummary, alarmTime } from './current/alarm-text';
export { CurrentAlarmsTable } from './current/components/current-alarms-table';
export { useAlarmedDeviceIds, useCurrentAlarms } from './current/hooks/use-current-alarms';
