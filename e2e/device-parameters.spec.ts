import { expect, type Locator, type Page, test } from '@playwright/test';
import { blockingAxeFindings } from './specs-support/axe.js';
import { DeviceApi } from './specs-support/devices-api.js';
import { visibleUntranslatedKeys } from './specs-support/i18n-scan.js';
import { chooseOption } from './specs-support/report-helpers.js';
import { credentialsOf, signInViaApi } from './specs-support/session.js';
import { baseURL } from './support/env.js';

/**
 * Settings › device parameters against the demo: a simulated station answers 'read all' (its clock, both
 * intervals, its instruments' serial numbers, its site information), so the table fills as it answers; setting
 * the minute-data interval queues 1064, and once the station has executed it the reported value follows (set
 * back afterwards, so the station sends its minute data as before). Then the screen in English and the dark
 * theme. A station no other spec uses, so the values read are the demo's own.
 */

const PATH = '/settings/device-parameters';
const STATION = '模拟水站 3';

function row(screen: Locator | Page, name: string, polId = ''): Locator {
  return screen.getByTestId(`device-parameters-row-${name}-${polId}`);
}

/** Chooses the station in the screen's picker. */
async function chooseStation(page: Page): Promise<Locator> {
  const screen = page.getByTestId('device-parameters-page');
  await expect(screen.getByText('请选择设备以查看其参数。')).toBeVisible();
  await chooseOption(page, screen.getByLabel('设备', { exact: true }), STATION, STATION);
  await expect(page).toHaveURL(/deviceId=\d+/);
  return screen;
}

/** Sets the minute-data interval in the open dialog and waits for it to close. */
async function submitMinInterval(page: Page, minutes: number): Promise<void> {
  const dialog = page.getByRole('dialog');
  await chooseOption(page, dialog.getByLabel('取值', { exact: true }), String(minutes));
  await dialog.getByRole('button', { name: '下发到站点' }).click();
  // The newest toast: the one of an earlier setting may still be showing.
  await expect(page.getByText(/分钟数据间隔（分钟） \(MinInterval\)：“设置分钟数据间隔”已排队/).last()).toBeVisible();
  await expect(dialog).toBeHidden();
}

test("'read all' fills the table as the demo station answers: its real-time interval and its instruments' SNs", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await (await DeviceApi.signIn(request)).onlineDemoStation(STATION);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await signInViaApi(page, credentialsOf('admin'), PATH);
  const screen = await chooseStation(page);

  await screen.getByRole('button', { name: '从站点读取全部' }).click();
  await expect(page.getByText('已排队 5 条读取命令，站点应答后取值将陆续显示。')).toBeVisible();
  // The table reads itself again while the answers are awaited: no click needed.
  const rtd = row(screen, 'RtdInterval');
  await expect(rtd).toContainText('实时数据间隔（秒）', { timeout: 60_000 });
  await expect(rtd).toContainText('RtdInterval');
  await expect(rtd.locator('td').nth(2)).toContainText(/^30\d{4}-/);
  await expect(rtd).toContainText('执行成功');
  await expect(row(screen, 'MinInterval')).toContainText('分钟数据间隔（分钟）');
  // One serial number per instrument, each about its factor (named from the catalogue).
  const sns = screen.locator('[data-testid^="device-parameters-row-SN-"]');
  await expect(sns.first()).toContainText(/[0-9A-F]{24}/, { timeout: 60_000 });
  await expect(sns.first()).toContainText('设备唯一标识');
  expect(await sns.first().locator('td').nth(1).innerText()).toMatch(/\S+ \([a-z]\d{5}\)/);
  await expect(screen.getByTestId('device-parameters-awaiting')).toBeHidden({ timeout: 60_000 });
  expect(await blockingAxeFindings(page, `${PATH} (read)`)).toEqual([]);
  expect(errors).toEqual([]);
});

test('setting the minute-data interval is followed until the station reports the value it executed', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await (await DeviceApi.signIn(request)).onlineDemoStation(STATION);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await signInViaApi(page, credentialsOf('admin'), PATH);
  const screen = await chooseStation(page);

  // A parameter not necessarily stored yet: chosen among those the platform can set.
  await screen.getByRole('button', { name: '设置参数' }).click();
  const dialog = page.getByRole('dialog');
  await chooseOption(
    page,
    dialog.getByLabel('参数', { exact: true }),
    '分钟数据间隔（分钟） (MinInterval)',
    'MinInterval',
  );
  await expect(dialog).toContainText('通过“设置分钟数据间隔”（CN 1064）下发。');
  await submitMinInterval(page, 2);

  const minute = row(screen, 'MinInterval');
  const reported = minute.locator('td').nth(2);
  const wanted = minute.locator('td').nth(3);
  await expect(wanted).toContainText(/^2\d{4}-/);
  // The station executes 1064 within seconds; the reported value follows and the two agree.
  await expect(minute).toContainText('执行成功', { timeout: 60_000 });
  await expect(reported).toContainText(/^2\d{4}-/);
  await expect(minute.getByTestId('device-parameters-differs')).toHaveCount(0);

  // Back to the demo's interval, through the row's own 'set' (the dialog opens on the value wanted).
  await minute.getByRole('button', { name: /^设置/ }).click();
  await expect(page.getByRole('dialog')).toContainText('设置分钟数据间隔（分钟） (MinInterval)');
  await submitMinInterval(page, 1);
  await expect(wanted).toContainText(/^1\d{4}-/);
  await expect(reported).toContainText(/^1\d{4}-/, { timeout: 60_000 });
  await expect(minute).toContainText('执行成功');
  expect(errors).toEqual([]);
});

test('the device-parameters screen reads in English in the dark theme, with no untranslated key', async ({
  page,
  context,
  request,
}) => {
  const deviceId = (await (await DeviceApi.signIn(request)).onlineDemoStation(STATION)).id;
  await context.addCookies([
    { name: 'language', value: 'en-US', url: baseURL() },
    { name: 'theme', value: 'dark', url: baseURL() },
  ]);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await signInViaApi(page, credentialsOf('admin'), `${PATH}?deviceId=${deviceId}`);
  const screen = page.getByTestId('device-parameters-page');
  await expect(screen.getByRole('button', { name: 'Read all from the station' })).toBeVisible();
  await expect(screen.getByText('Parameters', { exact: true })).toBeVisible();
  await expect(screen.getByTestId('device-parameters-table')).toBeVisible();
  expect(await visibleUntranslatedKeys(page)).toEqual([]);
  expect(await blockingAxeFindings(page, `${PATH} (en-US, dark)`)).toEqual([]);

  await screen.getByRole('button', { name: 'Set a parameter' }).click();
  const dialog = page.getByRole('dialog');
  await chooseOption(page, dialog.getByLabel('Parameter', { exact: true }), 'Sampling period (h) (Ctime)', 'Ctime');
  await expect(dialog.getByLabel('Factor', { exact: true })).toBeVisible();
  await expect(dialog).toContainText('From 1 to 24.');
  expect(await visibleUntranslatedKeys(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect(errors).toEqual([]);
});
