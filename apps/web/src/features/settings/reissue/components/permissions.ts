import { writeCode } from '@envmon/shared';

/** The reissue page's resource code and the write permission asking for data needs. */
export const REISSUE_PAGE = 'settings.reissue';
export const REISSUE_WRITE = writeCode(REISSUE_PAGE);
