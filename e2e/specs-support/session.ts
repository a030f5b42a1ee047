import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { USERS, type DemoUser } from '../support/env.js';

/** Helpers the specs share: signing in (through the form or the API), API calls as admin, menu and tab locators. */

/** The key apps/web/src/lib/token.ts keeps the session token under in localStorage. */
export const TOKEN_KEY = 'token';

const API = '/manager/system';

export interface Credentials {
  userName: string;
  password: string;
}

interface Envelope<T> {
  status: number;
  code: string;
  desc: string;
  data: T;
}

/** Reads a success envelope (status 200, code 000000) and returns its data; fails the test otherwise. */
async function unwrap<T>(
  response: { ok(): boolean; status(): number; json(): Promise<unknown> },
  what: string,
): Promise<T> {
  expect(response.ok(), `${what}: HTTP ${response.status()}`).toBe(true);
  const body = (await response.json()) as Envelope<T>;
  expect(body, `${what}: ${JSON.stringify(body)}`).toMatchObject({ status: 200, code: '000000' });
  return body.data;
}

/** POST …/login/rest/login; returns the token. */
export async function apiLogin(request: APIRequestContext, credentials: Credentials): Promise<string> {
  const response = await request.post(`${API}/login/rest/login`, { data: credentials });
  const data = await unwrap<{ token: string }>(response, `login as ${credentials.userName}`);
  return data.token;
}

export function credentialsOf(user: DemoUser): Credentials {
  return { userName: USERS[user].userName, password: USERS[user].password };
}

/** The sign-in form in Chinese (the default language of the e2e server). */
export async function fillLoginForm(page: Page, credentials: Credentials): Promise<void> {
  await page.getByLabel('用户名', { exact: true }).fill(credentials.userName);
  await page.getByLabel('密码', { exact: true }).fill(credentials.password);
  await loginButton(page).click();
}

/** The submit button; its accessible name also carries the icon's label ('login 登录'). */
export function loginButton(page: Page, label = '登录'): Locator {
  return page.getByRole('button', { name: labelled(label) });
}

/** Signs in through the form on /login and waits until the console (the user menu) is there. */
export async function signInViaForm(page: Page, credentials: Credentials): Promise<void> {
  await page.goto('/login');
  await fillLoginForm(page, credentials);
  await expect(page).not.toHaveURL(/\/login/);
  await expect(userMenu(page)).toBeVisible();
}

/**
 * Signs in without the form: a token from the API put where the console keeps it, then opens `path`.
 * For specs whose subject is not the sign-in itself.
 */
export async function signInViaApi(page: Page, credentials: Credentials, path = '/index'): Promise<string> {
  const token = await apiLogin(page.request, credentials);
  // /login is public, so the console loads without redirecting; then the token is stored as the app stores it.
  await page.goto('/login');
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [TOKEN_KEY, token] as const);
  await page.goto(path);
  await expect(userMenu(page)).toBeVisible();
  return token;
}

/** The header's user dropdown button (aria-label '用户菜单' / 'User menu'). */
export function userMenu(page: Page): Locator {
  return page.getByTestId('user-menu');
}

/** The top horizontal menu of groups. Overflowed or hidden items are not matched by role. */
export function topMenuItems(page: Page): Locator {
  return page.getByRole('banner').getByRole('menu').getByRole('menuitem');
}

/** The tab bar of visited views. */
export function tabBar(page: Page): Locator {
  return page.locator('nav.app-tab-bar');
}

export function tabs(page: Page): Locator {
  return tabBar(page).getByRole('tab');
}

/** The open dropdown (antd keeps closed ones in the DOM, hidden). */
function openDropdownPopup(page: Page): Locator {
  return page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
}

/** The menu of the open dropdown. */
export function openDropdownMenu(page: Page): Locator {
  return openDropdownPopup(page).getByRole('menu');
}

/**
 * Waits until the one open dropdown has finished its entrance animation and returns its menu.
 * Clicking an item while it still moves makes Playwright retry with forced scrolling of a page taller
 * than the window; the popup then realigns between mouse down and up and the click is lost (a context
 * menu even closes on the scroll).
 */
export async function dropdownSettled(page: Page): Promise<Locator> {
  const popup = openDropdownPopup(page);
  await expect(popup).toHaveCount(1);
  await expect(popup).not.toHaveClass(/-(appear|enter|leave)\b/);
  return popup.getByRole('menu');
}

/** An accessible name that is `label`, possibly after an icon's label ('logout 退出登录'). */
export function labelled(label: string): RegExp {
  return new RegExp(`(^|\\s)${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
}

/** Clicks an item of the dropdown that is open now and waits until the dropdown has gone. */
export async function chooseFromDropdown(page: Page, item: string): Promise<void> {
  const menu = await dropdownSettled(page);
  await menu.getByRole('menuitem', { name: labelled(item) }).click();
  await expect(openDropdownPopup(page)).toHaveCount(0);
}

export interface RoleRow {
  id: number;
  roleName: string;
}

export interface UserRow {
  id: number;
  userName: string;
  roleIds: number[];
}

/** An admin session on the API, for setting up and cleaning up what a spec needs. */
export class AdminApi {
  private constructor(
    private readonly request: APIRequestContext,
    private readonly token: string,
  ) {}

  static async signIn(request: APIRequestContext): Promise<AdminApi> {
    return new AdminApi(request, await apiLogin(request, credentialsOf('admin')));
  }

  private get headers(): Record<string, string> {
    return { token: this.token };
  }

  async roles(): Promise<RoleRow[]> {
    const response = await this.request.get(`${API}/role/rest/getAll`, {
      headers: this.headers,
      params: { pageNum: 1, pageSize: 100 },
    });
    return (await unwrap<{ list: RoleRow[] }>(response, 'list roles')).list;
  }

  async roleId(roleName: string): Promise<number> {
    const role = (await this.roles()).find((r) => r.roleName === roleName);
    expect(role, `role ${roleName} exists`).toBeDefined();
    return (role as RoleRow).id;
  }

  async addUser(user: Credentials & { name: string; roleNames: readonly string[] }): Promise<UserRow> {
    const roleIds = await Promise.all(user.roleNames.map((roleName) => this.roleId(roleName)));
    const response = await this.request.post(`${API}/user/rest/add`, {
      headers: this.headers,
      data: { userName: user.userName, password: user.password, name: user.name, roleIds },
    });
    return unwrap<UserRow>(response, `add user ${user.userName}`);
  }

  async findUser(userName: string): Promise<UserRow | undefined> {
    const response = await this.request.get(`${API}/user/rest/getAll`, {
      headers: this.headers,
      params: { pageNum: 1, pageSize: 100, userName },
    });
    return (await unwrap<{ list: UserRow[] }>(response, 'list users')).list.find((u) => u.userName === userName);
  }

  /** A new user whose one new role holds exactly these resource codes (pages, groups and their `:write`). */
  async userWithResources(codes: readonly string[], prefix: string, password: string): Promise<Credentials> {
    const resources = await this.request.get(`${API}/resource/rest/getAll`, {
      headers: this.headers,
      params: { pageNum: 1, pageSize: 1000 },
    });
    const all = (await unwrap<{ list: { id: number; resCode: string }[] }>(resources, 'list resources')).list;
    const resourceIds = all.filter((r) => codes.includes(r.resCode)).map((r) => r.id);
    expect(resourceIds, `resources ${codes.join(', ')}`).toHaveLength(codes.length);
    const role = await this.request.post(`${API}/role/rest/add`, {
      headers: this.headers,
      data: { roleName: uniqueUserName(`${prefix}-role`), resourceIds },
    });
    const { id: roleId } = await unwrap<{ id: number }>(role, `add a role for ${prefix}`);
    const userName = uniqueUserName(`${prefix}-user`);
    const user = await this.request.post(`${API}/user/rest/add`, {
      headers: this.headers,
      data: { userName, name: userName, password, roleIds: [roleId] },
    });
    await unwrap(user, `add user ${userName}`);
    return { userName, password };
  }

  async deleteUser(id: number): Promise<void> {
    const response = await this.request.get(`${API}/user/rest/delete`, { headers: this.headers, params: { id } });
    await unwrap<null>(response, `delete user ${id}`);
  }
}

/** A user name no other run or spec uses. */
export function uniqueUserName(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
}
