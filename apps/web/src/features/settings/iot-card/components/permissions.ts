import { writeCode } from '@envmon/shared';

/** The IoT card page's resource code and the write permission its changes need. */
export const IOT_CARD_PAGE = 'settings.iot-card';
export const IOT_CARD_WRITE = writeCode(IOT_CARD_PAGE);
