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
import { chooseFromDropdown, credentialsOf, signInViaApi } from './specs-support/session.js';

/**
 * The report screens of issue 6 (single station, multi-station, contrast, factor bar, standard radar) on
 * the demo stations, whose hour and day history the demo backfills on start: each opens and computes,
 * the charts follow the theme and the labels the language chosen in the header, and the single-station
 * export is read back.
 */

/** The first simulated water station (apps/server/src/simulator/fleet.ts). */
const STATION = '模拟水站 1';
/** COD, which the water stations send. */
const CONTRAST_FACTOR = 'w01018';

const NUMBER = /^-?\d+(\.\d+)?$/;

const REPORTS = [
  { path: '/report/single-station', testId: 'report-single-station-page', zh: '单站报表', en: 'Single station' },
  { path: '/report/multi-station', testId: 'report-multi-station-page', zh: '多站报表', en: 'Multi-station' },
  { path: '/report/contrast', testId: 'report-contrast-page', zh: '对比报表', en: 'Contrast' },
  { path: '/report/factor-bar', testId: 'report-factor-bar-page', zh: '单设备因子柱状图', en: 'Device factor bars' },
  { path: '/report/radar', testId: 'report-radar-page', zh: '标准雷达图', en: 'Standard radar' },
] as const;

/** Picks the station in the report's one-device select, or adds it to the several-devices one. */
async function chooseStation(page: Page, report: Locator, devices: 'one' | 'many' = 'one'): Promise<void> {
  await chooseOption(page, report.getByTestId(devices === 'one' ? 'report-device' : 'report-devices'), STATION);
  if (devices === 'many') await page.keyboard.press('Escape');
}

/** Searches until the demo's backfilled history has arrived (a fresh server asks its stations for it on start). */
async function computeUntil(report: Locator, ready: Locator): Promise<void> {
  const search = report.getByRole('search').getByRole('button', { name: /(查\s*询|Search)/ });
  await searchUntil(report, search, () => expect(ready).toBeVisible({ timeout: 5_000 }));
}

async function background(locator: Locator): Promise<string> {
  return locator.evaluate((element) => getComputedStyle(element).backgroundColor);
}

test('the report screens open, compute, and follow the theme and the language chosen in the header', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  await signInViaApi(page, credentialsOf('admin'), '/index');

  for (const report of REPORTS) {
    await page.goto(report.path);
    await expect(page.getByRole('tab', { name: report.zh, selected: true })).toBeVisible();
    await expect(page.getByTestId(report.testId)).toBeVisible();
  }

  // The factor bar of a water station: its chart in the light theme.
  await page.goto('/report/factor-bar');
  const screen = page.getByTestId('report-factor-bar-page');
  await chooseStation(page, screen);
  const chart = screen.getByTestId('report-chart');
  await computeUntil(screen, chart);
  await expect(screen.getByRole('columnheader', { name: '标准限值' })).toBeVisible();
  await expect(screen.getByRole('cell', { name: '≤ 30' }).first()).toBeVisible();
  await expect.poll(() => chartTextBrightness(chart)).toBeGreaterThanOrEqual(0);
  const light = await chartTextBrightness(chart);
  expect(light).toBeLessThan(LIGHT_TEXT_MAX);
  const lightCard = await background(screen);

  await page.getByRole('button', { name: '主题', exact: true }).click();
  await chooseFromDropdown(page, '深色');
  // The chart is drawn again in the dark theme: light text on the dark card.
  await expect.poll(() => chartTextBrightness(chart), { timeout: 10_000 }).toBeGreaterThan(DARK_TEXT_MIN);
  expect(await background(screen)).not.toBe(lightCard);

  await page.getByRole('button', { name: '语言', exact: true }).click();
  await chooseFromDropdown(page, 'English');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await expect(screen.getByRole('columnheader', { name: 'Standard limit' })).toBeVisible();
  await expect(screen.getByText(/side by side with their standards/)).toBeVisible();
  expect(await chartTextBrightness(chart)).toBeGreaterThan(DARK_TEXT_MIN);

  // Every report screen in English and the dark theme: no untranslated key.
  for (const report of REPORTS) {
    await page.goto(report.path);
    await expect(page.getByRole('tab', { name: report.en, selected: true })).toBeVisible();
    expect(await visibleUntranslatedKeys(page), `untranslated keys on ${report.path}`).toEqual([]);
  }

  // The radar, back in Chinese and the light theme.
  await page.getByRole('button', { name: 'Language', exact: true }).click();
  await chooseFromDropdown(page, '中文');
  await page.getByRole('button', { name: '主题', exact: true }).click();
  await chooseFromDropdown(page, '浅色');
  await page.goto('/report/radar');
  const radar = page.getByTestId('report-radar-page');
  await chooseStation(page, radar);
  await computeUntil(radar, radar.getByTestId('report-chart'));
  await expect(radar.getByRole('columnheader', { name: '占标率(%)' })).toBeVisible();
  expect(await chartTextBrightness(radar.getByTestId('report-chart'))).toBeLessThan(LIGHT_TEXT_MAX);

  // Multi-station: the station's average, minimum and maximum of every factor, under its grouped bars.
  await page.goto('/report/multi-station');
  const multi = page.getByTestId('report-multi-station-page');
  await chooseStation(page, multi, 'many');
  const stations = multi.getByTestId('report-table').locator('.ant-table-tbody tr.ant-table-row');
  await computeUntil(multi, stations.first());
  await expect(stations).toHaveCount(1);
  await expect(stations.first().locator('td').first()).toHaveText(STATION);
  await expect(stations.first().locator('td').nth(2)).toHaveText(NUMBER);
  await expect(multi.getByTestId('report-chart').locator('canvas').first()).toBeVisible();

  // Contrast of the station's COD across stations (here one): its series, and the days (the filter's
  // default unit) side by side.
  await page.goto('/report/contrast');
  const contrast = page.getByTestId('report-contrast-page');
  await chooseStation(page, contrast, 'many');
  await chooseOption(
    page,
    contrast.getByTestId('report-factor'),
    new RegExp(`\\(${CONTRAST_FACTOR}\\)$`),
    CONTRAST_FACTOR,
  );
  const series = contrast.getByTestId('report-summary').locator('.ant-table-tbody tr.ant-table-row');
  await computeUntil(contrast, series.first());
  await expect(series.first().locator('td').first()).toHaveText(STATION);
  const days = contrast.getByTestId('report-rows').locator('.ant-table-tbody tr.ant-table-row');
  await expect(days.first().locator('td').first()).toHaveText(/^\d{4}-\d{2}-\d{2}$/);
  await expect(contrast.getByTestId('report-chart').locator('canvas').first()).toBeVisible();
  expect(errors).toEqual([]);
});

test('the single-station report exports what it shows', async ({ page }) => {
  test.setTimeout(120_000);
  await signInViaApi(page, credentialsOf('admin'), '/report/single-station');
  const screen = page.getByTestId('report-single-station-page');
  await chooseStation(page, screen);
  await computeUntil(screen, screen.getByTestId('report-summary').locator('tbody tr').first());
  const firstFactor = (
    await screen.getByTestId('report-summary').locator('tbody tr').first().locator('td').first().innerText()
  ).trim();

  const downloading = page.waitForEvent('download');
  await screen.getByTestId('report-export').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(readFileSync(await download.path()) as unknown as ArrayBuffer);
  const [summary, data] = workbook.worksheets;
  const row = (sheet: ExcelJS.Worksheet | undefined, n: number) =>
    ((sheet?.getRow(n).values as unknown[] | undefined) ?? []).slice(1);
  // Title, station and period lines, then the screen's columns.
  expect(row(summary, 2)[0]).toContain(STATION);
  expect(row(summary, 4)).toEqual([
    '监测因子',
    '单位',
    '平均值',
    '最小值',
    '最大值',
    '有效数',
    '超标次数',
    '达标率(%)',
  ]);
  const first = row(summary, 5);
  expect(first[0]).toBe(firstFactor);
  expect(typeof first[2]).toBe('number');
  // The file has no reader's zone: it names the station's; the browser here shares it, so the times read alike.
  expect(row(data, 4).slice(0, 3)).toEqual(['设备名称', 'MN', '数据时间（UTC+08:00）']);
  const shown = await screen
    .getByTestId('report-rows')
    .locator('tbody tr.ant-table-row')
    .first()
    .locator('td')
    .allInnerTexts();
  expect(row(data, 5).slice(0, 3)).toEqual(shown.slice(0, 3).map((text) => text.trim()));
});
