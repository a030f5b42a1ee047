import { writeCode } from '@envmon/shared';

/** The alarm screen's resource code and the write permission work-order moves need. */
export const ALARM_PAGE = 'alarm.list';
export const ALARM_WRITE = writeCode(ALARM_PAGE);
