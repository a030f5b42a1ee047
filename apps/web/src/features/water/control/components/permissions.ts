import { writeCode } from '@envmon/shared';

/** The screen's resource code, and the write permission sending commands needs (the server checks the same). */
export const WATER_CONTROL_PAGE = 'water.control';
export const WATER_CONTROL_WRITE = writeCode(WATER_CONTROL_PAGE);
