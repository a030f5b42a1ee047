import { expect, type Page, test } from '@playwright/test';
import { visibleUntranslatedKeys } from './specs-support/i18n-scan.js';
import { credentialsOf, signInViaApi } from './specs-support/session.js';

/**
 * Every built screen opens on the demo data in English and in the dark theme: it renders, shows no
 * untranslated key and throws no error in the page. The screens' own behaviour is tested in their
 * specs and unit tests; this one catches a screen that breaks as a whole.
 */

const SCREENS = [
  '/realtime/data',
  '/realtime/chart',
  '/realtime/water',
  '/realtime/overflow',
  '/alarm/list',
  '/settings/threshold',
  '/settings/wx-alarm',
  '/query/history',
  '/query/original',
  '/query/other',
  '/query/gather',
  '/query/ai',
  '/query/video',
  '/settings/video-ys',
  '/settings/factor',
  '/settings/reissue',
  '/settings/iot-card',
  '/settings/devops',
  '/report/transmission',
  '/report/summary',
  '/report/isotope',
  '/report/odor-rose',
  '/report/single-station',
  '/report/multi-station',
  '/report/contrast',
  '/report/factor-bar',
  '/report/radar',
  '/system/device',
] as const;

async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0, { timeout: 15_000 });
}

test('every built screen renders in English and the dark theme, with no untranslated key and no page error', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await context.addCookies([
    { name: 'language', value: 'en-US', url: baseURL ?? '' },
    { name: 'theme', value: 'dark', url: baseURL ?? '' },
  ]);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  await signInViaApi(page, credentialsOf('admin'), '/index');

  for (const path of SCREENS) {
    await page.goto(path);
    await settled(page);
    // The screen itself: not the 'not built yet' view, not 'no such page' or 'no permission'.
    await expect(page.getByRole('tab', { selected: true }).first()).toBeVisible();
    await expect(page.getByTestId('not-built-page')).toHaveCount(0);
    await expect(page.locator('.ant-result-404, .ant-result-403')).toHaveCount(0);
    expect(await visibleUntranslatedKeys(page), `untranslated i18n keys on ${path}`).toEqual([]);
  }
  expect(errors).toEqual([]);
});
