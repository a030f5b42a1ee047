import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { findKeys, visibleUntranslatedKeys } from './specs-support/i18n-scan.js';
import { chooseFromDropdown, credentialsOf, signInViaApi, topMenuItems } from './specs-support/session.js';

/** Language and theme choices: kept in cookies, surviving a reload (issue 2 acceptance; SPEC sections 1, 2). */

async function cookie(context: BrowserContext, name: string): Promise<string | undefined> {
  return (await context.cookies()).find((c) => c.name === name)?.value;
}

interface Texts {
  lang: 'zh-CN' | 'en-US';
  languageButton: string;
  welcome: RegExp;
  systemGroup: string;
  usersTitle: string;
  userNameColumn: string;
  /** antd's own locale: the page-size changer of the table. */
  pageSize: string;
  /** dayjs's locale: the date on the home page ('LL dddd'). */
  date: RegExp;
  documentation: string;
}

const ZH: Texts = {
  lang: 'zh-CN',
  languageButton: '语言',
  welcome: /^欢迎，/,
  systemGroup: '系统管理',
  usersTitle: '用户管理',
  userNameColumn: '用户名',
  pageSize: '20 条/页',
  date: /^\d{4}年\d{1,2}月\d{1,2}日 星期./,
  documentation: '使用文档',
};

const EN: Texts = {
  lang: 'en-US',
  languageButton: 'Language',
  welcome: /^Welcome, /,
  systemGroup: 'System',
  usersTitle: 'Users',
  userNameColumn: 'User name',
  pageSize: '20 / page',
  date: /^[A-Z][a-z]+ \d{1,2}, \d{4} [A-Z][a-z]+day$/,
  documentation: 'Documentation',
};

async function expectKeysTranslated(page: Page, where: string): Promise<void> {
  expect(await visibleUntranslatedKeys(page), `untranslated i18n keys on ${where}`).toEqual([]);
}

/** Home, the users page and the documentation, each fully rendered, in the language `texts` describes. */
async function checkPages(page: Page, texts: Texts): Promise<void> {
  await page.goto('/index');
  await expect(page.locator('html')).toHaveAttribute('lang', texts.lang);
  await expect(page.getByRole('heading', { level: 3, name: texts.welcome })).toBeVisible();
  await expect(page.locator('.ant-typography-secondary').filter({ hasText: texts.date })).toBeVisible();
  await expect(topMenuItems(page).filter({ hasText: texts.systemGroup })).toBeVisible();
  await expectKeysTranslated(page, `/index (${texts.lang})`);

  await page.goto('/system/user');
  await expect(page.getByRole('tab', { name: texts.usersTitle, selected: true })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: texts.userNameColumn, exact: true })).toBeVisible();
  // The admin user's name; its role, named admin too, is in a later column of the same row.
  await expect(page.getByRole('cell', { name: 'admin', exact: true }).first()).toBeVisible();
  await expect(page.getByText(texts.pageSize)).toBeVisible();
  await expectKeysTranslated(page, `/system/user (${texts.lang})`);

  await page.goto('/documentation/index');
  await expect(page.getByRole('heading', { level: 2, name: texts.documentation })).toBeVisible();
  await expect(page.getByRole('link', { name: /\/api-docs/ })).toBeVisible();
  await expectKeysTranslated(page, `/documentation/index (${texts.lang})`);
}

async function chooseLanguage(page: Page, from: Texts, to: string): Promise<void> {
  await page.getByRole('button', { name: from.languageButton, exact: true }).click();
  await chooseFromDropdown(page, to);
}

test('the key scan recognises an untranslated key', async ({ page }) => {
  // The checks below are only as good as the scan.
  await page.setContent(
    '<title>common.appName</title><p>首页 layout.header.size</p><input placeholder="auth.login.userName">' +
      '<button aria-label="validation.required">x</button><p hidden>system.user.title</p>',
  );
  expect(await visibleUntranslatedKeys(page)).toEqual([
    'common.appName',
    'layout.header.size',
    'auth.login.userName',
    'validation.required',
  ]);
  expect(findKeys('首页 layout.header.size docs.documentation.api.p3 common.appName')).toEqual([
    'layout.header.size',
    'docs.documentation.api.p3',
    'common.appName',
  ]);
  expect(findKeys('admin@example.com /api-docs /openapi.json 20 / page')).toEqual([]);
});

test('language switch zh ↔ en persists across reload, with no untranslated key visible', async ({ page, context }) => {
  // Three rounds of the same pages with their key scans (zh, en, after a reload): a long test, not a slow one.
  test.setTimeout(60_000);
  await signInViaApi(page, credentialsOf('admin'), '/index');
  // No choice yet: the server's default language (zh) applies.
  expect(await cookie(context, 'language')).toBeUndefined();
  await checkPages(page, ZH);

  await chooseLanguage(page, ZH, 'English');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await expect(page.getByRole('heading', { level: 2, name: 'Documentation' })).toBeVisible();
  expect(await cookie(context, 'language')).toBe('en-US');

  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: 'Documentation' })).toBeVisible();
  await checkPages(page, EN);

  await chooseLanguage(page, EN, '中文');
  await expect(page.getByRole('heading', { level: 2, name: '使用文档' })).toBeVisible();
  expect(await cookie(context, 'language')).toBe('zh-CN');
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: '使用文档' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
});

/** The theme's header colours (apps/web/src/app/providers/theme.ts CHROME): dark slate for light, blue for dark. */
const HEADER_BG = { light: 'rgb(15, 23, 42)', dark: 'rgb(11, 42, 99)' } as const;

async function background(page: Page, selector: string): Promise<string> {
  return page
    .locator(selector)
    .first()
    .evaluate((element) => getComputedStyle(element).backgroundColor);
}

test('theme switch light ↔ dark persists across reload', async ({ page, context }) => {
  await signInViaApi(page, credentialsOf('admin'), '/system/user');
  const header = page.getByRole('banner');
  await expect(header).toHaveCSS('background-color', HEADER_BG.light);
  const lightCard = await background(page, '[data-testid="crud-user"]');

  await page.getByRole('button', { name: '主题', exact: true }).click();
  await chooseFromDropdown(page, '深色');
  await expect(header).toHaveCSS('background-color', HEADER_BG.dark);
  expect(await cookie(context, 'theme')).toBe('dark');
  // antd's dark algorithm darkens the content too, not only the chrome.
  const darkCard = await background(page, '[data-testid="crud-user"]');
  expect(darkCard).not.toBe(lightCard);

  await page.reload();
  await expect(header).toHaveCSS('background-color', HEADER_BG.dark);
  await expect(page.getByTestId('crud-user')).toHaveCSS('background-color', darkCard);
  await expect(page.locator('.app-sider')).toHaveCSS('background-color', 'rgb(15, 58, 134)');

  await page.getByRole('button', { name: '主题', exact: true }).click();
  await chooseFromDropdown(page, '浅色');
  await expect(header).toHaveCSS('background-color', HEADER_BG.light);
  expect(await cookie(context, 'theme')).toBe('light');
  await page.reload();
  await expect(header).toHaveCSS('background-color', HEADER_BG.light);
  await expect(page.getByTestId('crud-user')).toHaveCSS('background-color', lightCard);
  await expect(page.locator('.app-sider')).toHaveCSS('background-color', 'rgb(30, 41, 59)');
});
