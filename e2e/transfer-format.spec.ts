import { expect, test } from '@playwright/test';
import { blockingAxeFindings } from './specs-support/axe.js';
import { DeviceApi, deviceBody } from './specs-support/devices-api.js';
import { visibleUntranslatedKeys } from './specs-support/i18n-scan.js';
import { confirmDelete, rowWith } from './specs-support/list-screen.js';
import { chooseOption, openSelectDropdown } from './specs-support/report-helpers.js';
import { type SecondServer, startSecondServer } from './specs-support/second-server.js';
import { apiLogin, credentialsOf, labelled, signInViaApi } from './specs-support/session.js';
import { baseURL } from './support/env.js';

/**
 * Settings › transfer format through the console (issue 20): a second envmon server, started by this spec, is the
 * upstream platform; it knows the station under its own MN and PW. An upstream pointing at its gateway is added
 * for a demo station (which uploads all the time) with that MN and PW, a factor map line and a start in the recent
 * past, and the station's state in the upstream's device list reaches 'acknowledged'. The screen in Chinese and the
 * light theme, then in English and the dark theme, axe-clean in both; the forwarding state change is in the
 * operation log, by 'System'. Two tests in order (the second reads what the first set up), each well within the
 * time limit. The upstream is deleted at the end (and after a failure, through the API).
 */

const PATH = '/settings/transfer-format';
const STATION = '模拟水站 1';
const TRANSFER_FORMAT = '/manager/settings/transferformat/rest';
const STAMP = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`.toUpperCase();
const UPSTREAM = `e2e 省平台 ${STAMP}`;
/** The station as the upstream knows it. */
const UPSTREAM_MN = `E2EPROV${STAMP}`;
const UPSTREAM_PW = 'prov01';
/** Forwarding starts this far back: the minutes stored since then go at once, not after the next upload. */
const FROM_MINUTES_AGO = 10;
const BEIJING_MS = 8 * 3_600_000;

/** A time as the console's date-time pickers write it (the browser runs on Beijing time). */
const pickerText = (ms: number) => new Date(ms + BEIJING_MS).toISOString().slice(0, 19).replace('T', ' ');

let upstreamServer: SecondServer | undefined;

test.beforeAll(async ({ playwright }) => {
  upstreamServer = await startSecondServer();
  const api = await playwright.request.newContext({ baseURL: upstreamServer.baseURL });
  try {
    const devices = await DeviceApi.signIn(api);
    const body = deviceBody(UPSTREAM_MN, `e2e 上级站点 ${STAMP}`, await devices.adminId());
    await devices.add({ ...body, password: UPSTREAM_PW });
  } finally {
    await api.dispose();
  }
});

test.afterAll(async ({ playwright }) => {
  // The upstream goes with its devices and queue: the demo station is not forwarded anywhere after this spec.
  const api = await playwright.request.newContext({ baseURL: baseURL() });
  try {
    const token = await apiLogin(api, credentialsOf('admin'));
    const response = await api.get(`${TRANSFER_FORMAT}/get`, {
      headers: { token },
      params: { pageNum: 1, pageSize: 100, name: UPSTREAM },
    });
    const page = (await response.json()) as { data: { list: { id: number; name: string }[] } };
    for (const upstream of page.data.list.filter((u) => u.name === UPSTREAM))
      await api.get(`${TRANSFER_FORMAT}/delete`, { headers: { token }, params: { id: upstream.id } });
  } finally {
    await api.dispose();
    await upstreamServer?.stop();
  }
});

test.describe.configure({ mode: 'serial' });

test('an upstream platform configured for a demo station acknowledges its data (Chinese, light theme)', async ({
  page,
}) => {
  // Two forms filled and a round trip through two servers' gateways: more steps than a screen's check, so more
  // time on a loaded machine (it took 10–20 s here).
  test.setTimeout(60_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const gatewayPort = String(upstreamServer?.gatewayPort);
  await signInViaApi(page, credentialsOf('admin'), PATH);
  const screen = page.getByTestId('transfer-format-page');
  await expect(screen.getByText('按 HJ 212 将本平台站点的数据转发到', { exact: false })).toBeVisible();

  // The upstream: the second server's gateway.
  await screen.getByTestId('transfer-format-add').click();
  const dialog = page.getByRole('dialog', { name: '新增上级平台' });
  await dialog.getByLabel('平台名称', { exact: true }).fill(UPSTREAM);
  await dialog.getByLabel('主机', { exact: true }).fill('127.0.0.1');
  await dialog.getByLabel('端口', { exact: true }).fill(gatewayPort);
  await dialog.getByLabel('系统编码 ST', { exact: true }).fill('21');
  await dialog.getByLabel('访问密码', { exact: true }).fill(UPSTREAM_PW);
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog).toBeHidden();

  const upstream = rowWith(screen, UPSTREAM);
  await expect(upstream).toContainText(`127.0.0.1:${gatewayPort}`);
  await expect(upstream).toContainText('HJ 212-2017');
  await expect(upstream).toContainText('10 秒 × 3 次');
  await expect(upstream).toContainText('0 台');

  // The demo station, under the MN and PW the upstream knows it by.
  await upstream.getByRole('button', { name: labelled('转发设备') }).click();
  const drawer = page.getByRole('dialog', { name: `转发设备 · ${UPSTREAM}` });
  await expect(drawer.getByText('尚未配置转发设备')).toBeVisible();
  await drawer.getByTestId('transfer-format-devices-add').click();
  const form = page.getByRole('dialog', { name: '添加转发设备' });
  await chooseOption(page, form.getByLabel('设备', { exact: true }), STATION, '模拟水站');
  await page.keyboard.press('Escape');
  await expect(openSelectDropdown(page)).toHaveCount(0);
  await form.getByLabel(`上级 MN · ${STATION}`, { exact: true }).fill(UPSTREAM_MN);
  await form.getByLabel(`上级密码 · ${STATION}`, { exact: true }).fill(UPSTREAM_PW);
  await expect(form.getByLabel('分钟数据 (2051)', { exact: true })).toBeChecked();
  await expect(form.getByLabel('设备运行状态 (2021)', { exact: true })).not.toBeChecked();
  await form.getByRole('button', { name: /添加因子/ }).click();
  await chooseOption(page, form.getByLabel('本平台因子 1', { exact: true }), '化学需氧量 (w01018)', 'w01018');
  await form.getByLabel('小数位 1', { exact: true }).fill('2');
  const from = form.getByLabel('起始时间', { exact: true });
  const fromText = pickerText(Date.now() - FROM_MINUTES_AGO * 60_000);
  await from.click();
  await from.fill(fromText);
  await from.press('Enter');
  await expect(from).toHaveValue(fromText);
  await form.getByRole('button', { name: /保\s*存/ }).click();
  await expect(form).toBeHidden();

  const device = rowWith(drawer, STATION);
  await expect(device).toContainText(UPSTREAM_MN);
  await expect(device).toContainText('1 个因子 · 审核后数据');
  // The status is read again every 5 s: the upstream's 9014s turn the state to acknowledged.
  await expect(device.locator('[data-state]')).toHaveAttribute('data-state', 'acknowledged', { timeout: 20_000 });
  await expect(device).toContainText('已确认');
  expect(await visibleUntranslatedKeys(page)).toEqual([]);
  expect(await blockingAxeFindings(page, `${PATH} (devices)`)).toEqual([]);
  expect(errors).toEqual([]);
});

test('the acknowledged device in English and the dark theme, its forms, the operation log line, and deleting', async ({
  page,
  context,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await context.addCookies([
    { name: 'language', value: 'en-US', url: baseURL() },
    { name: 'theme', value: 'dark', url: baseURL() },
  ]);
  await signInViaApi(page, credentialsOf('admin'), PATH);
  const screen = page.getByTestId('transfer-format-page');
  const upstream = rowWith(screen, UPSTREAM);
  await expect(upstream).toContainText('10 s × 3');
  await expect(upstream).toContainText('HJ 212-2017');

  // The upstream's form, as saved.
  await upstream.getByRole('button', { name: /Edit/ }).click();
  const edit = page.getByRole('dialog', { name: 'Edit upstream platform' });
  await expect(edit.getByLabel('System code (ST)', { exact: true })).toHaveValue('21');
  expect(await blockingAxeFindings(page, `${PATH} (upstream form, en-US, dark)`, { include: '.ant-modal' })).toEqual(
    [],
  );
  await edit.getByRole('button', { name: /Cancel/ }).click();
  await expect(edit).toBeHidden();

  await upstream.getByRole('button', { name: labelled('Devices') }).click();
  const drawer = page.getByRole('dialog', { name: `Forwarded devices · ${UPSTREAM}` });
  const device = rowWith(drawer, STATION);
  await expect(device).toContainText('Acknowledged');
  await expect(device).toContainText('Minute data (2051)');
  expect(await visibleUntranslatedKeys(page)).toEqual([]);
  expect(await blockingAxeFindings(page, `${PATH} (devices, en-US, dark)`)).toEqual([]);

  // The device's form, as saved: its MN upstream, the factor map line.
  await device.getByRole('button', { name: /Edit/ }).click();
  const form = page.getByRole('dialog', { name: 'Edit forwarded device' });
  await expect(form.getByLabel(`Upstream MN · ${STATION}`, { exact: true })).toHaveValue(UPSTREAM_MN);
  await expect(form.getByLabel('Decimals 1', { exact: true })).toHaveValue('2');
  expect(await blockingAxeFindings(page, `${PATH} (device form, en-US, dark)`, { include: '.ant-modal' })).toEqual([]);
  await form.getByRole('button', { name: /Cancel/ }).click();
  await expect(form).toBeHidden();

  // Stopping the device's forwarding, after confirming.
  await device.getByRole('button', { name: /Delete/ }).click();
  await page
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /^Delete$/ })
    .click();
  await expect(drawer.getByText('No devices forwarded yet')).toBeVisible();
  await drawer.getByRole('button', { name: 'Close' }).click();

  // The upstream deleted, after confirming.
  await upstream.getByRole('button', { name: /Delete/ }).click();
  await confirmDelete(page);
  await expect(upstream).toHaveCount(0);

  // The forwarding service's state change is in the operation log, by the system rather than a user. Found by its
  // path: the other worker's tests write log lines meanwhile, which can push it off the first page.
  await page.goto('/system/log');
  const log = page.getByTestId('system-log');
  const filters = log.getByRole('search');
  await filters.getByLabel('Path', { exact: true }).fill('/manager/settings/transferformat/status');
  await filters.getByRole('button', { name: /Search/ }).click();
  const logged = rowWith(log, '/manager/settings/transferformat/status').first();
  await expect(logged).toContainText('System');
  await expect(logged).toContainText('FORWARD');
  expect(errors).toEqual([]);
});
