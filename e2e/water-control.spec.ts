import { expect, type Locator, type Page, test } from '@playwright/test';
import { blockingAxeFindings } from './specs-support/axe.js';
import { DeviceApi } from './specs-support/devices-api.js';
import { visibleUntranslatedKeys } from './specs-support/i18n-scan.js';
import { chooseOption } from './specs-support/report-helpers.js';
import { credentialsOf, signInViaApi } from './specs-support/session.js';
import { baseURL } from './support/env.js';

/**
 * Water station › control against a demo water station (surface water, ST 21): the simulated station carries
 * out what the panel sends in the three-step flow, so 'sample now' ends executed with the bottle the sample went
 * to, and the station's log read afterwards holds the sampling line. The demo operator may watch but not send.
 * Then the panel in English in the dark theme. Each test signs in itself.
 */

const PATH = '/water/control';
const STATION = '模拟水站 1';
/** A command's way to the station and back: queued, sent, answered (the station is polled every 2 s). */
const ANSWER_TIMEOUT = 60_000;

async function chooseStation(page: Page, label: string): Promise<Locator> {
  const screen = page.getByTestId('water-control-page');
  await chooseOption(page, screen.getByLabel(label, { exact: true }), new RegExp(`^${STATION} \\(`), STATION);
  await expect(screen.getByTestId('water-control-panel')).toBeVisible();
  return screen;
}

test('admin samples at a demo water station: executed, with its bottle; the log read shows the sampling line', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  await (await DeviceApi.signIn(request)).onlineDemoStation(STATION);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await signInViaApi(page, credentialsOf('admin'), PATH);
  const screen = page.getByTestId('water-control-page');
  await expect(screen.getByText('请选择要控制的水站。')).toBeVisible();
  await chooseStation(page, '站点');

  // A surface-water station is offered the variant's control too.
  await expect(screen.getByRole('button', { name: '紧急停止' })).toBeEnabled();
  const sample = screen.getByTestId('water-control-action-3012');
  await sample.getByRole('button', { name: '即时采样' }).click();
  const state = sample.getByTestId('water-control-state');
  await expect(state).toHaveAttribute('data-state', 'executed', { timeout: ANSWER_TIMEOUT });
  await expect(state).toContainText('执行成功');
  const bottle = sample.getByTestId('water-control-facts');
  await expect(bottle).toContainText(/留样瓶号：\d+/);
  const vase = /留样瓶号：(\d+)/.exec((await bottle.textContent()) ?? '')?.[1];
  expect(vase).toBeDefined();

  const logs = screen.getByTestId('water-control-logs');
  await logs.getByRole('button', { name: '读取近 24 小时日志' }).click();
  await expect(logs.getByTestId('water-control-logs-read-at')).toBeVisible({ timeout: ANSWER_TIMEOUT });
  const lines = logs.getByTestId('water-control-log-lines');
  await expect(lines.locator('.ant-table-row').first()).toBeVisible();
  await expect(lines).toContainText(`immediate sampling: sample kept in bottle ${vase}`);
  // The light theme, with answers, tags and log lines shown (the menu walk sees the screen before a station is chosen).
  expect(await blockingAxeFindings(page, PATH, { include: '[data-testid="water-control-page"]' })).toEqual([]);
  await screen.screenshot({ path: test.info().outputPath('water-control-light.png') });
  expect(errors).toEqual([]);
});

test('the demo operator may watch a water station but not send: the buttons are disabled and say why', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await signInViaApi(page, credentialsOf('operator'), PATH);
  const screen = page.getByTestId('water-control-page');
  await expect(screen.getByTestId('water-control-read-only')).toContainText('不能下发指令');
  await chooseStation(page, '站点');

  const sample = screen.getByRole('button', { name: '即时采样' });
  await expect(sample).toBeDisabled();
  await expect(screen.getByRole('button', { name: '紧急停止' })).toBeDisabled();
  const readLogs = screen.getByTestId('water-control-logs').getByRole('button', { name: '读取近 24 小时日志' });
  await expect(readLogs).toBeDisabled();
  // The tooltip of a disabled button opens over its wrapper.
  await sample.hover({ force: true });
  await expect(page.getByRole('tooltip')).toContainText('您的角色没有向水站下发指令的权限');
  // The logs stay readable: the table is there, with lines or the word that none were read.
  await expect(screen.getByTestId('water-control-log-lines')).toBeVisible();
  expect(errors).toEqual([]);
});

/** The mean of a CSS colour's channels (0–255). */
const brightness = (color: string): number => {
  const channels = (color.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number);
  return channels.reduce((sum, c) => sum + c, 0) / Math.max(1, channels.length);
};

test('the panel reads in English in the dark theme, with no untranslated key and no accessibility violation', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await context.addCookies([
    { name: 'language', value: 'en-US', url: baseURL() },
    { name: 'theme', value: 'dark', url: baseURL() },
  ]);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await signInViaApi(page, credentialsOf('admin'), PATH);
  const screen = page.getByTestId('water-control-page');
  await expect(screen.getByText('Choose a water station to control.')).toBeVisible();
  await chooseStation(page, 'Station');

  const panel = screen.getByTestId('water-control-panel');
  await expect(panel.getByRole('heading', { name: 'Sampling and retention' })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Sample now' })).toBeEnabled();
  await expect(panel.getByRole('button', { name: 'Emergency stop' })).toBeVisible();
  await expect(panel.getByLabel('Factor', { exact: true })).toBeVisible();
  await expect(screen.getByTestId('water-control-logs')).toContainText('Station logs');
  // antd's dark algorithm: the panel itself is dark, not only the chrome.
  const background = await panel.evaluate((element) => getComputedStyle(element).backgroundColor);
  expect(brightness(background)).toBeLessThan(60);

  await expect(page.locator('.ant-spin-spinning').filter({ visible: true })).toHaveCount(0);
  expect(await visibleUntranslatedKeys(page)).toEqual([]);
  expect(await blockingAxeFindings(page, PATH, { include: '[data-testid="water-control-page"]' })).toEqual([]);
  expect(errors).toEqual([]);
});
