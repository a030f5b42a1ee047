import { expect, test } from '@playwright/test';
import { RESOURCE_TREE } from '@envmon/shared';
import { USERS } from './support/env.js';
import {
  apiLogin,
  chooseFromDropdown,
  credentialsOf,
  fillLoginForm,
  loginButton,
  signInViaForm,
  TOKEN_KEY,
  topMenuItems,
  userMenu,
} from './specs-support/session.js';

/** Sign-in, the navigation guard and signing out (issue 2 acceptance; SPEC sections 2, 4, 8). */

test.describe('sign-in', () => {
  test('a wrong password shows the server message and keeps the user on /login', async ({ page }) => {
    await page.goto('/login');
    await fillLoginForm(page, { userName: USERS.viewer.userName, password: 'not-the-password' });

    const alert = page.getByRole('alert');
    await expect(alert).toHaveText('用户名或密码错误！');
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY)).toBeNull();

    // Editing the form takes the message away; a user name with spaces around it is trimmed.
    await page.getByLabel('密码', { exact: true }).fill(USERS.viewer.password);
    await expect(alert).toBeHidden();
    await page.getByLabel('用户名', { exact: true }).fill(`  ${USERS.viewer.userName}  `);
    await loginButton(page).click();
    await expect(userMenu(page)).toBeVisible();
  });

  test('the English sign-in page shows the translated wrong-credentials message', async ({
    page,
    context,
    baseURL,
  }) => {
    await context.addCookies([{ name: 'language', value: 'en-US', url: baseURL ?? '' }]);
    await page.goto('/login');
    await page.getByLabel('User name', { exact: true }).fill(USERS.operator.userName);
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await loginButton(page, 'Sign in').click();
    await expect(page.getByRole('alert')).toHaveText('Wrong user name or password.');
  });

  test('admin signs in and sees every group of the menu', async ({ page }) => {
    await signInViaForm(page, credentialsOf('admin'));

    // '/' lands on the first page of the first generated route.
    await expect(page).toHaveURL(/\/realtime\/data$/);
    await expect(topMenuItems(page)).toHaveText(RESOURCE_TREE.map((group) => group.zh));
    for (const group of RESOURCE_TREE) {
      await expect(topMenuItems(page).filter({ hasText: group.zh })).toBeVisible();
    }

    // Each group's pages are in its side menu: the System group as an example.
    await topMenuItems(page).filter({ hasText: '系统管理' }).click();
    await expect(page).toHaveURL(/\/system\/device$/);
    const system = RESOURCE_TREE.find((group) => group.code === 'system');
    const sideMenu = page.locator('.app-sider').getByRole('menuitem');
    await expect(sideMenu).toHaveText((system?.children ?? []).map((child) => child.zh));
  });
});

test.describe('navigation guard', () => {
  test('a deep link while signed out goes to /login?redirect=… and back there after sign-in', async ({ page }) => {
    // The query string travels too.
    await page.goto('/system/user?userName=admin');
    await expect(page).toHaveURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/system/user?userName=admin');
    await expect(loginButton(page)).toBeVisible();

    await fillLoginForm(page, credentialsOf('admin'));
    await expect(page).toHaveURL((url) => url.pathname === '/system/user' && url.search === '?userName=admin');
    await expect(page.getByTestId('crud-user')).toBeVisible();
    await expect(page.getByRole('tab', { name: '用户管理', selected: true })).toBeVisible();
  });

  test('a redirect parameter pointing off-site is not followed', async ({ page, baseURL }) => {
    await page.goto('/login?redirect=https%3A%2F%2Fexample.com%2F');
    await fillLoginForm(page, credentialsOf('viewer'));
    await expect(userMenu(page)).toBeVisible();
    expect(new URL(page.url()).origin).toBe(new URL(baseURL ?? '').origin);
  });
});

test.describe('sign-out', () => {
  test('log out revokes the token, clears local storage and returns to /login', async ({ page }) => {
    await signInViaForm(page, credentialsOf('operator'));
    await page.goto('/index');
    await expect(page.getByRole('heading', { name: /欢迎/ })).toBeVisible();

    // Something else the console keeps locally: the chosen project (the page reloads on change).
    const projectSelect = page.getByRole('combobox', { name: '项目' });
    await projectSelect.click();
    await page.keyboard.type('深圳河');
    await expect(page.getByRole('option', { name: '深圳河流域水质监测' })).toBeAttached();
    await Promise.all([page.waitForEvent('load'), page.keyboard.press('Enter')]);
    expect(await page.evaluate(() => localStorage.getItem('projectId'))).not.toBeNull();
    await expect(page.locator('.app-project-selector')).toHaveText('深圳河流域水质监测');
    await expect(userMenu(page)).toBeVisible();
    const token = await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY);
    expect(token).not.toBeNull();

    await userMenu(page).click();
    await chooseFromDropdown(page, '退出登录');

    await expect(page).toHaveURL((url) => url.pathname === '/login');
    await expect(loginButton(page)).toBeVisible();
    expect(await page.evaluate(() => localStorage.length)).toBe(0);

    // The server revoked the old token.
    const response = await page.request.get('/manager/system/user/rest/getByToken', {
      headers: { token: token ?? '' },
    });
    expect(response.status()).toBe(401);

    // And the console is closed again.
    await page.goto('/index');
    await expect(page).toHaveURL((url) => url.pathname === '/login');
  });

  test('a token the server no longer accepts sends the console back to /login', async ({ page }) => {
    const token = await apiLogin(page.request, credentialsOf('viewer'));
    await page.request.post('/manager/system/login/rest/logout', { headers: { token } });
    await page.goto('/login');
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [TOKEN_KEY, token] as const);
    await page.goto('/index');
    await expect(page).toHaveURL((url) => url.pathname === '/login');
    await expect(loginButton(page)).toBeVisible();
  });
});
