import { writeCode } from '@envmon/shared';

/** The threshold settings' resource code and the write permission its changes need. */
export const THRESHOLD_PAGE = 'settings.threshold';
export const THRESHOLD_WRITE = writeCode(THRESHOLD_PAGE);
