import { writeCode } from '@envmon/shared';

/** Every write action of the details (sync, virtual devices, deploy, factor settings). */
export const DEVICE_WRITE = writeCode('system.device');

/** Until the live push of issue 5 exists, the latest values are polled this often. */
export const LATEST_REFRESH_MS = 10_000;

/** Wide enough for the widest tab table (latest values: seven columns), never wider than the window. */
export const DRAWER_WIDTH = 'min(960px, 100vw)';
