import { expect, type Page, test } from '@playwright/test';
import { deviceBody, DeviceApi, uniquePrefix } from './specs-support/devices-api.js';
import { credentialsOf, signInViaApi } from './specs-support/session.js';
import { Station } from './specs-support/station.js';

/**
 * An alarm end to end (issue 5): a station's value over its threshold arrives over TCP, the alarm
 * engine raises an alarm, the WebSocket pushes it, the console shows it in the badge, its dialog
 * and a desktop notification; the operator takes the work order to handled; the station recovers
 * and the alarm clears.
 */

const THRESHOLD = '/manager/alarm/threshold/rest';
const ALARM = '/manager/alarm/rest';
const COD = 'w01018';

interface Recorded {
  title: string;
  body: string | undefined;
}

/** Desktop notifications as the page creates them (headless Chromium shows none): recorded, permission granted. */
async function recordNotifications(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shown: { title: string; body: string | undefined }[] = [];
    (window as unknown as { __notifications: typeof shown }).__notifications = shown;
    class RecordedNotification {
      static readonly permission = 'granted';
      static requestPermission(): Promise<string> {
        return Promise.resolve('granted');
      }
      constructor(title: string, options?: { body?: string }) {
        shown.push({ title, body: options?.body });
      }
      close(): void {
        // Nothing is on screen to close.
      }
    }
    Object.defineProperty(window, 'Notification', { value: RecordedNotification, configurable: true });
  });
}

function notifications(page: Page): Promise<Recorded[]> {
  return page.evaluate(() => (window as unknown as { __notifications: Recorded[] }).__notifications);
}

test('a value over its threshold raises an alarm that reaches the console, is handled as a work order and clears on recovery', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const prefix = uniquePrefix('E2EALM');
  const name = `告警测试站${prefix}`;
  const api = await DeviceApi.signIn(request);
  const headers = { token: api.token };
  const device = await api.add(deviceBody(`${prefix}01`, name, await api.adminId()));
  const threshold = await request.post(`${THRESHOLD}/add`, {
    headers,
    data: { deviceId: device.id, factorCode: COD, operator: 1, limit1: 100 },
  });
  expect((await threshold.json()) as { status: number }).toMatchObject({ status: 200 });

  const station = await Station.connect(device.deviceCode);
  try {
    await recordNotifications(page);
    // Not the dashboard: there the notification is not shown.
    await signInViaApi(page, credentialsOf('admin'), '/system/user');
    const badge = page.getByTestId('alarm-badge');
    await expect(badge).toBeVisible();
    // The push is connected once the first current-alarm load is done; give it that moment.
    await page.waitForLoadState('networkidle');

    await station.sendRealtime({ [COD]: 150.5 });

    // One notification titled '告警' names the device (the demo stations may raise alarms of their own meanwhile).
    const ours = async () =>
      (await notifications(page)).filter((n) => n.title === '告警' && n.body?.includes(name) === true);
    await expect.poll(async () => (await ours()).length).toBe(1);
    // The badge counts it.
    await expect(page.locator('.ant-badge', { has: badge }).locator('.ant-badge-count')).toBeVisible();

    // The dialog lists it with the spec's columns.
    await badge.click();
    const dialog = page.getByRole('dialog', { name: '当前告警' });
    await expect(dialog).toBeVisible();
    const row = dialog.getByRole('row').filter({ hasText: name });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('150.5');
    await expect(row).toContainText('阈值告警');
    await expect(row).toContainText('待处理');

    // The work order status opens the alarm screen on that alarm.
    await row.getByText('待处理').click();
    await expect(page).toHaveURL(/\/alarm\/list\?alarmId=\d+/);
    const drawer = page.getByTestId('work-order-drawer');
    await expect(drawer).toBeVisible();
    await drawer.getByTestId('work-order-comment').fill('现场核查中');
    await drawer.getByTestId('work-order-move-2').click();
    await expect(drawer.getByTestId('work-order-history')).toContainText('现场核查中');
    await drawer.getByTestId('work-order-comment').fill('已更换试剂');
    await drawer.getByTestId('work-order-move-3').click();
    await expect(drawer.getByTestId('work-order-history')).toContainText('已更换试剂');
    // Handled is final: no move is offered any more.
    await expect(drawer.getByTestId('work-order-move-2')).toHaveCount(0);
    await expect(drawer.getByTestId('work-order-move-3')).toHaveCount(0);
    await expect(drawer.getByTestId('work-order-move-4')).toHaveCount(0);

    // The station recovers: the alarm clears, from the server's list and from the badge's dialog.
    await station.sendRealtime({ [COD]: 20 });
    await expect
      .poll(async () => {
        const response = await request.get(`${ALARM}/getCurrent`, { headers });
        const alarms = ((await response.json()) as { data: { deviceId: number }[] }).data;
        return alarms.filter((alarm) => alarm.deviceId === device.id).length;
      })
      .toBe(0);
    await drawer.locator('.ant-drawer-close').click();
    await expect(drawer).toBeHidden();
    await badge.click();
    await expect(page.getByRole('dialog', { name: '当前告警' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: '当前告警' }).getByRole('row').filter({ hasText: name })).toHaveCount(0);
  } finally {
    await station.close();
    await api.remove(device.id);
  }
});
