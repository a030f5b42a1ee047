import { writeCode } from '@envmon/shared';

/** The dynamic code page's resource code and the write permission changing the guarded list needs. */
export const DYNAMIC_CODE_PAGE = 'settings.dynamic-code';
export const DYNAMIC_CODE_WRITE = writeCode(DYNAMIC_CODE_PAGE);
