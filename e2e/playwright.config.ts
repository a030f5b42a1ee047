import { defineConfig } from '@playwright/test';
import { BASE_URL_ENV, CHROMIUM_PATH } from './support/env.js';

/**
 * Browser tests against the production build and a real server (started by global setup on a
 * free port with a fresh SQLite file). Run after `npm run build`: `npx playwright test -c e2e/playwright.config.ts`,
 * or as the last stage of `npm test`. No retries: a flaky test is a failing test.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results',
  globalSetup: './support/global-setup.ts',
  globalTeardown: './support/global-teardown.ts',
  // One server and one database for all. The specs are independent of each other and of their order (each
  // makes its own users, devices and stations where it changes something), so two workers run them two files at
  // a time (E2E_WORKERS sets another count). The specs that measure the page's smoothness (long tasks) carry the
  // tag @alone: their project runs after the others, on one worker, so no other browser is measured with them.
  workers: Number(process.env.E2E_WORKERS) || 2,
  fullyParallel: false,
  retries: 0,
  forbidOnly: !!process.env.CI,
  // Time limits catch a hung test, they do not measure speed (the benchmarks do): a CI machine shared with others
  // ran this suite at half its usual pace in December 2026, and a limit a quiet machine passes with little to spare
  // then fails for nothing.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    // Workers start after global setup and inherit the URL it chose.
    baseURL: process.env[BASE_URL_ENV],
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1440, height: 900 },
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    // The console honours the system's 'reduce motion' (no antd transitions, no chart animation): the tests read
    // screens at rest, and the browser does not spend two cores on frames nobody looks at.
    reducedMotion: 'reduce',
    // A failed test keeps its trace: every action with the page's DOM before and after, the network and the console.
    // Not the screencast: recording it for every test (kept only for failures) doubled the suite's time on this
    // 2-core machine (one spec set 3.5 → 2.0 min, the whole suite ~22 → 13.1 min), the browsers encoding frames
    // nobody looks at while two workers and the server wait for the cores. The failure screenshot remains.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
      ],
    },
  },
  projects: [
    { name: 'chromium', grepInvert: /@alone/ },
    { name: 'alone', grep: /@alone/, dependencies: ['chromium'], workers: 1 },
  ],
});
