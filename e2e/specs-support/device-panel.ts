import { expect, type Locator, type Page } from '@playwright/test';
import { credentialsOf, signInViaApi } from './session.js';

/** What the device panel's specs share: opening the panel, the add dialog's steps, the tree. */

const DEVICE_PAGE = '/system/device';

function addDialog(page: Page): Locator {
  return page.getByRole('dialog', { name: '新增设备' });
}

export function toast(page: Page, text: string): Locator {
  return page.locator('.ant-message').getByText(text, { exact: true });
}

export async function openPanel(page: Page): Promise<void> {
  await signInViaApi(page, credentialsOf('admin'), DEVICE_PAGE);
  await expect(page.getByTestId('device-page')).toBeVisible();
}

export async function openAddDialog(page: Page): Promise<Locator> {
  await page.getByTestId('device-add').click();
  const dialog = addDialog(page);
  await expect(dialog).toBeVisible();
  return dialog;
}

export async function fillLocationStep(dialog: Locator, lng: number, lat: number): Promise<void> {
  await dialog.getByRole('spinbutton', { name: '经度', exact: true }).fill(String(lng));
  await dialog.getByRole('spinbutton', { name: '纬度', exact: true }).fill(String(lat));
  await dialog.getByLabel('安装人员', { exact: true }).fill('端到端安装员');
  const date = dialog.getByLabel('安装时间', { exact: true });
  await date.click();
  await date.fill('2026-01-02');
  await date.press('Enter');
  await dialog.getByLabel('安装地址', { exact: true }).fill('深圳市南山区');
}

async function chooseMaintainer(page: Page, dialog: Locator): Promise<void> {
  await dialog.getByLabel('维修人员', { exact: true }).click();
  await page.keyboard.type('admin');
  await page.keyboard.press('Enter');
}

export async function fillContactStep(page: Page, dialog: Locator, phone = '13800138000'): Promise<void> {
  await dialog.getByLabel('联系单位', { exact: true }).fill('端到端测试单位');
  await dialog.getByLabel('联系人', { exact: true }).fill('测试联系人');
  await dialog.getByLabel('联系电话', { exact: true }).fill(phone);
  await chooseMaintainer(page, dialog);
}

export async function fillDetailsStep(dialog: Locator, name: string, code: string, interval = '60'): Promise<void> {
  await dialog.getByLabel('设备名称', { exact: true }).fill(name);
  await dialog.getByLabel('设备编码', { exact: true }).fill(code);
  // The type is a choice of HJ 212 system codes, by name.
  await dialog.getByLabel('设备类型', { exact: true }).click();
  await dialog.page().keyboard.type('地表水');
  await dialog.page().keyboard.press('Enter');
  await dialog.getByLabel('上报间隔(秒)', { exact: true }).fill(interval);
}

export async function next(dialog: Locator): Promise<void> {
  await dialog.getByTestId('device-form-next').click();
}

export async function searchTree(page: Page, term: string): Promise<void> {
  await page.getByTestId('device-tree').getByPlaceholder('按设备名称搜索').fill(term);
}

export function treeNode(page: Page, title: string): Locator {
  return page.getByTestId('device-tree').locator('.ant-tree-title', { hasText: title });
}
