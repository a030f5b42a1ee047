import { readFileSync } from 'node:fs';
import { DAY_MS, HOUR_MS } from '@envmon/shared';
import { expect, type Locator, test } from '@playwright/test';
import { chooseOption } from './specs-support/report-helpers.js';
import { credentialsOf, signInViaApi } from './specs-support/session.js';
import { rowWith, confirmDelete } from './specs-support/list-screen.js';

/**
 * Settings → IoT card and DevOps through the console: a card added in the dialog is listed with its station,
 * operator and days to expiry, a second card with the same number is refused, and the card is deleted after
 * confirming; a maintenance record is added, a report is attached to it, downloaded again byte for byte, and
 * the record deleted with its attachment.
 */

const STATION = '模拟水站 1';
/** The console runs in Beijing time (playwright.config.ts timezoneId). */
const BEIJING_MS = 8 * HOUR_MS;

/** A date `days` from today in Beijing, as the date pickers take it. */
function beijingDate(days: number): string {
  return new Date(Date.now() + BEIJING_MS + days * DAY_MS).toISOString().slice(0, 10);
}

async function pickDate(dialog: Locator, label: string, date: string): Promise<void> {
  const input = dialog.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(date);
  await input.press('Enter');
}

test('an IoT card is added with its station and expiry, a duplicate number is refused, and it is deleted', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const cardNo = `8986${String(Date.now()).slice(-15).padStart(15, '0')}`;
  await signInViaApi(page, credentialsOf('admin'), '/settings/iot-card');
  const screen = page.getByTestId('iot-card-page');

  const addCard = async () => {
    await screen.getByTestId('iot-card-add').click();
    const dialog = page.getByRole('dialog', { name: '新增物联网卡' });
    await dialog.getByLabel('物联网卡号', { exact: true }).fill(cardNo);
    await chooseOption(page, dialog.getByLabel('运营商', { exact: true }), '中国移动');
    return dialog;
  };

  const dialog = await addCard();
  await chooseOption(page, dialog.getByLabel('所在设备', { exact: true }), STATION, '模拟水站');
  await dialog.getByLabel('套餐', { exact: true }).fill('物联网 30 元/月');
  await pickDate(dialog, '到期日期', beijingDate(10));
  await dialog.getByRole('button', { name: /^保\s*存$/ }).click();
  await expect(dialog).toBeHidden();

  const row = rowWith(screen, cardNo);
  await expect(row).toContainText('中国移动');
  await expect(row).toContainText(STATION);
  await expect(row).toContainText(/剩余 (9|10) 天/);
  await expect(screen.getByTestId('iot-card-summary')).toContainText('1 张卡将在 30 天内到期');

  // The same number again: the server refuses it and the dialog stays open with what was typed.
  const again = await addCard();
  await again.getByRole('button', { name: /^保\s*存$/ }).click();
  await expect(page.getByText('物联网卡号已存在！')).toBeVisible();
  await expect(again).toBeVisible();
  await again.getByRole('button', { name: /^取\s*消$/ }).click();

  await row.getByRole('button', { name: /删\s*除/ }).click();
  await confirmDelete(page);
  await expect(rowWith(screen, cardNo)).toHaveCount(0);
});

test('a maintenance record takes an attachment that downloads byte for byte, and is deleted with it', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const content = `e2e 校准 ${Date.now()}`;
  const report = Buffer.from(`COD 标液核查 ${content}\n`);
  await signInViaApi(page, credentialsOf('admin'), '/settings/devops');
  const screen = page.getByTestId('settings-devops-page');

  await screen.getByTestId('devops-add').click();
  const dialog = page.getByRole('dialog', { name: '新增运维记录' });
  await chooseOption(page, dialog.getByLabel('设备', { exact: true }), STATION, '模拟水站');
  await chooseOption(page, dialog.getByLabel('运维类型', { exact: true }), '校准');
  await pickDate(dialog, '开始时间', `${beijingDate(0)} 09:00:00`);
  await dialog.getByLabel('运维人员', { exact: true }).fill('张工');
  await dialog.getByLabel('运维内容', { exact: true }).fill(content);
  await dialog.getByRole('button', { name: /^保\s*存$/ }).click();
  await expect(dialog).toBeHidden();

  const row = rowWith(screen, content);
  await expect(row).toContainText(STATION);
  await expect(row).toContainText('校准');
  // A new record opens its attachments at once.
  const drawer = page.getByTestId('devops-files');
  await expect(drawer).toContainText('附件管理 · 模拟水站 1 · 校准');
  await drawer.locator('input[type="file"]').setInputFiles({
    name: '校准报告.txt',
    mimeType: 'text/plain',
    buffer: report,
  });
  await expect(drawer.getByText('校准报告.txt')).toBeVisible();

  const downloading = page.waitForEvent('download');
  await drawer.getByRole('button', { name: '下载' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('校准报告.txt');
  expect(readFileSync(await download.path()).equals(report)).toBe(true);
  await drawer
    .getByRole('button', { name: /close|关闭/i })
    .first()
    .click();

  await expect(drawer).toBeHidden();
  await expect(row).toContainText('校准报告.txt');
  await row.getByRole('button', { name: /删\s*除/ }).click();
  await confirmDelete(page);
  await expect(rowWith(screen, content)).toHaveCount(0);
});
