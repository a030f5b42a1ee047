import { expect, test } from '@playwright/test';
import { credentialsOf, signInViaApi } from './specs-support/session.js';

/**
 * Issue 14, point 10: the demo alarms by itself. The e2e server runs the demo (DEMO=1, a fresh
 * database): its simulated stations take turns at an hourly episode over their seeded thresholds,
 * so a current alarm of a demo station appears within about a minute of start — three at most —
 * and the overflow station is on the real-time overflow screen from the first start.
 */

const ALARM = '/manager/alarm/rest';
/** The demo's stations are the simulator's: MNs SIMW… (water), SIMA… (air), SIMO… (overflow). */
const DEMO_MN = /^SIM[WAO]\d{4}/;
const OVERFLOW_STATION = '模拟溢流站 1';
const DEMO_WINDOW_MS = 180_000;

interface CurrentAlarm {
  deviceCode: string;
  deviceName: string;
}

test('the demo raises an alarm by itself within 3 minutes, and the overflow screen lists its overflow station', async ({
  page,
}) => {
  test.setTimeout(DEMO_WINDOW_MS + 40_000);
  const token = await signInViaApi(page, credentialsOf('admin'), '/system/user');

  // The alarm API with the signed-in session: a current alarm of a demo station, raised by nobody but the demo.
  let first: CurrentAlarm | undefined;
  await expect
    .poll(
      async () => {
        const response = await page.request.get(`${ALARM}/getCurrent`, { headers: { token } });
        const alarms = ((await response.json()) as { data: CurrentAlarm[] }).data;
        first = alarms.find((alarm) => DEMO_MN.test(alarm.deviceCode));
        return first?.deviceCode ?? 'none yet';
      },
      { timeout: DEMO_WINDOW_MS, intervals: [2_000, 5_000] },
    )
    .toMatch(DEMO_MN);

  // The badge counts it and its dialog lists a demo station.
  await page.reload();
  const badge = page.getByTestId('alarm-badge');
  await expect(page.locator('.ant-badge', { has: badge }).locator('.ant-badge-count')).toBeVisible();
  await badge.click();
  const dialog = page.getByRole('dialog', { name: '当前告警' });
  await expect(
    dialog
      .getByRole('row')
      .filter({ hasText: /模拟(水站|空气站|溢流站) \d/ })
      .first(),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The alarm list shows it too.
  await page.goto('/alarm/list');
  await expect(
    page
      .getByRole('row')
      .filter({ hasText: /模拟(水站|空气站|溢流站) \d/ })
      .first(),
  ).toBeVisible();

  // The overflow screen lists the overflow station, with a level and its three overflow types.
  await page.goto('/realtime/overflow');
  const card = page.getByTestId('overflow-station').filter({ hasText: OVERFLOW_STATION });
  await expect(card).toHaveCount(1);
  await expect(card.getByTestId('overflow-state')).toHaveCount(3);
  await expect(card.getByTestId('overflow-level')).not.toContainText('—', { timeout: 40_000 });
});
