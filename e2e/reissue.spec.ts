import { expect, type Locator, test } from '@playwright/test';
import { DeviceApi } from './specs-support/devices-api.js';
import { baseURL } from './support/env.js';
import { visibleUntranslatedKeys } from './specs-support/i18n-scan.js';
import { chooseOption } from './specs-support/report-helpers.js';
import { credentialsOf, signInViaApi } from './specs-support/session.js';

/**
 * Settings → data reissue against a demo station: the simulated station answers the platform's HJ 212
 * request (9011, its stored hours again, 9012), so the task the console made ends done; filling the gaps of
 * the same range afterwards finds nothing missing, or asks for what is and ends done. Then the screen in English
 * and the dark theme.
 */

const PATH = '/settings/reissue';
const STATION = '模拟水站 1';

function rows(screen: Locator): Locator {
  return screen.locator('.ant-table-tbody tr.ant-table-row');
}

test('a reissue asks a demo station for its hours again and the task ends done; filling the gaps follows', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await (await DeviceApi.signIn(request)).onlineDemoStation(STATION);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await signInViaApi(page, credentialsOf('admin'), PATH);
  const screen = page.getByTestId('settings-reissue-page');
  const form = screen.getByTestId('reissue-form');
  await chooseOption(page, form.getByLabel('设备', { exact: true }), STATION, '模拟水站');
  await chooseOption(page, form.getByLabel('数据类型', { exact: true }), '小时数据 (2061)');
  // The range is the last 24 hours by default.
  await form.getByRole('button', { name: '补发整个时段' }).click();
  await expect(page.getByText('已创建 1 个补发任务')).toBeVisible();

  const added = rows(screen).first();
  await expect(added).toContainText(STATION);
  await expect(added).toContainText('补发');
  await expect(added).toContainText('小时数据 (2061)');
  // The page reads the list again while a task runs: no click needed.
  await expect(added).toContainText('已完成', { timeout: 60_000 });

  await form.getByRole('button', { name: '只补缺失时段' }).click();
  const repaired = rows(screen).first();
  await expect(repaired).toContainText('补缺');
  await expect(repaired).toContainText(/无缺失|已完成/, { timeout: 60_000 });
  expect(errors).toEqual([]);
});

test('the reissue screen reads in English in the dark theme, with no untranslated key', async ({ page, context }) => {
  await context.addCookies([
    { name: 'language', value: 'en-US', url: baseURL() },
    { name: 'theme', value: 'dark', url: baseURL() },
  ]);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await signInViaApi(page, credentialsOf('admin'), PATH);
  const screen = page.getByTestId('settings-reissue-page');
  await expect(screen.getByRole('button', { name: 'Reissue the whole range' })).toBeVisible();
  // The first spec's tasks, in English.
  await expect(rows(screen).first()).toContainText(/Nothing missing|Done/);
  expect(await visibleUntranslatedKeys(page)).toEqual([]);
  expect(errors).toEqual([]);
});
