import { expect, type Locator, type Page, test } from '@playwright/test';
import { blockingAxeFindings } from './specs-support/axe.js';
import { DeviceApi, deviceBody, uniquePrefix } from './specs-support/devices-api.js';
import { visibleUntranslatedKeys } from './specs-support/i18n-scan.js';
import { chooseOption } from './specs-support/report-helpers.js';
import { credentialsOf, signInViaApi } from './specs-support/session.js';
import { baseURL } from './support/env.js';

/**
 * Settings › counter control against the demo: a simulated station answers 'read real-time interval' (1061)
 * in the three-step flow, so the command the console queued ends executed with the station's packets and its
 * upload in the drawer; a command to a station that never connects waits in the queue and is withdrawn. Then
 * the screen in English and the dark theme.
 */

const PATH = '/settings/counter-control';
const STATION = '模拟水站 1';

function rows(screen: Locator): Locator {
  return screen.locator('.ant-table-tbody tr.ant-table-row');
}

/** Opens the new-command form and queues `command` to `device` (waiting `wait` minutes for it when given). */
async function queueCommand(page: Page, screen: Locator, device: string, command: string, wait?: number) {
  await screen.getByTestId('counter-control-add').click();
  const form = page.getByTestId('counter-control-form');
  await chooseOption(page, form.getByLabel('设备', { exact: true }), device, device);
  await chooseOption(page, form.getByLabel('指令', { exact: true }), command);
  if (wait !== undefined) await form.getByLabel('等待站点（分钟）').fill(String(wait));
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /^下\s*发$/ })
    .click();
  await expect(form).toBeHidden();
}

test('a command to a demo station is queued, sent and executed, its packets and upload in the drawer', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await (await DeviceApi.signIn(request)).onlineDemoStation(STATION);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await signInViaApi(page, credentialsOf('admin'), PATH);
  const screen = page.getByTestId('counter-control-page');

  await queueCommand(page, screen, STATION, '1061 — 提取实时数据间隔');
  const added = rows(screen).first();
  await expect(added).toContainText(STATION);
  await expect(added).toContainText('1061 — 提取实时数据间隔');
  // The list reads itself again while the command is on its way: no click needed.
  await expect(added).toContainText('执行成功', { timeout: 60_000 });
  await expect(added).toContainText('QnRtn 1');
  await expect(added).toContainText('ExeRtn 1');

  await added.getByRole('button', { name: /报文/ }).click();
  const drawer = page.getByTestId('counter-control-exchange');
  await expect(drawer).toBeVisible();
  const packets = drawer.getByTestId('counter-control-packets');
  await expect(packets).toContainText('CN=1061');
  await expect(packets).toContainText('下发');
  await expect(packets).toContainText('接收');
  // The request, the station's answer (9011), its upload (1061) and its result (9012), at least.
  await expect.poll(() => packets.locator('.ant-timeline-item').count()).toBeGreaterThanOrEqual(4);
  await expect(drawer.getByTestId('counter-control-uploads')).toContainText('实时数据间隔（秒）');
  expect(await blockingAxeFindings(page, `${PATH} packets`, { include: '.ant-drawer' })).toEqual([]);
  expect(errors).toEqual([]);
});

test('a command to a station that is not connected waits in the queue and can be withdrawn', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const api = await DeviceApi.signIn(request);
  const prefix = uniquePrefix('CC');
  const name = `离线站${prefix}`;
  const device = await api.add(deviceBody(`${prefix}01`, name, await api.adminId()));
  try {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await signInViaApi(page, credentialsOf('admin'), PATH);
    const screen = page.getByTestId('counter-control-page');

    await queueCommand(page, screen, name, '1061 — 提取实时数据间隔', 1);
    const queued = rows(screen).filter({ hasText: name }).first();
    await expect(queued).toContainText('排队中');
    // Still waiting a moment later: nobody is there to send it to.
    await page.waitForTimeout(3_000);
    await expect(queued).toContainText('排队中');

    await queued.getByRole('button', { name: /撤回/ }).click();
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /^撤\s*回$/ })
      .click();
    await expect(queued).toContainText('已撤回');
    await expect(queued.getByRole('button', { name: /撤回/ })).toBeDisabled();
    expect(errors).toEqual([]);
  } finally {
    await api.remove(device.id);
  }
});

test('the counter-control screen reads in English in the dark theme, with no untranslated key', async ({
  page,
  context,
}) => {
  await context.addCookies([
    { name: 'language', value: 'en-US', url: baseURL() },
    { name: 'theme', value: 'dark', url: baseURL() },
  ]);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await signInViaApi(page, credentialsOf('admin'), PATH);
  const screen = page.getByTestId('counter-control-page');
  await expect(screen.getByRole('button', { name: 'New command' })).toBeVisible();
  await screen.getByTestId('counter-control-add').click();
  const form = page.getByTestId('counter-control-form');
  await expect(form.getByLabel('Wait for the station (min)')).toHaveValue('10');
  await chooseOption(page, form.getByLabel('Device', { exact: true }), STATION, STATION);
  await chooseOption(page, form.getByLabel('Command', { exact: true }), /^3016 — /, '3016');
  await expect(form.getByLabel('Sampling start')).toBeVisible();
  expect(await blockingAxeFindings(page, `${PATH} form`, { include: '.ant-modal' })).toEqual([]);
  expect(await visibleUntranslatedKeys(page)).toEqual([]);
  expect(errors).toEqual([]);
});
