import { readFileSync } from 'node:fs';
import { expect, type Locator, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { visibleUntranslatedKeys } from './specs-support/i18n-scan.js';
import { chooseFromDropdown, credentialsOf, signInViaApi } from './specs-support/session.js';

/**
 * The report screens of issue 6 (single station, multi-station, contrast, factor bar, standard radar) on
 * the demo stations, whose hour and day history the demo backfills on start: each opens and computes,
 * the charts follow the theme and the labels the language chosen in the header, and the single-station
 * export is read back.
 */

/** The first simulated water station (apps/server/src/simulator/fleet.ts). */
const STATION = '模拟水站 1';

const REPORTS = [
  { path: '/report/single-station', testId: 'report-single-station-page', zh: '单站报表', en: 'Single station' },
  { path: '/report/multi-station', testId: 'report-multi-station-page', zh: '多站报表', en: 'Multi-station' },
  { path: '/report/contrast', testId: 'report-contrast-page', zh: '对比报表', en: 'Contrast' },
  { path: '/report/factor-bar', testId: 'report-factor-bar-page', zh: '单设备因子柱状图', en: 'Device factor bars' },
  { path: '/report/radar', testId: 'report-radar-page', zh: '标准雷达图', en: 'Standard radar' },
] as const;

/** Picks the station in the report's device select (the first select of the filter bar). */
async function chooseStation(page: Page, report: Locator): Promise<void> {
  await report.getByRole('search').getByRole('combobox').first().click();
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
    .getByText(STATION, { exact: true })
    .click();
}

/** Searches until the demo's backfilled history has arrived (a fresh server asks its stations for it on start). */
async function searchUntil(report: Locator, ready: Locator): Promise<void> {
  await expect(async () => {
    await report
      .getByRole('search')
      .getByRole('button', { name: /(查\s*询|Search)/ })
      .click();
    await expect(ready).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 60_000 });
}

/**
 * The mean colour of the chart title's drawn pixels (top middle of the canvas): the title is written in the
 * theme's text colour — near black in the light theme, near white in the dark one.
 */
async function titleBrightness(chart: Locator): Promise<number> {
  return chart
    .locator('canvas')
    .first()
    .evaluate((canvas: HTMLCanvasElement) => {
      const context = canvas.getContext('2d');
      if (!context) return -1;
      // The title's line (14 px text from the top), in canvas pixels.
      const ratio = canvas.width / Math.max(1, canvas.clientWidth);
      const { data } = context.getImageData(canvas.width / 4, 0, canvas.width / 2, Math.round(24 * ratio));
      let sum = 0;
      let count = 0;
      for (let i = 0; i < data.length; i += 4) {
        if ((data[i + 3] ?? 0) < 160) continue;
        sum += ((data[i] ?? 0) + (data[i + 1] ?? 0) + (data[i + 2] ?? 0)) / 3;
        count += 1;
      }
      return count === 0 ? -1 : sum / count;
    });
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
    await expect(page.getByTestId('not-built-page')).toHaveCount(0);
  }

  // The factor bar of a water station: its chart in the light theme.
  await page.goto('/report/factor-bar');
  const screen = page.getByTestId('report-factor-bar-page');
  await chooseStation(page, screen);
  const chart = screen.getByTestId('report-chart');
  await searchUntil(screen, chart);
  await expect(screen.getByRole('columnheader', { name: '标准限值' })).toBeVisible();
  await expect(screen.getByRole('cell', { name: '≤ 30' }).first()).toBeVisible();
  await expect.poll(() => titleBrightness(chart)).toBeGreaterThanOrEqual(0);
  const light = await titleBrightness(chart);
  expect(light).toBeLessThan(110);
  const lightCard = await background(screen);

  await page.getByRole('button', { name: '主题', exact: true }).click();
  await chooseFromDropdown(page, '深色');
  // The chart is drawn again in the dark theme: light text on the dark card.
  await expect.poll(() => titleBrightness(chart), { timeout: 10_000 }).toBeGreaterThan(150);
  expect(await background(screen)).not.toBe(lightCard);

  await page.getByRole('button', { name: '语言', exact: true }).click();
  await chooseFromDropdown(page, 'English');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await expect(screen.getByRole('columnheader', { name: 'Standard limit' })).toBeVisible();
  await expect(screen.getByText(/side by side with their standards/)).toBeVisible();
  expect(await titleBrightness(chart)).toBeGreaterThan(150);

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
  await searchUntil(radar, radar.getByTestId('report-chart'));
  await expect(radar.getByRole('columnheader', { name: '占标率(%)' })).toBeVisible();
  expect(await titleBrightness(radar.getByTestId('report-chart'))).toBeLessThan(110);
  expect(errors).toEqual([]);
});

test('the single-station report exports what it shows', async ({ page }) => {
  test.setTimeout(120_000);
  await signInViaApi(page, credentialsOf('admin'), '/report/single-station');
  const screen = page.getByTestId('report-single-station-page');
  await chooseStation(page, screen);
  await searchUntil(screen, screen.getByTestId('report-summary').locator('tbody tr').first());
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
  expect(row(data, 4).slice(0, 3)).toEqual(['设备名称', 'MN', '数据时间']);
  expect(row(data, 5)[0]).toBe(STATION);
});
