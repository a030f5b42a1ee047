import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { AdminApi, credentialsOf, signInViaApi, uniqueUserName } from './specs-support/session.js';

/**
 * The declarative CRUD page for users: add through the form, find it in the table, delete with confirmation;
 * export the filtered list and read it back.
 */

test('admin adds a user through the Users page and deletes it after confirming', async ({ page, request }) => {
  const userName = uniqueUserName('e2e-crud');
  await signInViaApi(page, credentialsOf('admin'), '/system/user');
  const crud = page.getByTestId('crud-user');
  // The admin user's name; its role, named admin too, is in a later column of the same row.
  await expect(crud.getByRole('cell', { name: 'admin', exact: true }).first()).toBeVisible();

  await crud.getByRole('button', { name: /新增$/ }).click();
  const dialog = page.getByRole('dialog', { name: '新增 · 用户管理' });
  await expect(dialog).toBeVisible();

  // The shared schema validates in the form: a bad user name and a short password are refused.
  await dialog.getByLabel('用户名', { exact: true }).fill('bad name!');
  await dialog.getByLabel('密码', { exact: true }).fill('123');
  await dialog.getByRole('button', { name: /^确\s*定$/ }).click();
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('.ant-form-item-explain-error')).not.toHaveCount(0);

  await dialog.getByLabel('用户名', { exact: true }).fill(userName);
  await dialog.getByLabel('密码', { exact: true }).fill('Crud@12345');
  await dialog.getByLabel('姓名', { exact: true }).fill('端到端测试');
  await dialog.getByLabel('角色', { exact: true }).click();
  await page.keyboard.type('viewer');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await dialog.getByRole('button', { name: /^确\s*定$/ }).click();

  await expect(dialog).toBeHidden();
  await expect(page.getByText('操作成功！')).toBeVisible();
  const row = crud.getByRole('row').filter({ has: page.getByRole('cell', { name: userName, exact: true }) });
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell', { name: '端到端测试', exact: true })).toBeVisible();

  // It really is on the server, with the role chosen.
  const admin = await AdminApi.signIn(request);
  const created = await admin.findUser(userName);
  expect(created?.roleIds).toEqual([await admin.roleId('viewer')]);
  // The list names the role (issue 14, point 3), not a count.
  await expect(row.getByRole('cell', { name: 'viewer', exact: true })).toBeVisible();

  await row.getByRole('button', { name: /删除$/ }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: '确认删除吗？' });
  await expect(confirm).toBeVisible();
  await expect(confirm.locator('.ant-modal-confirm-title')).toHaveText('提示');
  await confirm.getByRole('button', { name: /^确\s*定$/ }).click();

  await expect(confirm).toBeHidden();
  await expect(row).toHaveCount(0);
  expect(await admin.findUser(userName)).toBeUndefined();
});

test('the Users page exports what it lists, through a ticketed link without the token', async ({ page }) => {
  await signInViaApi(page, credentialsOf('admin'), '/system/user');
  const crud = page.getByTestId('crud-user');
  await crud.getByPlaceholder('用户名').fill('admin');
  await crud.getByRole('button', { name: /查\s*询$/ }).click();
  // The admin user's name; its role, named admin too, is in a later column of the same row.
  await expect(crud.getByRole('cell', { name: 'admin', exact: true }).first()).toBeVisible();

  const downloading = page.waitForEvent('download');
  await crud.getByRole('button', { name: /导\s*出$/ }).click();
  const download = await downloading;
  expect(download.url()).toContain('ticket=');
  expect(download.url()).not.toContain('token=');
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(readFileSync(await download.path()) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  expect((sheet?.getRow(1).values as unknown[]).slice(1, 3)).toEqual(['用户名', '姓名']);
  const names = (sheet?.getColumn(1).values ?? []).slice(2);
  expect(names).toContain('admin');
  expect(names.every((name) => typeof name === 'string' && name.includes('admin'))).toBe(true);
});
