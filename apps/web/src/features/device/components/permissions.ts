import { writeCode } from '@envmon/shared';

/** The device page's resource code and the write permission its actions need. */
export const DEVICE_PAGE = 'system.device';
export const DEVICE_WRITE = writeCode(DEVICE_PAGE);
