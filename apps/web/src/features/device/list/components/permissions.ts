import { writeCode } from '@envmon/shared';

/** The device page's resource code and the write permission its actions need. */
export const DEVICE_PAGE = 'system.device';
export const DEVICE_WRITE = writeCode(DEVICE_PAGE);
/** The alarm screen's resource: who may read alarms (markers in alarm). */
export const ALARM_LIST = 'alarm.list';
