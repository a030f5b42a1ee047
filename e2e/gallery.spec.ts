import { expect, type Page, test } from '@playwright/test';
import { type AxeFinding, blockingAxeFindings } from './specs-support/axe.js';
import { DeviceApi, deviceBody, uniquePrefix } from './specs-support/devices-api.js';
import { visibleUntranslatedKeys } from './specs-support/i18n-scan.js';
import { openInConsole, RESOURCE_CODES, screenSettled, trackCalls } from './specs-support/menu-screens.js';
import {
  AdminApi,
  apiLogin,
  chooseFromDropdown,
  type Credentials,
  credentialsOf,
  dropdownSettled,
  TOKEN_KEY,
  uniqueUserName,
  userMenu,
} from './specs-support/session.js';

/**
 * The template gallery (issue 17, SPEC section 2 'template demo routes'): the console's building blocks
 * on real data, reachable by admins only. The admin reaches it from the user menu and opens every route
 * in Chinese/light and English/dark with no untranslated key and no serious or critical axe finding; any
 * other role is refused every route (/401 with no way back) and is offered no entry.
 */

const NESTED = [
  '/nested/menu1/menu1-1',
  '/nested/menu1/menu1-2/menu1-2-1',
  '/nested/menu1/menu1-2/menu1-2-2',
  '/nested/menu2',
] as const;
const GALLERY_ROUTES = ['/components/index', '/charts/index', '/table/index', ...NESTED] as const;

/** What each route shows once it is there (the router keeps the previous page up while the next one's code loads). */
const PAGE_TEST_IDS: Record<(typeof GALLERY_ROUTES)[number], string> = {
  '/components/index': 'gallery-components',
  '/charts/index': 'gallery-charts',
  '/table/index': 'gallery-table',
  '/nested/menu1/menu1-1': 'gallery-nested-page',
  '/nested/menu1/menu1-2/menu1-2-1': 'gallery-nested-page',
  '/nested/menu1/menu1-2/menu1-2-2': 'gallery-nested-page',
  '/nested/menu2': 'gallery-nested-page',
};

/**
 * Signs in with a token from the API, as signInViaApi does, allowing the first load of the whole console
 * longer on a busy machine.
 */
async function signIn(page: Page, credentials: Credentials, path: string): Promise<void> {
  const token = await apiLogin(page.request, credentials);
  await page.goto('/login');
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [TOKEN_KEY, token] as const);
  await page.goto(path);
  await expect(userMenu(page)).toBeVisible({ timeout: 30_000 });
}

const TEXT = {
  'zh-CN': {
    entry: '组件示例',
    required: '此项为必填项！',
    searchTree: '按设备名称搜索',
    searchLabels: '搜索标签',
    level1: '一级',
    notice: '示例序列，并非监测数据',
    theme: '浅色',
    menu122: '菜单 1-2-2',
    under: '此页面位于 菜单 1 › 菜单 1-2 之下',
    underMenu1: '此页面位于 菜单 1 之下',
    top: '此页面位于示例菜单的顶层',
  },
  'en-US': {
    entry: 'Component gallery',
    required: 'This field is required.',
    searchTree: 'Search by device name',
    searchLabels: 'Search labels',
    level1: 'Level 1',
    notice: 'Example series, not measurements',
    theme: 'dark',
    menu122: 'Menu 1-2-2',
    under: 'This page sits under Menu 1 › Menu 1-2',
    underMenu1: 'This page sits under Menu 1:',
    top: 'This page sits at the top level of the example menu',
  },
} as const;

const CASES = [
  { theme: 'light', language: 'zh-CN' },
  { theme: 'dark', language: 'en-US' },
] as const;

test.describe.configure({ mode: 'parallel' });

for (const { theme, language } of CASES) {
  test(`admin reaches the gallery from the user menu and opens every route, translated and axe-clean (${language}, ${theme})`, async ({
    page,
    context,
    baseURL,
    request,
  }) => {
    // Seven routes, each scanned by axe, in a console loaded on a shared machine.
    test.setTimeout(300_000);
    const text = TEXT[language];
    // A device of this run, for the device tree to show: the gallery reads the real devices.
    const devices = await DeviceApi.signIn(request);
    const prefix = uniquePrefix('GAL');
    const device = await devices.add(deviceBody(`${prefix}01`, `${prefix} gallery station`, await devices.adminId()));
    try {
      await context.addCookies([
        { name: 'language', value: language, url: baseURL ?? '' },
        { name: 'theme', value: theme, url: baseURL ?? '' },
      ]);
      const callsInFlight = trackCalls(page);
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
      await signIn(page, credentialsOf('admin'), '/guide/index');

      // The entry point: the user menu, for the admin.
      await userMenu(page).click();
      await chooseFromDropdown(page, text.entry);
      await expect(page).toHaveURL(/\/components\/index$/);

      const findings: AxeFinding[] = [];
      for (const path of GALLERY_ROUTES) {
        await openInConsole(page, path);
        await expect(page.getByTestId(PAGE_TEST_IDS[path])).toBeVisible({ timeout: 20_000 });
        await screenSettled(page, callsInFlight);
        await expect(page.locator('.ant-result-404, .ant-result-403, .ant-result-error')).toHaveCount(0);
        const keys = (await visibleUntranslatedKeys(page)).filter((key) => !RESOURCE_CODES.has(key));
        expect(keys, `untranslated i18n keys on ${path}`).toEqual([]);
        findings.push(...(await blockingAxeFindings(page, path)));

        switch (path) {
          case '/components/index': {
            // The device tree holds the real devices: this run's device is found and picked.
            const tree = page.getByTestId('gallery-device-tree');
            await tree.getByPlaceholder(text.searchTree).fill(prefix);
            await tree
              .locator('.ant-tree-title', { hasText: `${prefix} gallery station` })
              .first()
              .click();
            await expect(page.getByTestId('gallery-tree-selected')).toContainText(`${prefix}01`);
            // The search box narrows the vocabularies.
            await page.getByLabel(text.searchLabels).fill(text.level1);
            await expect(page.getByTestId('gallery-vocabulary-alarmLevel').locator('.ant-tag')).toHaveText([
              text.level1,
            ]);
            await expect(page.getByTestId('gallery-vocabulary-alarmType')).toHaveCount(0);
            // The shared schema refuses an empty form, its message under the fields.
            await page.getByTestId('gallery-schema-form-open').click();
            const dialog = page.getByRole('dialog');
            await dialog.getByRole('button', { name: /save|保\s?存/i }).click();
            await expect(dialog.getByText(text.required).first()).toBeVisible();
            findings.push(...(await blockingAxeFindings(page, `${path} (form dialog)`)));
            await page.keyboard.press('Escape');
            await expect(dialog).toHaveCount(0);
            break;
          }
          case '/charts/index':
            await expect(page.getByTestId('gallery-charts-notice')).toContainText(text.notice);
            await expect(page.getByTestId('gallery-charts-notice')).toContainText(text.theme);
            for (const type of ['line', 'bar', 'radar', 'rose', 'gauge', 'pie']) {
              await expect(page.getByTestId(`gallery-echart-${type}`).locator('canvas').first()).toBeVisible();
            }
            await expect(page.getByTestId('gallery-palette').locator('li')).toHaveCount(24);
            break;
          case '/table/index':
            // The dictionary's real rows (seeded), read only: no add, edit or delete.
            await expect(
              page.getByTestId('gallery-crud-table').locator('tbody tr.ant-table-row').first(),
            ).toBeVisible();
            await expect(page.getByTestId('gallery-crud-definition')).toContainText(
              '/manager/system/dictionary/rest/getAll',
            );
            await expect(
              page.getByTestId('gallery-paged-table').getByRole('button', { name: /delete|删\s?除/i }),
            ).toHaveCount(0);
            break;
          case '/nested/menu1/menu1-2/menu1-2-1':
            await expect(page.getByTestId('gallery-nested-page')).toContainText(text.under);
            // The example's own menu moves between its pages.
            await page.getByTestId('gallery-nested-menu').getByText(text.menu122, { exact: true }).click();
            await expect(page).toHaveURL(/\/nested\/menu1\/menu1-2\/menu1-2-2$/);
            await expect(page.getByTestId('gallery-nested-details')).toContainText('/nested/menu1/menu1-2/menu1-2-2');
            break;
          case '/nested/menu2':
            await expect(page.getByTestId('gallery-nested-page')).toContainText(text.top);
            break;
          case '/nested/menu1/menu1-1':
            await expect(page.getByTestId('gallery-nested-page')).toContainText(text.underMenu1);
            break;
          case '/nested/menu1/menu1-2/menu1-2-2':
            await expect(page.getByTestId('gallery-nested-details')).toContainText('3');
            break;
        }
      }
      expect(findings, JSON.stringify(findings, null, 2)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await devices.remove(device.id);
    }
  });
}

test('a user without the admin role is refused every gallery route and offered no entry', async ({ page, request }) => {
  test.setTimeout(180_000);
  const admin = await AdminApi.signIn(request);
  const credentials = { userName: uniqueUserName('gallery-op'), password: 'Gallery@123' };
  const user = await admin.addUser({ ...credentials, name: 'Gallery operator', roleNames: ['operator'] });
  try {
    await signIn(page, credentials, '/realtime/data');

    await userMenu(page).click();
    const menu = await dropdownSettled(page);
    await expect(menu.getByRole('menuitem').first()).toBeVisible();
    await expect(menu.getByText('组件示例')).toHaveCount(0);
    await page.keyboard.press('Escape');

    for (const path of [...GALLERY_ROUTES, '/nested']) {
      await page.goto(path);
      await expect(page, `${path} is refused`).toHaveURL(/\/401\?noGoBack=true$/);
      await expect(page.getByText('抱歉，您的角色无权访问该页面。')).toBeVisible();
    }
    // Inside the console too (a link, not a reload).
    await page.goto('/realtime/data');
    await expect(userMenu(page)).toBeVisible();
    await page.evaluate(() => {
      window.history.pushState(null, '', '/charts/index');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page).toHaveURL(/\/401\?noGoBack=true$/);
  } finally {
    await admin.deleteUser(user.id);
  }
});
