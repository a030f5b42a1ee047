import { readFileSync } from 'node:fs';
import { expect, type Locator, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { visibleUntranslatedKeys } from './specs-support/i18n-scan.js';
import {
  chartTextBrightness,
  chooseOption,
  DARK_TEXT_MIN,
  LIGHT_TEXT_MAX,
  searchUntil,
} from './specs-support/report-helpers.js';
import { chooseFromDropdown, credentialsOf, labelled, signInViaApi, tabBar } from './specs-support/session.js';

/**
 * The query screens (history, original packets, other data, aggregated data, AI, video) and the statistics
 * reports (transmission, summaries, isotope, odour rose) of issue 6 on the demo stations, whose hour and day
 * history the demo backfills on start: each finds the demo's data — or says why there is none where the demo
 * has none (no station state packets, cameras or isotope factors) — the charts follow the theme and the labels
 * the language chosen in the header, and the monthly summary's export is read back.
 */

/** The first simulated water station, and the first air station: it measures wind (apps/server/src/simulator/). */
const STATION = '模拟水站 1';
const AIR_STATION = '模拟空气站 1';
/** SO2, which the air stations send beside wind direction and speed. */
const ROSE_FACTOR = 'a21026';

const NUMBER = /^-?\d+(\.\d+)?$/;

const SCREENS = {
  history: { path: '/query/history', testId: 'query-history-page', zh: '历史数据', en: 'History data' },
  original: { path: '/query/original', testId: 'query-original-page', zh: '原始报文', en: 'Original packets' },
  other: { path: '/query/other', testId: 'query-other-page', zh: '其他数据', en: 'Other data' },
  gather: { path: '/query/gather', testId: 'query-gather-page', zh: '汇总数据', en: 'Aggregated data' },
  ai: { path: '/query/ai', testId: 'query-ai-page', zh: '智能分析', en: 'AI analysis' },
  video: { path: '/query/video', testId: 'query-video-page', zh: '视频查询', en: 'Video' },
  transmission: {
    path: '/report/transmission',
    testId: 'report-transmission-page',
    zh: '数据传输率',
    en: 'Data transmission',
  },
  summary: { path: '/report/summary', testId: 'report-summary-page', zh: '汇总报表', en: 'Summaries' },
  isotope: { path: '/report/isotope', testId: 'report-isotope-page', zh: '同位素报表', en: 'Isotope' },
  odorRose: { path: '/report/odor-rose', testId: 'report-odor-rose-page', zh: '气味玫瑰图', en: 'Odour rose' },
} as const;

type Screen = (typeof SCREENS)[keyof typeof SCREENS];

/** Signs in as admin on a screen's route and waits for its tab. */
async function signInOn(page: Page, screen: Screen): Promise<Locator> {
  await signInViaApi(page, credentialsOf('admin'), screen.path);
  return shown(page, screen, 'zh');
}

/** Opens a screen of the same menu group from the side menu (no page load), in the language of the header. */
async function openFromMenu(page: Page, screen: Screen, lang: 'zh' | 'en' = 'zh'): Promise<Locator> {
  await page
    .locator('.app-sider')
    .getByRole('menuitem', { name: labelled(screen[lang]) })
    .click();
  return shown(page, screen, lang);
}

async function shown(page: Page, screen: Screen, lang: 'zh' | 'en'): Promise<Locator> {
  await expect(tabBar(page).getByRole('tab', { name: screen[lang], exact: true, selected: true })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${screen.path}$`));
  const root = page.getByTestId(screen.testId);
  await expect(root).toBeVisible();
  return root;
}

/** The rows of a table's body (antd's measure row aside). */
function bodyRows(table: Locator): Locator {
  return table.locator('.ant-table-tbody tr.ant-table-row');
}

async function cellTexts(row: Locator): Promise<string[]> {
  return (await row.locator('td').allInnerTexts()).map((text) => text.trim());
}

async function switchTheme(page: Page, label: '主题' | 'Theme', choice: string): Promise<void> {
  await page.getByRole('button', { name: label, exact: true }).click();
  await chooseFromDropdown(page, choice);
}

async function switchLanguage(page: Page, label: '语言' | 'Language', choice: string): Promise<void> {
  await page.getByRole('button', { name: label, exact: true }).click();
  await chooseFromDropdown(page, choice);
}

/** The previous month in the server's zone (Asia/Shanghai), 'YYYY-MM': all its days are in the demo's day data. */
function lastMonth(): string {
  const [year = 0, month = 0] = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Shanghai',
    year: 'numeric',
    month: '2-digit',
  })
    .format(new Date())
    .split('-')
    .map(Number);
  const first = new Date(Date.UTC(year, month - 2, 1));
  return `${first.getUTCFullYear()}-${String(first.getUTCMonth() + 1).padStart(2, '0')}`;
}

async function background(locator: Locator): Promise<string> {
  return locator.evaluate((element) => getComputedStyle(element).backgroundColor);
}

function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  return errors;
}

test('the query screens find the demo station data and follow the theme and the language chosen in the header', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const errors = collectPageErrors(page);

  // History: it opens on the first device and its first factors over the latest week of hours.
  const history = await signInOn(page, SCREENS.history);
  await expect(history.getByTestId('history-devices').getByTitle(STATION, { exact: true })).toBeVisible();
  const historyRows = bodyRows(history);
  await searchUntil(history, history.getByTestId('history-search'), () =>
    expect(historyRows.first()).toBeVisible({ timeout: 5_000 }),
  );
  const firstHistory = await cellTexts(historyRows.first());
  expect(firstHistory[0]).toBe(STATION);
  expect(firstHistory[1]).toBe('SIMW0001000000000000');
  expect(firstHistory[2]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:00$/);
  expect(firstHistory.slice(3).filter((text) => NUMBER.test(text)).length).toBeGreaterThan(0);
  const historyChart = history.getByTestId('history-chart');
  await expect(historyChart.locator('canvas').first()).toBeVisible();

  // Original packets of the station over the last day: its uploads, accepted.
  const original = await openFromMenu(page, SCREENS.original);
  await chooseOption(page, original.getByRole('search').getByRole('combobox').first(), STATION);
  await original
    .getByRole('search')
    .getByRole('button', { name: /查\s*询/ })
    .click();
  const packets = bodyRows(original);
  await expect(packets.first()).toContainText(STATION);
  await expect(packets.first()).toContainText('已接收');
  await expect(packets.filter({ hasNotText: STATION })).toHaveCount(0);

  // Other data: the simulated stations send no state packets (CN 2021/2041/2081/3020), so each kind says so.
  const other = await openFromMenu(page, SCREENS.other);
  await expect(other.getByText('请选择设备', { exact: true }).last()).toBeVisible();
  await chooseOption(page, other.getByTestId('other-device'), STATION);
  for (const kind of ['运行状态', '重启时间']) {
    await other.getByText(kind, { exact: true }).click();
    await expect(other.locator('.ant-empty').getByText('该时间范围内没有此类数据')).toBeVisible();
  }
  await expect(other.getByTestId('other-export')).toBeEnabled();

  // Aggregated data of the one station per hour: a chart of the averages and their table.
  const gather = await openFromMenu(page, SCREENS.gather);
  await gather.getByText('自选设备', { exact: true }).click();
  await chooseOption(page, gather.getByTestId('gather-devices'), STATION);
  await page.keyboard.press('Escape');
  const gathered = bodyRows(gather);
  await searchUntil(gather, gather.getByTestId('gather-search'), () =>
    expect(gathered.first()).toBeVisible({ timeout: 5_000 }),
  );
  await expect(gather.getByText('分组内设备 1 台')).toBeVisible();
  await expect(gather.getByTestId('gather-chart').locator('canvas').first()).toBeVisible();
  const firstGathered = await cellTexts(gathered.first());
  expect(firstGathered[0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}/);
  expect(firstGathered.slice(2, 5)).toEqual([
    expect.stringMatching(NUMBER),
    expect.stringMatching(NUMBER),
    expect.stringMatching(NUMBER),
  ]);
  expect(firstGathered[5]).toBe('1');

  // AI: the station's real-time engineering values; it sends no analog (-Ai) field, so that column is '-'.
  const ai = await openFromMenu(page, SCREENS.ai);
  await chooseOption(page, ai.getByTestId('ai-device'), STATION);
  const aiRows = bodyRows(ai);
  await expect(aiRows.first()).toBeVisible();
  const firstAi = await cellTexts(aiRows.first());
  expect(firstAi[0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  expect(firstAi[2]).toMatch(NUMBER);
  expect(firstAi[4]).toBe('-');

  // Video: the demo attaches no camera to any device.
  const video = await openFromMenu(page, SCREENS.video);
  await expect(video.getByText('没有可查看的摄像头')).toBeVisible();
  await chooseOption(page, video.getByRole('combobox'), STATION);
  await expect(video.getByText('没有可查看的摄像头')).toBeVisible();

  // Back to the history chart: in the dark theme it is drawn again with light text, then in English.
  await openFromMenu(page, SCREENS.history);
  await expect(historyChart.locator('canvas').first()).toBeVisible();
  await expect.poll(() => chartTextBrightness(historyChart)).toBeGreaterThanOrEqual(0);
  expect(await chartTextBrightness(historyChart)).toBeLessThan(LIGHT_TEXT_MAX);
  const lightCard = await background(history);
  await switchTheme(page, '主题', '深色');
  await expect.poll(() => chartTextBrightness(historyChart)).toBeGreaterThan(DARK_TEXT_MIN);
  expect(await background(history)).not.toBe(lightCard);
  await switchLanguage(page, '语言', 'English');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await expect(tabBar(page).getByRole('tab', { name: SCREENS.history.en, selected: true })).toBeVisible();
  await expect(history.getByRole('columnheader', { name: 'Device name' })).toBeVisible();
  await expect(history.getByTestId('history-search')).toHaveText(/Search/);
  await expect.poll(() => chartTextBrightness(historyChart)).toBeGreaterThan(DARK_TEXT_MIN);
  expect(await visibleUntranslatedKeys(page)).toEqual([]);

  // The other query screens in English.
  const english: [Screen, string][] = [
    [SCREENS.original, 'Received at'],
    [SCREENS.other, 'Please choose a device'],
    [SCREENS.gather, 'Group by'],
    [SCREENS.ai, 'Real-time'],
    [SCREENS.video, 'No camera to watch'],
  ];
  for (const [screen, label] of english) {
    const root = await openFromMenu(page, screen, 'en');
    await expect(root.getByText(label, { exact: true }).first()).toBeVisible();
    expect(await visibleUntranslatedKeys(page), `untranslated keys on ${screen.path}`).toEqual([]);
  }
  expect(errors).toEqual([]);
});

test('the statistics reports compute for the demo stations and follow the theme and the language chosen in the header', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const errors = collectPageErrors(page);

  // Transmission of the station's hour data this month: expected, received and the daily rows.
  const transmission = await signInOn(page, SCREENS.transmission);
  await chooseOption(page, transmission.getByTestId('transmission-device'), STATION);
  const perDevice = bodyRows(transmission.getByTestId('transmission-devices'));
  await searchUntil(transmission, transmission.getByTestId('transmission-search'), () =>
    expect(perDevice.first().locator('td').nth(3)).not.toHaveText('0', { timeout: 5_000 }),
  );
  const device = await cellTexts(perDevice.first());
  expect(device.slice(0, 2)).toEqual([STATION, 'SIMW0001000000000000']);
  expect(Number(device[2])).toBeGreaterThan(0);
  expect(device[5]).toMatch(NUMBER);
  await expect(perDevice).toHaveCount(1);
  const days = bodyRows(transmission.getByTestId('transmission-days'));
  await expect(days.first()).toContainText(STATION);
  await expect(days.first().locator('td').nth(2)).toHaveText(/^\d{4}-\d{2}-\d{2}$/);

  // Isotope: the demo's catalogue marks no factor as an isotope, so the report says how to configure one.
  const isotope = await openFromMenu(page, SCREENS.isotope);
  await isotope.getByTestId('isotope-search').click();
  await expect(isotope.getByTestId('isotope-no-factors')).toBeVisible();
  await expect(isotope.getByText(/尚未配置同位素因子/)).toBeVisible();
  await expect(isotope.getByTestId('report-export')).toBeDisabled();

  // Odour rose of the air station's SO2 over the last week of hours: 16 sectors, a polar chart.
  const rose = await openFromMenu(page, SCREENS.odorRose);
  await chooseOption(page, rose.getByTestId('rose-device'), AIR_STATION);
  await chooseOption(page, rose.getByTestId('rose-factor'), new RegExp(`\\(${ROSE_FACTOR}\\)$`), ROSE_FACTOR);
  const summary = rose.getByTestId('rose-summary');
  await searchUntil(rose, rose.getByTestId('rose-search'), () => expect(summary).toBeVisible({ timeout: 5_000 }));
  await expect(summary).toContainText(AIR_STATION);
  const samples = Number(/有效样本 (\d+) 个/.exec(await summary.innerText())?.[1]);
  expect(samples).toBeGreaterThan(0);
  await expect(bodyRows(rose.getByTestId('rose-sectors'))).toHaveCount(16);
  await expect(bodyRows(rose.getByTestId('rose-sectors')).first().locator('td').first()).toHaveText('N');
  const chart = rose.getByTestId('rose-chart');
  await expect.poll(() => chartTextBrightness(chart)).toBeGreaterThanOrEqual(0);
  expect(await chartTextBrightness(chart)).toBeLessThan(LIGHT_TEXT_MAX);

  await switchTheme(page, '主题', '深色');
  await expect.poll(() => chartTextBrightness(chart)).toBeGreaterThan(DARK_TEXT_MIN);
  await switchLanguage(page, '语言', 'English');
  await expect(tabBar(page).getByRole('tab', { name: SCREENS.odorRose.en, selected: true })).toBeVisible();
  await expect(rose.getByRole('columnheader', { name: 'Sector' })).toBeVisible();
  await expect(summary).toContainText(`${samples} valid samples`);
  await expect.poll(() => chartTextBrightness(chart)).toBeGreaterThan(DARK_TEXT_MIN);
  expect(await visibleUntranslatedKeys(page)).toEqual([]);

  // The other reports in English.
  const english: [Screen, string][] = [
    [SCREENS.transmission, 'Threshold (%)'],
    [SCREENS.summary, 'Monthly'],
    [SCREENS.isotope, 'Set the filters, then click Search'],
  ];
  for (const [screen, label] of english) {
    const root = await openFromMenu(page, screen, 'en');
    await expect(root.getByText(label, { exact: true }).first()).toBeVisible();
    expect(await visibleUntranslatedKeys(page), `untranslated keys on ${screen.path}`).toEqual([]);
  }
  expect(errors).toEqual([]);
});

test('the monthly summary shows the demo stations last month and exports what it shows', async ({ page }) => {
  test.setTimeout(90_000);
  const summary = await signInOn(page, SCREENS.summary);
  const month = lastMonth();
  const picker = summary.getByRole('search').locator('.ant-picker input');
  await picker.click();
  await picker.fill(month);
  await picker.press('Enter');
  await expect(picker).toHaveValue(month);

  const rows = bodyRows(summary.getByTestId('summary-rows'));
  await searchUntil(summary, summary.getByTestId('summary-search'), () =>
    expect(rows.filter({ hasText: STATION }).first()).toBeVisible({ timeout: 5_000 }),
  );
  await expect(summary.getByTestId('summary-title')).toHaveText(`全部项目 月报 ${month}`);
  const total = Number(/共 (\d+) 条/.exec(await summary.locator('.ant-pagination-total-text').innerText())?.[1]);
  expect(total).toBeGreaterThan(0);
  const first = await cellTexts(rows.first());
  // Device, MN, factor, unit, then average, minimum and maximum.
  expect(first.slice(4, 7)).toEqual([
    expect.stringMatching(NUMBER),
    expect.stringMatching(NUMBER),
    expect.stringMatching(NUMBER),
  ]);

  const downloading = page.waitForEvent('download');
  await summary.getByTestId('report-export').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(readFileSync(await download.path()) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const row = (n: number) => ((sheet?.getRow(n).values as unknown[] | undefined) ?? []).slice(1);
  // Title and period lines, the header row, then a row per station and factor as on the screen.
  expect(row(1)).toEqual(['全部项目 月汇总报表']);
  expect(row(2)).toEqual([`统计时段：${month}`]);
  expect(row(3)).toEqual([
    '序号',
    '设备名称',
    'MN',
    '监测因子',
    '单位',
    '平均值',
    '最小值',
    '最大值',
    '数据个数',
    '有效个数',
    '超标次数',
    '达标率(%)',
    '应有个数',
    '完整率(%)',
  ]);
  expect(sheet?.actualRowCount).toBe(3 + total);
  const exported = row(4);
  expect(exported[0]).toBe(1);
  expect(exported.slice(1, 4)).toEqual(first.slice(0, 3));
  // The screen rounds to the factor's decimals as the export does (either may round a half the other way).
  for (const column of [4, 5, 6]) {
    const shown = first[column] ?? '';
    const decimals = shown.split('.')[1]?.length ?? 0;
    expect(Math.abs(Number(exported[column + 1]) - Number(shown))).toBeLessThanOrEqual(10 ** -decimals + 1e-9);
  }
  expect(exported.slice(8, 11)).toEqual(first.slice(7, 10).map(Number));
});
