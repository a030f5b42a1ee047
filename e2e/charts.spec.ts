import { expect, type Locator, type Page, test } from '@playwright/test';
import { chooseOption, searchUntil } from './specs-support/report-helpers.js';
import { chooseFromDropdown, credentialsOf, labelled, signInViaApi, tabBar } from './specs-support/session.js';

/**
 * Issue 14, points 1 and 2, on the demo stations: the real-time chart, the history chart and the aggregated
 * data chart open on their newest values (the whole range while it is readable) and every line is drawn
 * against a labelled scale of its own, in both themes and languages. A canvas has no text to read: the
 * EChart wrapper writes what the drawn chart shows on its element (data-chart-state, chart-state.ts).
 */

/** The first simulated water station: six factors and more, in several units (apps/server/src/simulator/). */
const STATION = '模拟水站 1';

/** apps/web/src/components/chart/chart-state.ts */
interface ChartState {
  data: [number, number] | null;
  zoom: { xAxes: number[]; window: [number, number] }[];
  xAxes: number;
  yAxes: { name: string; labelled: boolean }[];
  series: { name: string; yAxis: number }[];
}

async function stateOf(chart: Locator): Promise<ChartState | null> {
  const text = await chart.getAttribute('data-chart-state');
  return text === null ? null : (JSON.parse(text) as ChartState);
}

/**
 * The state once the chart shows lines spanning two times or more — with a single time, any window holds
 * the newest value and the check would prove nothing.
 */
async function drawnState(chart: Locator, timeout = 30_000): Promise<ChartState> {
  let state: ChartState | null = null;
  await expect
    .poll(
      async () => {
        state = await stateOf(chart);
        return state !== null && state.series.length > 0 && state.data !== null && state.data[1] > state.data[0];
      },
      { timeout, message: 'the chart draws lines over two times or more' },
    )
    .toBe(true);
  return state as unknown as ChartState;
}

/**
 * The chart opens on its newest values — all of them when `whole` — and every line has a labelled scale:
 * its own value axis, shown with its labels and named by its unit (or, without a unit, by what it measures),
 * one axis per unit, and one zoom moving the time axes of all panels.
 */
function expectScaled(state: ChartState, what: string): void {
  for (const series of state.series) {
    expect(state.yAxes[series.yAxis], `${what}: the scale of '${series.name}'`).toMatchObject({ labelled: true });
  }
  const names = state.yAxes.map((axis) => axis.name);
  expect(new Set(names).size, `${what}: one scale per unit (${names.join(', ')})`).toBe(names.length);
}

function expectReadable(state: ChartState, what: string, whole: boolean): void {
  const [oldest, newest] = state.data ?? [0, 0];
  expect(state.zoom.length, `${what}: a data zoom`).toBeGreaterThan(0);
  for (const zoom of state.zoom) {
    expect(zoom.window[1], `${what}: the newest value is in view`).toBeGreaterThanOrEqual(newest);
    if (whole) expect(zoom.window[0], `${what}: the whole range is in view`).toBeLessThanOrEqual(oldest);
    expect(
      [...zoom.xAxes].sort((a, b) => a - b),
      `${what}: one zoom moves every panel`,
    ).toEqual([...Array(state.xAxes).keys()]);
  }
  expectScaled(state, what);
}

async function switchTheme(page: Page, label: '主题' | 'Theme', choice: string): Promise<void> {
  await page.getByRole('button', { name: label, exact: true }).click();
  await chooseFromDropdown(page, choice);
}

async function switchLanguage(page: Page, label: '语言' | 'Language', choice: string): Promise<void> {
  await page.getByRole('button', { name: label, exact: true }).click();
  await chooseFromDropdown(page, choice);
}

async function openFromMenu(page: Page, name: string, testId: string): Promise<Locator> {
  await page
    .locator('.app-sider')
    .getByRole('menuitem', { name: labelled(name) })
    .click();
  await expect(tabBar(page).getByRole('tab', { name, exact: true, selected: true })).toBeVisible();
  const root = page.getByTestId(testId);
  await expect(root).toBeVisible();
  return root;
}

test('charts open on the newest data and every line has a labelled scale of its own, in both themes and languages', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));

  // History: the first device's first factors over the latest week of hours — readable whole.
  await signInViaApi(page, credentialsOf('admin'), '/query/history');
  const history = page.getByTestId('query-history-page');
  await searchUntil(history, history.getByTestId('history-search'), () =>
    expect(history.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible({ timeout: 5_000 }),
  );
  const historyChart = history.getByTestId('history-chart');
  const historyState = await drawnState(historyChart);
  expectReadable(historyState, 'history', true);
  expect(historyState.series.length).toBeGreaterThan(1);

  // The same in the dark theme and in English: the chart is drawn again, its scales still named.
  await switchTheme(page, '主题', '深色');
  await switchLanguage(page, '语言', 'English');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await expect
    .poll(async () => (await stateOf(historyChart))?.series.map((s) => s.name))
    .not.toEqual(historyState.series.map((s) => s.name));
  expectReadable(await drawnState(historyChart), 'history, dark, English', true);

  // Aggregated data of the station per hour over the last day, in English and dark.
  const gather = await openFromMenu(page, 'Aggregated data', 'query-gather-page');
  await gather.getByText('Chosen devices', { exact: true }).click();
  await chooseOption(page, gather.getByTestId('gather-devices'), STATION);
  await page.keyboard.press('Escape');
  await searchUntil(gather, gather.getByTestId('gather-search'), () =>
    expect(gather.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible({ timeout: 5_000 }),
  );
  expectReadable(await drawnState(gather.getByTestId('gather-chart')), 'aggregated data', true);

  // Back to Chinese and light: the real-time chart of the station, its lines filled and extended live.
  await switchLanguage(page, 'Language', '中文');
  await switchTheme(page, '主题', '浅色');
  await page.goto('/realtime/chart');
  const realtime = page.getByTestId('realtime-chart-page');
  await realtime.getByTestId('device-tree').getByPlaceholder('按设备名称搜索').fill(STATION);
  await realtime.getByTestId('device-tree').locator('.ant-tree-title', { hasText: STATION }).click();
  // A fresh server's stations report every 30 s: the lines may need a minute to span two times.
  const realtimeState = await drawnState(realtime.getByTestId('realtime-chart'), 90_000);
  expectReadable(realtimeState, 'real-time', true);
  // The demo's water station sends more units than the two the chart used to label.
  expect(realtimeState.yAxes.length).toBeGreaterThan(2);
  expect(errors).toEqual([]);
});

test('report bars of several units stand on a labelled scale per unit, in both languages', async ({ page }) => {
  test.setTimeout(120_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await signInViaApi(page, credentialsOf('admin'), '/report/multi-station');

  // Every factor of the water station (none chosen): mg/L, µS/cm, ℃, NTU … and the unitless pH.
  const multi = page.getByTestId('report-multi-station-page');
  await chooseOption(page, multi.getByTestId('report-devices'), STATION, STATION);
  await page.keyboard.press('Escape');
  const chart = multi.getByTestId('report-chart');
  await searchUntil(multi, multi.getByRole('search').getByRole('button', { name: /查\s*询/ }), () =>
    expect(chart).toHaveAttribute('data-chart-state', /"series":\[\{/, { timeout: 5_000 }),
  );
  const state = (await stateOf(chart)) as ChartState;
  expectScaled(state, 'multi-station bars');
  expect(state.yAxes.length, 'the water station measures in several units').toBeGreaterThan(2);

  // The device factor bars in English: each factor beside its standard, on its unit's scale.
  await switchLanguage(page, '语言', 'English');
  await page.goto('/report/factor-bar');
  const bars = page.getByTestId('report-factor-bar-page');
  await chooseOption(page, bars.getByTestId('report-device'), STATION, STATION);
  const barChart = bars.getByTestId('report-chart');
  await searchUntil(bars, bars.getByRole('search').getByRole('button', { name: 'Search' }), () =>
    expect(barChart).toHaveAttribute('data-chart-state', /"series":\[\{/, { timeout: 5_000 }),
  );
  const barState = (await stateOf(barChart)) as ChartState;
  expectScaled(barState, 'factor bars');
  expect(barState.yAxes.length).toBeGreaterThan(2);
  expect(barState.series.map((s) => s.name)).toContain('Average');
  expect(errors).toEqual([]);
});
