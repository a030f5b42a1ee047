import { writeCode } from '@envmon/shared';

/** The transfer-format page's resource code and the write permission its changes need. */
export const TRANSFER_FORMAT_PAGE = 'settings.transfer-format';
export const TRANSFER_FORMAT_WRITE = writeCode(TRANSFER_FORMAT_PAGE);
