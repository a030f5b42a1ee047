import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { blockingAxeFindings } from './specs-support/axe.js';
import { DeviceApi } from './specs-support/devices-api.js';
import { visibleUntranslatedKeys } from './specs-support/i18n-scan.js';
import { chooseOption, openSelectDropdown, searchUntil } from './specs-support/report-helpers.js';
import { credentialsOf, labelled, signInViaApi } from './specs-support/session.js';
import { baseURL } from './support/env.js';

/**
 * Data audit (issue 19) on a demo station no other spec audits: in the workbench, two hour values of a day
 * marked invalid with a reason, one replaced, the day approved; the single-station hour report of that day
 * counts two valid values fewer and shows the replacement; revoked (from the values' trails — the approval as
 * a whole — and the records list), the report is as before. Then the workbench and the records list in both
 * languages and themes, with no untranslated key and no accessibility violation. Each test cleans up its audits
 * through the API.
 */

/** A demo air station (apps/server/src/simulator/fleet.ts) no other spec uses. */
const STATION = '模拟空气站 3';
const WORKBENCH = '/water/data-audit';
const RECORDS = '/settings/data-audit';
const REPORT = '/report/single-station';
const AUDIT = '/manager/settings/dataAudit/rest';
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const BEIJING_MS = 8 * HOUR_MS;
/** Unlike any simulated value. */
const REPLACEMENT = 987;

interface Envelope<T> {
  status: number;
  data: T;
}

/** A station day (Beijing) `daysAgo` before today, as 'YYYY-MM-DD', and its start. */
function stationDay(daysAgo: number): { text: string; start: number } {
  const start = Math.floor((Date.now() + BEIJING_MS) / DAY_MS) * DAY_MS - BEIJING_MS - daysAgo * DAY_MS;
  return { text: new Date(start + BEIJING_MS).toISOString().slice(0, 10), start };
}

/** Revokes every audit in force on the station's values of that day (a spec's own, whatever it left). */
async function revokeAll(request: APIRequestContext, token: string, deviceId: number, start: number): Promise<void> {
  const response = await request.post(`${AUDIT}/getList`, {
    headers: { token },
    data: { deviceId, beginTime: start, endTime: start + DAY_MS - 1, pageNum: 1, pageSize: 1000 },
  });
  const ids = ((await response.json()) as Envelope<{ list: { id: number }[] }>).data.list.map((r) => r.id);
  if (ids.length > 0) await request.post(`${AUDIT}/uninstall`, { headers: { token }, data: { ids } });
}

async function openWorkbench(page: Page, day: string, stationLabel: string): Promise<Locator> {
  const screen = page.getByTestId('data-audit-page');
  await chooseOption(page, screen.getByLabel(stationLabel, { exact: true }), new RegExp(`^${STATION} \\(`), STATION);
  const date = page.locator('#data-audit-date');
  await date.click();
  await date.fill(day);
  await date.press('Enter');
  await expect(date).toHaveValue(day);
  const grid = screen.getByRole('grid');
  await expect(grid.locator('[data-cell="0:0"]')).toBeVisible({ timeout: 30_000 });
  return grid;
}

const cell = (grid: Locator, row: number, col: number) => grid.locator(`[data-cell="${row}:${col}"]`);

/** The single-station report of one station day in hours: its summary row of the factor and its rows table. */
async function hourReport(page: Page, day: string, factorName: string): Promise<{ summary: Locator; rows: Locator }> {
  await page.goto(REPORT);
  const report = page.getByTestId('report-single-station-page');
  await chooseOption(page, report.getByTestId('report-device'), STATION);
  await chooseOption(page, report.getByTestId('report-unit'), '小时');
  const [from, to] = await report.getByRole('search').locator('.ant-picker-range input').all();
  for (const input of [from, to]) {
    await (input as Locator).click();
    await (input as Locator).fill(day);
    await (input as Locator).press('Enter');
  }
  await expect(openSelectDropdown(page)).toHaveCount(0);
  const summary = report
    .getByTestId('report-summary')
    .locator('.ant-table-tbody tr.ant-table-row')
    .filter({ hasText: factorName })
    .first();
  const search = report.getByRole('search').getByRole('button', { name: /查\s*询/ });
  await searchUntil(report, search, () => expect(summary).toBeVisible({ timeout: 5_000 }));
  return { summary, rows: report.getByTestId('report-rows').locator('.ant-table-tbody tr.ant-table-row') };
}

/** A summary row's cell under the column headed `title`. */
async function summaryCell(page: Page, summary: Locator, title: string): Promise<string> {
  const headers = await page
    .getByTestId('report-summary')
    .locator('.ant-table-thead th')
    .evaluateAll((ths) => ths.map((th) => th.textContent?.trim() ?? ''));
  return summary.locator('td').nth(headers.indexOf(title)).innerText();
}

test('an auditor invalidates, replaces and approves a station day; the report follows, and back after revoking', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const api = await DeviceApi.signIn(request);
  const station = await api.onlineDemoStation(STATION);
  const day = stationDay(2);
  await revokeAll(request, api.token, station.id, day.start);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  try {
    await signInViaApi(page, credentialsOf('admin'), WORKBENCH);
    let grid = await openWorkbench(page, day.text, '站点');
    const factorName = (await grid.locator('[role="columnheader"][aria-colindex="2"] span').first().innerText()).trim();
    // Two hours of the first factor that count now (hours 2 and 3), and the hour whose value is replaced (5).
    for (const row of [2, 3, 5]) await expect(cell(grid, row, 0)).toHaveAttribute('data-valid', 'true');

    // The report before.
    let report = await hourReport(page, day.text, factorName);
    const before = await report.summary.innerText();
    const validBefore = Number(await summaryCell(page, report.summary, '有效数'));
    expect(validBefore).toBeGreaterThanOrEqual(3);

    // Mark hours 2–3 invalid: click, shift+arrow down (the keyboard extends the range).
    await page.goto(WORKBENCH);
    grid = await openWorkbench(page, day.text, '站点');
    await cell(grid, 2, 0).click();
    await page.keyboard.press('Shift+ArrowDown');
    await expect(cell(grid, 3, 0)).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('data-audit-selected')).toHaveText('已选 2 个数值');
    const workbench = page.getByTestId('data-audit-workbench');
    await workbench.getByRole('button', { name: '标记无效' }).click();
    let dialog = page.getByRole('dialog');
    // No reason: the shared rule's words under the field, nothing sent.
    await dialog.getByRole('button', { name: '标记无效' }).click();
    await expect(dialog.getByText('请选择审核原因')).toBeVisible();
    await chooseOption(page, dialog.getByLabel('原因', { exact: true }), '仪器故障');
    await dialog.getByRole('button', { name: '标记无效' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(cell(grid, 2, 0)).toHaveAttribute('data-valid', 'false');
    await expect(cell(grid, 3, 0)).toHaveAttribute('data-valid', 'false');
    await expect(cell(grid, 2, 0)).toContainText('无效');

    // Replace hour 5's value.
    await cell(grid, 5, 0).click();
    await workbench.getByRole('button', { name: '替换数值' }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByLabel('替换后的数值', { exact: true }).fill(String(REPLACEMENT));
    await chooseOption(page, dialog.getByLabel('原因', { exact: true }), '校准');
    await dialog.getByRole('button', { name: /替\s*换/ }).click();
    await expect(dialog).toHaveCount(0);
    await expect(cell(grid, 5, 0)).toContainText(String(REPLACEMENT));
    await expect(cell(grid, 5, 0)).toContainText('已替换');

    // Approve the day.
    await workbench.getByTestId('data-audit-approve').click();
    const confirm = page.getByRole('dialog');
    await expect(confirm).toContainText(day.text);
    await confirm.getByRole('button', { name: '审核通过' }).click();
    await expect(grid.getByRole('img', { name: '该日已审核通过' }).first()).toBeVisible();
    await expect(cell(grid, 0, 0)).toContainText('已审核');

    // The report: two valid values fewer, the replacement in hour 5.
    report = await hourReport(page, day.text, factorName);
    await expect.poll(async () => Number(await summaryCell(page, report.summary, '有效数'))).toBe(validBefore - 2);
    await expect(report.rows.filter({ hasText: `${day.text} 05:00` })).toContainText(String(REPLACEMENT));

    // Revoke hour 2's invalidation from its trail …
    await page.goto(WORKBENCH);
    grid = await openWorkbench(page, day.text, '站点');
    await cell(grid, 2, 0).click();
    await workbench.getByTestId('data-audit-trail-open').click();
    const trail = page.getByTestId('data-audit-trail');
    const inForce = trail.locator('.ant-table-row').filter({ hasText: '标记无效' });
    await expect(inForce).toHaveCount(1);
    await inForce.getByRole('button', { name: labelled('撤销') }).click();
    await page.getByRole('dialog').filter({ hasText: '撤销审核' }).getByRole('button', { name: '撤销' }).click();
    await expect(trail.locator('.ant-table-row').filter({ hasText: '已撤销' })).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(cell(grid, 2, 0)).toHaveAttribute('data-valid', 'true');

    // … and the replacement and hour 3's invalidation from the records list.
    await page.goto(RECORDS);
    const records = page.getByTestId('data-audit-settings-page');
    await chooseOption(page, records.getByLabel('设备', { exact: true }), STATION, STATION);
    for (const action of ['替换数值', '标记无效']) {
      // The day's approvals are the newest records: the action filter finds the others.
      await chooseOption(page, records.getByLabel('审核操作', { exact: true }), action);
      await records
        .getByRole('search')
        .getByRole('button', { name: /查\s*询/ })
        .click();
      const row = records.locator('.ant-table-row').filter({ hasText: action }).first();
      await row.locator('[data-testid^="data-audit-records-delete-"]').click();
      await page.getByRole('dialog').filter({ hasText: '撤销审核' }).getByRole('button', { name: '撤销' }).click();
      await expect(records.locator('.ant-table-row').filter({ hasText: action })).toHaveCount(0);
    }
    // The day's approval, every value of it at once, from a value's trail: then the report is as before.
    await page.goto(WORKBENCH);
    grid = await openWorkbench(page, day.text, '站点');
    await expect(cell(grid, 0, 0)).toContainText('已审核');
    await cell(grid, 0, 0).click();
    await workbench.getByTestId('data-audit-trail-open').click();
    const approval = page.getByTestId('data-audit-trail').locator('.ant-table-row').filter({ hasText: '整日审核通过' });
    await approval.getByRole('button', { name: '撤销整次审核' }).click();
    // The confirmation (the trail's drawer is a dialog too).
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: labelled('撤销') })
      .click();
    await expect(approval).toContainText('已撤销');
    await page.keyboard.press('Escape');
    await expect(cell(grid, 0, 0)).not.toContainText('已审核');
    await expect(grid.getByRole('img', { name: '该日已审核通过' })).toHaveCount(0);
    report = await hourReport(page, day.text, factorName);
    await expect.poll(() => report.summary.innerText()).toBe(before);
    await expect(report.rows.filter({ hasText: `${day.text} 05:00` })).not.toContainText(String(REPLACEMENT));
    expect(errors).toEqual([]);
  } finally {
    await revokeAll(request, api.token, station.id, day.start);
  }
});

/** The mean of a CSS colour's channels (0–255). */
const brightness = (color: string): number => {
  const channels = (color.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number);
  return channels.reduce((sum, c) => sum + c, 0) / Math.max(1, channels.length);
};

for (const look of [
  { language: 'zh-CN', theme: 'light', station: '站点', grid: '已选 0 个数值' },
  { language: 'en-US', theme: 'dark', station: 'Station', grid: '0 values selected' },
] as const) {
  test(`the workbench and the records list in ${look.language}, ${look.theme} theme: no untranslated key, no axe violation`, async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(120_000);
    const api = await DeviceApi.signIn(request);
    const station = await api.onlineDemoStation(STATION);
    // A day of its own (another test audits day 2), with one record in the list.
    const day = stationDay(look.language === 'zh-CN' ? 4 : 5);
    await revokeAll(request, api.token, station.id, day.start);
    const grid = (await (
      await request.post(`${AUDIT}/grid`, {
        headers: { token: api.token },
        data: { deviceId: station.id, kind: 'hour', from: day.start, to: day.start + DAY_MS },
      })
    ).json()) as Envelope<{ factors: { factorCode: string }[]; rows: { dataTime: number }[] }>;
    const first = { factorCode: grid.data.factors[0]?.factorCode, dataTime: grid.data.rows[1]?.dataTime };
    const added = await request.post(`${AUDIT}/add`, {
      headers: { token: api.token },
      data: { deviceId: station.id, kind: 'hour', action: 'valid', reason: 'other', cells: [first] },
    });
    expect(((await added.json()) as Envelope<unknown>).status).toBe(200);
    try {
      await context.addCookies([
        { name: 'language', value: look.language, url: baseURL() },
        { name: 'theme', value: look.theme, url: baseURL() },
      ]);
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await signInViaApi(page, credentialsOf('admin'), WORKBENCH);
      const cells = await openWorkbench(page, day.text, look.station);
      await expect(page.getByTestId('data-audit-selected')).toHaveText(look.grid);
      // The keyboard: the first cell holds the tab stop; arrows move it.
      await cell(cells, 0, 0).focus();
      await page.keyboard.press('ArrowDown');
      await expect(cell(cells, 1, 0)).toBeFocused();
      await expect(cell(cells, 1, 0)).toHaveAttribute('tabindex', '0');
      await page.keyboard.press('Space');
      await expect(cell(cells, 1, 0)).toHaveAttribute('aria-selected', 'true');
      const background = await page
        .getByTestId('data-audit-workbench')
        .evaluate((element) => getComputedStyle(element).backgroundColor);
      if (look.theme === 'dark') expect(brightness(background)).toBeLessThan(60);
      else expect(brightness(background)).toBeGreaterThan(200);
      await expect(page.locator('.ant-spin-spinning').filter({ visible: true })).toHaveCount(0);
      expect(await visibleUntranslatedKeys(page)).toEqual([]);
      expect(await blockingAxeFindings(page, WORKBENCH, { include: '[data-testid="data-audit-page"]' })).toEqual([]);
      await page.getByTestId('data-audit-page').screenshot({ path: test.info().outputPath('workbench.png') });

      // A month of hours: the grid draws the rows in view; the keyboard reaches the last hour and back.
      await page
        .getByTestId('data-audit-page')
        .locator('.ant-radio-button-wrapper')
        .filter({ hasText: look.language === 'zh-CN' ? /^月$/ : /^Month$/ })
        .click();
      const month = page.getByTestId('data-audit-page').getByRole('grid');
      // The demo keeps 31 days of hours: over a hundred rows whatever the day of the month.
      await expect.poll(async () => Number(await month.getAttribute('aria-rowcount'))).toBeGreaterThan(100);
      expect(await month.locator('[role="row"]').count()).toBeLessThan(80);
      await cell(month, 0, 0).focus();
      await page.keyboard.press('Control+End');
      await expect(month.locator('[role="gridcell"]:focus')).toBeInViewport();
      await page.keyboard.press('Control+Home');
      await expect(cell(month, 0, 0)).toBeFocused();
      await page
        .getByTestId('data-audit-page')
        .locator('.ant-radio-button-wrapper')
        .filter({ hasText: look.language === 'zh-CN' ? /^日$/ : /^Day$/ })
        .click();
      await expect(page.getByTestId('data-audit-page').getByRole('grid')).toHaveAttribute('aria-rowcount', '25');

      // The value's trail (of the second hour, where the focus is).
      await cell(page.getByTestId('data-audit-page').getByRole('grid'), 1, 0).click();
      await page.getByTestId('data-audit-trail-open').click();
      await expect(page.getByTestId('data-audit-trail').locator('.ant-table-row')).toHaveCount(1);
      expect(await blockingAxeFindings(page, WORKBENCH, { include: '.ant-drawer' })).toEqual([]);
      await page.keyboard.press('Escape');

      await page.goto(RECORDS);
      const records = page.getByTestId('data-audit-settings-page');
      await expect(records.locator('.ant-table-row').first()).toBeVisible();
      await expect(page.locator('.ant-spin-spinning').filter({ visible: true })).toHaveCount(0);
      expect(await visibleUntranslatedKeys(page)).toEqual([]);
      expect(await blockingAxeFindings(page, RECORDS, { include: '[data-testid="data-audit-settings-page"]' })).toEqual(
        [],
      );
      expect(errors).toEqual([]);
    } finally {
      await revokeAll(request, api.token, station.id, day.start);
    }
  });
}
