import { expect, test, type Page } from '@playwright/test';
import { credentialsOf, signInViaApi } from './specs-support/session.js';

/**
 * Issue 14, point 8: what the server says (the envelope's desc) is in the console's language —
 * English words in the English console, with no i18n key and no Chinese; the spec's exact Chinese
 * in the Chinese console.
 */

const CJK = /[\u4e00-\u9fff]/;
const RAW_KEY = /\b(?:common|validation|device|system)\.[a-z]+[A-Za-z.]*\b/;

/** Adds a role named like the built-in admin role through the Roles page: the server refuses it. */
async function addDuplicateRole(page: Page, texts: { add: RegExp; roleName: string; ok: RegExp }): Promise<void> {
  const crud = page.getByTestId('crud-role');
  await expect(crud.getByRole('cell', { name: 'admin', exact: true })).toBeVisible();
  await crud.getByRole('button', { name: texts.add }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(texts.roleName, { exact: true }).fill('admin');
  await dialog.getByRole('button', { name: texts.ok }).click();
}

test('the English console shows the server refusal in English, without a key or Chinese', async ({ page, baseURL }) => {
  await page.context().addCookies([{ name: 'language', value: 'en-US', url: baseURL ?? '' }]);
  await signInViaApi(page, credentialsOf('admin'), '/system/role');

  // What the console sends and what the server answers, as the api client reads it.
  const answer = page.waitForResponse((r) => r.url().includes('/system/role/rest/add'));
  await addDuplicateRole(page, { add: /Add$/, roleName: 'Role name', ok: /^OK$/ });
  const response = await answer;
  expect(response.request().headers()['accept-language']).toBe('en-US');
  const { desc } = (await response.json()) as { desc: string };
  expect(desc).toBe('The role name is already taken.');

  const toast = page.locator('.ant-message-notice, .ant-notification-notice').filter({ hasText: desc });
  await expect(toast).toBeVisible();
  const shown = (await toast.innerText()).trim();
  expect(shown).not.toMatch(CJK);
  expect(shown).not.toMatch(RAW_KEY);
});

test("the Chinese console shows the spec's Chinese words for the same refusal", async ({ page, baseURL }) => {
  await page.context().addCookies([{ name: 'language', value: 'zh-CN', url: baseURL ?? '' }]);
  await signInViaApi(page, credentialsOf('admin'), '/system/role');
  await addDuplicateRole(page, { add: /新增$/, roleName: '角色名称', ok: /^确\s*定$/ });
  await expect(
    page.locator('.ant-message-notice, .ant-notification-notice').filter({ hasText: '角色名已存在！' }),
  ).toBeVisible();
});

test('a request the server refuses as invalid is worded in English: the field by its label, the rule in words', async ({
  page,
  baseURL,
}) => {
  await page.context().addCookies([{ name: 'language', value: 'en-US', url: baseURL ?? '' }]);
  const token = await signInViaApi(page, credentialsOf('admin'), '/system/role');
  // The console checks its forms with the server's own schema, so a refused field is sent here as the
  // console sends any call: with its token and its language.
  const response = await page.request.post('/manager/system/role/rest/add', {
    headers: { token, 'Accept-Language': 'en-US' },
    data: { roleName: 'r'.repeat(65) },
  });
  expect(response.status()).toBe(400);
  const { desc } = (await response.json()) as { desc: string };
  expect(desc).toBe('Invalid parameters. Role name: At most 64 characters.');
  expect(desc).not.toMatch(CJK);
  expect(desc).not.toMatch(RAW_KEY);
});
