import { writeCode } from '@envmon/shared';

/** The monitor-factor page's resource code and the write permission its changes need. */
export const FACTOR_PAGE = 'settings.factor';
export const FACTOR_WRITE = writeCode(FACTOR_PAGE);
