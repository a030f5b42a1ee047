// What the browser tests know about the server that global-setup.ts starts.

/** The admin password the e2e server is started with (ADMIN_PASSWORD on first start). */
export const ADMIN_PASSWORD = 'e2e-Admin@123';

/** The demo users seeded when DEMO=1 (see the 'Demo data'). */
export const USERS = {
  admin: { userName: 'admin', password: ADMIN_PASSWORD },
  operator: { userName: 'operator', password: 'Operator@123' },
  viewer: { userName: 'viewer', password: 'Viewer@123' },
} as const;

export type DemoUser = keyof typeof USERS;

/** Debian's Chromium unless CHROMIUM_PATH names another; Playwright never downloads a browser here. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** Set by global setup before any worker starts; workers inherit it. */
export const BASE_URL_ENV = 'ENVMON_E2E_BASE_URL';
/** The e2e server's HJ 212 gateway port, set beside the URL. */
export const GATEWAY_PORT_ENV = 'ENVMON_E2E_GATEWAY_PORT';

/** The URL of the running e2e server, e.g. for API calls made with `request` outside a page. */
export function baseURL(): string {
  const url = process.env[BASE_URL_ENV];
  if (!url)
    throw new Error(
      `${BASE_URL_ENV} is not set: run the tests through e2e/playwright.config.ts (global setup starts the server)`,
    );
  return url;
}

/** The e2e server's HJ 212 gateway port, for tests that play a station. */
export function gatewayPort(): number {
  const port = Number(process.env[GATEWAY_PORT_ENV]);
  if (!Number.isInteger(port) || port <= 0)
    throw new Error(`${GATEWAY_PORT_ENV} is not set: run the tests through e2e/playwright.config.ts`);
  return port;
}
