import { writeCode } from '@envmon/shared';

/** The device-parameters page's resource code and the write permission setting and reading parameters needs. */
export const DEVICE_PARAMETERS_PAGE = 'settings.device-parameters';
export const DEVICE_PARAMETERS_WRITE = writeCode(DEVICE_PARAMETERS_PAGE);
