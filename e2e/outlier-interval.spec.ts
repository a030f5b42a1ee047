import { expect, test } from '@playwright/test';
import { blockingAxeFindings } from './specs-support/axe.js';
import { visibleUntranslatedKeys } from './specs-support/i18n-scan.js';
import { chooseOption } from './specs-support/report-helpers.js';
import { credentialsOf, signInViaApi } from './specs-support/session.js';
import { baseURL } from './support/env.js';
import { rowWith, confirmDelete } from './specs-support/list-screen.js';

/**
 * Water station › outlier interval through the console: an interval is added for a demo station's COD (a suspect
 * interval reaching outside the outlier one is refused first), listed with both intervals, applied to the station's
 * hours and days of the last week — the result and the application's record shown — and deleted; the screen in
 * Chinese and the light theme, then in English and the dark theme, axe-clean in both. The interval is far wider
 * than any demo value, so nothing other specs read changes while it exists.
 */

const PATH = '/water/outlier-interval';
const STATION = '模拟水站 1';

test('an outlier interval is added, applied to a week of a station’s data and deleted; both languages and themes', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const remark = `e2e ${Date.now()}`;
  await signInViaApi(page, credentialsOf('admin'), PATH);
  const screen = page.getByTestId('outlier-interval-page');
  await expect(screen.getByText('超出异常值区间的标记为 ABN', { exact: false })).toBeVisible({ timeout: 30_000 });

  await screen.getByTestId('outlier-interval-add').click();
  const dialog = page.getByRole('dialog', { name: '新增异常值区间' });
  await chooseOption(page, dialog.getByLabel('站点', { exact: true }), STATION, '模拟水站');
  await chooseOption(page, dialog.getByLabel('因子', { exact: true }), '化学需氧量 (w01018)', 'w01018');
  await dialog.getByLabel('异常下限', { exact: true }).fill('-100000');
  await dialog.getByLabel('异常上限', { exact: true }).fill('100000');
  // The suspect interval must lie inside the outlier interval.
  await dialog.getByLabel('疑似下限', { exact: true }).fill('-200000');
  await dialog.getByLabel('疑似上限', { exact: true }).fill('50000');
  await dialog.getByLabel('备注', { exact: true }).fill(remark);
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog.getByText('疑似区间必须在异常值区间之内！')).toBeVisible();
  await dialog.getByLabel('疑似下限', { exact: true }).fill('-50000');
  expect(await blockingAxeFindings(page, `${PATH} (dialog)`, { include: '.ant-modal' })).toEqual([]);
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog).toBeHidden();

  const row = rowWith(screen, remark);
  await expect(row).toContainText(STATION);
  await expect(row).toContainText('化学需氧量');
  await expect(row).toContainText('全年');
  await expect(row).toContainText('-100000 ~ 100000');
  await expect(row).toContainText('-50000 ~ 50000');

  // Applied to the station's COD hours and days of the last week: every value stays inside.
  await screen.getByTestId('outlier-apply-open').click();
  const apply = page.getByRole('dialog', { name: '将区间应用到已存数据' });
  // Several may be chosen: each list stays open until closed.
  await chooseOption(page, apply.getByLabel('站点', { exact: true }), STATION, '模拟水站');
  await page.keyboard.press('Escape');
  await chooseOption(page, apply.getByLabel('因子', { exact: true }), '化学需氧量 (w01018)', 'w01018');
  await page.keyboard.press('Escape');
  await apply.locator('.ant-picker-range').click();
  await page.locator('.ant-picker-dropdown:visible .ant-picker-presets').getByText('最近7天', { exact: true }).click();
  await apply.getByTestId('outlier-apply-submit').click();
  const result = apply.getByTestId('outlier-apply-result');
  await expect(result).toContainText(/重新判定 \d+ 条数据，其中 0 条发生变化。/);
  expect(await blockingAxeFindings(page, `${PATH} (apply)`, { include: '.ant-modal' })).toEqual([]);
  await apply
    .locator('.ant-modal-footer')
    .getByRole('button', { name: /关\s*闭/ })
    .click();
  await expect(apply).toBeHidden();

  await screen.getByRole('tab', { name: '应用记录' }).click();
  const application = screen
    .locator('[data-testid="outlier-application-table"] .ant-table-tbody tr.ant-table-row')
    .first();
  await expect(application).toContainText(STATION);
  await expect(application).toContainText('化学需氧量');
  await expect(application).toContainText('小时, 日');
  expect(await visibleUntranslatedKeys(page)).toEqual([]);
  expect(await blockingAxeFindings(page, PATH)).toEqual([]);

  // In English and the dark theme.
  await context.addCookies([
    { name: 'language', value: 'en-US', url: baseURL() },
    { name: 'theme', value: 'dark', url: baseURL() },
  ]);
  await page.goto(PATH);
  const english = page.getByTestId('outlier-interval-page');
  const englishRow = rowWith(english, remark);
  await expect(englishRow).toContainText('Chemical oxygen demand');
  await expect(englishRow).toContainText('All year');
  await expect(english.getByText('are flagged ABN (outlier)', { exact: false })).toBeVisible();
  expect(await visibleUntranslatedKeys(page)).toEqual([]);
  expect(await blockingAxeFindings(page, `${PATH} (en-US, dark)`)).toEqual([]);
  await english.getByRole('tab', { name: 'Applications' }).click();
  await expect(english.locator('[data-testid="outlier-application-table"]')).toContainText('Hour, Day');
  expect(await blockingAxeFindings(page, `${PATH} applications (en-US, dark)`)).toEqual([]);

  // Deleted after confirming.
  await english.getByRole('tab', { name: 'Intervals' }).click();
  await englishRow.getByRole('button', { name: /Delete/ }).click();
  await confirmDelete(page);
  await expect(englishRow).toHaveCount(0);
  expect(errors).toEqual([]);
});
