import { expect, test } from '@playwright/test';
import { blockingAxeFindings } from './specs-support/axe.js';
import { visibleUntranslatedKeys } from './specs-support/i18n-scan.js';
import { chooseOption } from './specs-support/report-helpers.js';
import { credentialsOf, signInViaApi } from './specs-support/session.js';
import { baseURL } from './support/env.js';
import { rowWith, confirmDelete } from './specs-support/list-screen.js';

/**
 * Settings → regular (data rules) through the console: a rule is added for a demo station's factor with only
 * its own parameters asked for, listed by its label with its parameters in words, a second rule of the same
 * kind for that factor is refused, and the rule is deleted; the screen in Chinese and the light theme, then
 * in English and the dark theme, axe-clean in both. The rule is an identity (y = 1·x + 0, rounding to 6
 * decimals), so the demo data other specs read keep their values while it exists.
 */

const PATH = '/settings/regular';
const STATION = '模拟水站 1';

test('a data rule is added with its own parameters, a second of its kind is refused, and it is deleted; both languages and themes', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const remark = `e2e ${Date.now()}`;
  await signInViaApi(page, credentialsOf('admin'), PATH);
  const screen = page.getByTestId('regular-page');
  await expect(screen.getByText('单位换算 → 线性修正 → 负值处理', { exact: false })).toBeVisible();

  const addRule = async () => {
    await screen.getByTestId('regular-add').click();
    const dialog = page.getByRole('dialog', { name: '新增数据规则' });
    await chooseOption(page, dialog.getByLabel('设备', { exact: true }), STATION, '模拟水站');
    await chooseOption(page, dialog.getByLabel('监测因子', { exact: true }), '化学需氧量 (w01018)', 'w01018');
    await chooseOption(page, dialog.getByLabel('规则', { exact: true }), '线性修正');
    return dialog;
  };

  const dialog = await addRule();
  // Only the linear correction's parameters are asked for.
  await expect(dialog.getByLabel('检出限', { exact: true })).toBeHidden();
  await dialog.getByLabel('斜率 k', { exact: true }).fill('1');
  await dialog.getByLabel('截距 b', { exact: true }).fill('0');
  await dialog.getByLabel('备注', { exact: true }).fill(remark);
  expect(await blockingAxeFindings(page, `${PATH} (dialog)`, { include: '.ant-modal' })).toEqual([]);
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog).toBeHidden();

  const row = rowWith(screen, remark);
  await expect(row).toContainText(STATION);
  await expect(row).toContainText('化学需氧量');
  await expect(row).toContainText('线性修正');
  await expect(row).toContainText('y = 1·x + 0');

  // One rule of a kind per factor.
  const again = await addRule();
  await again.getByLabel('斜率 k', { exact: true }).fill('1');
  await again.getByLabel('截距 b', { exact: true }).fill('0');
  await again.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('该设备的此因子已有同类规则！')).toBeVisible();
  await again.getByRole('button', { name: /取\s*消/ }).click();

  expect(await visibleUntranslatedKeys(page)).toEqual([]);
  expect(await blockingAxeFindings(page, PATH)).toEqual([]);

  // In English and the dark theme.
  await context.addCookies([
    { name: 'language', value: 'en-US', url: baseURL() },
    { name: 'theme', value: 'dark', url: baseURL() },
  ]);
  await page.goto(PATH);
  const english = rowWith(page.getByTestId('regular-page'), remark);
  await expect(english).toContainText('Linear correction');
  await expect(english).toContainText('Chemical oxygen demand');
  await expect(page.getByText('unit conversion → linear correction', { exact: false })).toBeVisible();
  expect(await visibleUntranslatedKeys(page)).toEqual([]);
  expect(await blockingAxeFindings(page, `${PATH} (en-US, dark)`)).toEqual([]);

  // Deleted after confirming.
  await english.getByRole('button', { name: /Delete/ }).click();
  await confirmDelete(page);
  await expect(english).toHaveCount(0);
  expect(errors).toEqual([]);
});
