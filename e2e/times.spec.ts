import { readFileSync } from 'node:fs';
import { expect, type Locator, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { deviceBody, DeviceApi, uniquePrefix } from './specs-support/devices-api.js';
import { chooseOption, searchUntil } from './specs-support/report-helpers.js';
import { credentialsOf, signInViaApi } from './specs-support/session.js';
import { Station } from './specs-support/station.js';

/**
 * Times and ranges (issue 14, points 6 and 7): a data time reads the same on the screen and in the exported
 * file (the station's clock, its zone named where the reader's differs), in 'YYYY-MM-DD HH:mm:ss' whatever
 * the browser's locale; every range picker offers the quick ranges; an alarm's value carries its unit.
 */

/** The demo stations are in Beijing time (the default zone, UTC+08:00). */
const STATION_ZONE = 'UTC+08:00';
const DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const PRESETS = ['今天', '最近24小时', '最近7天', '本月', '上月'];
const COD = 'w01018';
const THRESHOLD = '/manager/alarm/threshold/rest';

function bodyRows(table: Locator): Locator {
  return table.locator('.ant-table-tbody tr.ant-table-row');
}

async function cellTexts(row: Locator): Promise<string[]> {
  return (await row.locator('td').allInnerTexts()).map((text) => text.trim());
}

async function readDownload(page: Page, start: () => Promise<void>): Promise<ExcelJS.Worksheet> {
  const downloading = page.waitForEvent('download');
  await start();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(readFileSync(await download.path()) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  expect(sheet, 'the export has a sheet').toBeDefined();
  return sheet as ExcelJS.Worksheet;
}

test.describe('a reader in another zone than the station', () => {
  // A browser on UTC: 8 hours behind the demo stations' clock, where the screen once said 05:00 and the file 13:00.
  test.use({ timezoneId: 'UTC' });

  test("a history row's time on the screen is the same row's time in the exported file", async ({ page }) => {
    test.setTimeout(120_000);
    await signInViaApi(page, credentialsOf('admin'), '/query/history');
    const history = page.getByTestId('query-history-page');
    await expect(history).toBeVisible();
    const rows = bodyRows(history);
    await searchUntil(history, history.getByTestId('history-search'), () =>
      expect(rows.first()).toBeVisible({ timeout: 5_000 }),
    );
    const [deviceName, mn, shown] = await cellTexts(rows.first());
    // The station's hour, its zone named: the browser's is another.
    expect(shown).toMatch(new RegExp(`^\\d{4}-\\d{2}-\\d{2} \\d{2}:00 ${STATION_ZONE.replace('+', '\\+')}$`));

    const sheet = await readDownload(page, () => history.getByTestId('history-export').click());
    // The file names the stations' zone in its time column's title, and its first row is the screen's first row.
    expect(sheet.getRow(1).getCell(4).value).toBe(`数据时间（${STATION_ZONE}）`);
    const first = sheet.getRow(2);
    expect([first.getCell(2).value, first.getCell(3).value]).toEqual([deviceName, mn]);
    expect(`${first.getCell(4).text} ${STATION_ZONE}`).toBe(shown);
  });

  test("a report's period on the screen is the same period in the exported file", async ({ page }) => {
    test.setTimeout(120_000);
    await signInViaApi(page, credentialsOf('admin'), '/report/single-station');
    const report = page.getByTestId('report-single-station-page');
    await chooseOption(page, report.getByTestId('report-device'), '模拟水站 1', '模拟水站 1');
    const rows = bodyRows(report.getByTestId('report-rows'));
    await searchUntil(report, report.getByRole('search').getByRole('button', { name: /查\s*询/ }), () =>
      expect(rows.first()).toBeVisible({ timeout: 5_000 }),
    );
    const [deviceName, mn, shown] = await cellTexts(rows.first());
    // The day on the station's clock, its zone named: the browser's is another.
    expect(shown).toMatch(new RegExp(`^\\d{4}-\\d{2}-\\d{2}( \\d{2}:\\d{2})? ${STATION_ZONE.replace('+', '\\+')}$`));

    const download = page.waitForEvent('download');
    await report.getByTestId('report-export').click();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(readFileSync(await (await download).path()) as unknown as ArrayBuffer);
    const [summary, data] = workbook.worksheets;
    // The period line and the time column's title name the zone; the first row is the screen's first row.
    expect(summary?.getRow(3).getCell(1).text).toContain(`（${STATION_ZONE}）`);
    expect(data?.getRow(4).getCell(3).value).toBe(`数据时间（${STATION_ZONE}）`);
    const first = data?.getRow(5);
    expect([first?.getCell(1).value, first?.getCell(2).value]).toEqual([deviceName, mn]);
    expect(`${first?.getCell(3).text} ${STATION_ZONE}`).toBe(shown);
  });
});

test("the original packets show their times as 'YYYY-MM-DD HH:mm:ss' in the Chinese console", async ({ page }) => {
  test.setTimeout(60_000);
  await signInViaApi(page, credentialsOf('admin'), '/query/original');
  const original = page.getByTestId('query-original-page');
  const rows = bodyRows(original);
  await expect(rows.first()).toBeVisible({ timeout: 30_000 });
  // The expand cell, then the receive time: the station's clock, and the browser is in the station's zone.
  const received = (await cellTexts(rows.first()))[1];
  expect(received).toMatch(DATE_TIME);
  expect(await original.locator('.ant-table-tbody').innerText()).not.toMatch(/\b(AM|PM)\b|\d+\/\d+\/\d{4}/);
});

test('the range pickers offer the quick ranges, and one sets the range', async ({ page }) => {
  // The first page load of a fresh server on a busy machine can take a while.
  test.setTimeout(60_000);
  await signInViaApi(page, credentialsOf('admin'), '/alarm/list');
  const screen = page.getByTestId('alarm-list-page');
  await expect(screen).toBeVisible({ timeout: 30_000 });
  const picker = screen.locator('.ant-picker-range').first();
  await picker.click();
  const presets = page.locator('.ant-picker-dropdown:visible .ant-picker-presets');
  await expect(presets.locator('li')).toHaveText(PRESETS);
  await presets.getByText('最近7天', { exact: true }).click();
  const [from, to] = await picker
    .locator('input')
    .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
  // The days as the browser counts them (its zone, not the test runner's).
  const days = await page.evaluate(() =>
    [7, 0].map((offset) => {
      const date = new Date(Date.now() - offset * 86_400_000);
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
    }),
  );
  expect([from, to]).toEqual(days);

  // The history screen's picker (a different one, with times) offers the same.
  await page.goto('/query/history');
  const history = page.getByTestId('query-history-page');
  await history.locator('.ant-picker-range').first().click();
  await expect(page.locator('.ant-picker-dropdown:visible .ant-picker-presets li')).toHaveText(PRESETS);
});

test("an alarm's value shows its factor's unit on the alarm screen and in the badge's dialog", async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const prefix = uniquePrefix('E2ETIME');
  const name = `单位测试站${prefix}`;
  const api = await DeviceApi.signIn(request);
  const device = await api.add(deviceBody(`${prefix}01`, name, await api.adminId()));
  const threshold = await request.post(`${THRESHOLD}/add`, {
    headers: { token: api.token },
    data: { deviceId: device.id, factorCode: COD, operator: 1, limit1: 100 },
  });
  expect((await threshold.json()) as { status: number }).toMatchObject({ status: 200 });
  const station = await Station.connect(device.deviceCode);
  try {
    await station.sendRealtime({ [COD]: 150.5 });
    await signInViaApi(page, credentialsOf('admin'), '/alarm/list');
    const row = bodyRows(page.getByTestId('alarm-list-page')).filter({ hasText: name });
    await expect(row).toHaveCount(1);
    const cells = await cellTexts(row);
    // COD's unit from the catalogue; the alarm's start on the station's clock.
    expect(cells).toContain('150.5 mg/L');
    expect(cells.filter((text) => DATE_TIME.test(text)).length).toBeGreaterThan(0);

    await page.getByTestId('alarm-badge').click();
    const dialog = page.getByRole('dialog', { name: '当前告警' });
    await expect(dialog.getByRole('row').filter({ hasText: name })).toContainText('150.5 mg/L');
  } finally {
    await station.close();
    await api.remove(device.id);
  }
});
