import { expect, type APIRequestContext, type Locator, type Page, test } from '@playwright/test';
import { DeviceApi, deviceBody, uniquePrefix } from './specs-support/devices-api.js';
import { chooseOption } from './specs-support/report-helpers.js';
import { AdminApi, apiLogin, type Credentials, credentialsOf, signInViaApi } from './specs-support/session.js';
import { nextTotp, totp } from './specs-support/totp.js';

/**
 * Remote control of demo stations through Settings › counter control, as an operator does it: a new real-time
 * interval changes how often the station uploads; a calibration (guarded) goes out with the code of an
 * enrolled authenticator and is refused without one; a command to a station that is not connected expires
 * with that reason.
 */

const PATH = '/settings/counter-control';
const MINUTE_MS = 60_000;

function rows(screen: Locator): Locator {
  return screen.locator('.ant-table-tbody tr.ant-table-row');
}

/** Opens the new-command form, chooses the device and the command, and fills the rest with `fill`. */
async function newCommand(page: Page, device: string, cn: string, fill: (form: Locator) => Promise<void>) {
  const screen = page.getByTestId('counter-control-page');
  await screen.getByTestId('counter-control-add').click();
  const form = page.getByTestId('counter-control-form');
  await chooseOption(page, form.getByLabel('设备', { exact: true }), device, device);
  // The list is long (and virtual): found by its code.
  await chooseOption(page, form.getByLabel('指令', { exact: true }), new RegExp(`^${cn} — `), cn);
  await fill(form);
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /^下\s*发$/ })
    .click();
  return form;
}

/** When the station's real-time uploads (2011) after `since` arrived, oldest first. */
async function realtimeUploads(request: APIRequestContext, token: string, deviceId: number, since: number) {
  const response = await request.get('/data/original/rest/get', {
    headers: { token },
    params: { deviceId, cn: '2011', beginTime: since, endTime: Date.now() + MINUTE_MS, pageSize: 100 },
  });
  const body = (await response.json()) as { data: { list: { receivedAt: number }[] } };
  return body.data.list.map((p) => p.receivedAt).sort((a, b) => a - b);
}

test('an operator sets a demo station’s real-time interval and the station’s uploads follow it', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const STATION = '模拟空气站 2';
  const devices = await DeviceApi.signIn(request);
  const { id: deviceId } = await devices.onlineDemoStation(STATION);
  await signInViaApi(page, credentialsOf('admin'), PATH);
  const screen = page.getByTestId('counter-control-page');
  try {
    await newCommand(page, STATION, '1062', (form) => form.getByLabel('实时数据间隔（秒）').fill('60'));
    const sent = rows(screen).first();
    await expect(sent).toContainText('1062 — 设置实时数据间隔');
    await expect(sent).toContainText('执行成功', { timeout: 60_000 });
    const executedAt = Date.now();
    // The demo stations upload every 30 s; from now on every 60 s: two uploads after the change, a minute apart.
    await expect
      .poll(async () => (await realtimeUploads(request, devices.token, deviceId, executedAt)).length, {
        timeout: 150_000,
        intervals: [5_000],
      })
      .toBeGreaterThanOrEqual(2);
    const [first, second] = await realtimeUploads(request, devices.token, deviceId, executedAt);
    expect((second ?? 0) - (first ?? 0)).toBeGreaterThanOrEqual(55_000);
  } finally {
    // Back to the demo's 30 s, for the specs after this one.
    const restored = await request.post('/manager/settings/countercontrol/rest/update', {
      headers: { token: devices.token },
      data: { deviceId, cn: '1062', parameters: { RtdInterval: '30' } },
    });
    expect(((await restored.json()) as { status: number }).status).toBe(200);
  }
});

test('a calibration goes out with the code of an enrolled authenticator, and is refused without one', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const STATION = '模拟水站 2';
  const admin = await AdminApi.signIn(request);
  const operator: Credentials = await admin.userWithResources(
    ['settings', 'settings.counter-control', 'settings.counter-control:write', 'settings.dynamic-code'],
    'calibrator',
    'Calib-e2e@1234',
  );
  // Enrolled as an authenticator app is: the key from the enrolment, confirmed with its first code.
  const token = await apiLogin(request, operator);
  const enrolment = await request.post('/manager/settings/dynamicCode/rest/get', { headers: { token }, data: {} });
  const { secret } = ((await enrolment.json()) as { data: { secret: string } }).data;
  const confirmed = await request.post('/manager/settings/dynamicCode/rest/confirm', {
    headers: { token },
    data: { code: totp(secret) },
  });
  expect(((await confirmed.json()) as { data: { confirmed: boolean } }).data.confirmed).toBe(true);

  await (await DeviceApi.signIn(request)).onlineDemoStation(STATION);
  await signInViaApi(page, operator, PATH);
  const screen = page.getByTestId('counter-control-page');

  // Without the code: the server refuses, nothing is queued.
  const refused = await newCommand(page, STATION, '3011', async (form) => {
    await chooseOption(page, form.getByLabel('监测因子', { exact: true }), /w01018/, 'w01018');
  });
  await expect(page.getByText('该操作需要动态码！').first()).toBeVisible();
  await expect(rows(screen).filter({ hasText: '3011 — 零点/量程校准' })).toHaveCount(0);

  // With the code the app shows now (the confirmation used this step's: the next one is accepted).
  await refused.getByTestId('counter-control-code').fill(nextTotp(secret));
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /^下\s*发$/ })
    .click();
  await expect(refused).toBeHidden();
  const calibration = rows(screen).filter({ hasText: '3011 — 零点/量程校准' }).first();
  await expect(calibration).toContainText('执行成功', { timeout: 60_000 });
});

test('a command to a station that is not connected expires with that reason', async ({ page, request }) => {
  test.setTimeout(90_000);
  const devices = await DeviceApi.signIn(request);
  const prefix = uniquePrefix('EXP');
  const name = `未连接站${prefix}`;
  const device = await devices.add(deviceBody(`${prefix}01`, name, await devices.adminId()));
  try {
    await signInViaApi(page, credentialsOf('admin'), PATH);
    const screen = page.getByTestId('counter-control-page');
    // No wait: a station not connected when the command's turn comes lets it expire at once.
    await newCommand(page, name, '1061', (form) => form.getByLabel('等待站点（分钟）').fill('0'));
    const expired = rows(screen).filter({ hasText: name }).first();
    await expect(expired).toContainText('已过期', { timeout: 30_000 });
    await expect(expired).toContainText('站点未连接，指令已过期');
  } finally {
    await devices.remove(device.id);
  }
});
