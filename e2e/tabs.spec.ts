import { expect, test, type Page } from '@playwright/test';
import {
  chooseFromDropdown,
  credentialsOf,
  labelled,
  dropdownSettled,
  openDropdownMenu,
  signInViaApi,
  tabBar,
  tabs,
} from './specs-support/session.js';

/** The tab bar of visited views and its right-click menu (issue 2 acceptance; SPEC section 2 'Layout'). */

/** Waits until the page in the layout has its table loaded, so the page no longer changes height. */
async function settled(page: Page): Promise<void> {
  const main = page.getByRole('main');
  await expect(main.locator('.ant-table')).toBeVisible();
  await expect(main.locator('.ant-spin-spinning, .ant-skeleton')).toHaveCount(0);
}

function tab(page: Page, name: string) {
  return tabBar(page).getByRole('tab', { name, exact: true });
}

async function openFromSideMenu(page: Page, name: string): Promise<void> {
  await page
    .locator('.app-sider')
    .getByRole('menuitem', { name: labelled(name) })
    .click();
  await expect(tabBar(page).getByRole('tab', { name, exact: true, selected: true })).toBeVisible();
  await settled(page);
}

async function openTab(page: Page, name: string, path: RegExp): Promise<void> {
  await tab(page, name).click();
  await expect(page).toHaveURL(path);
  await settled(page);
}

async function rightClickTab(page: Page, name: string): Promise<void> {
  await tab(page, name).click({ button: 'right' });
  await dropdownSettled(page);
}

async function tabAction(page: Page, name: string, action: '刷新' | '关闭' | '关闭其他' | '关闭所有'): Promise<void> {
  await rightClickTab(page, name);
  await chooseFromDropdown(page, action);
}

test('tab bar context menu: refresh, close, close others, close all', async ({ page }) => {
  // A long walk through many pages on a two-core machine.
  test.setTimeout(60_000);
  await signInViaApi(page, credentialsOf('admin'), '/system/user');
  await openFromSideMenu(page, '角色管理');
  await openFromSideMenu(page, '数据字典');
  await openFromSideMenu(page, '操作日志');
  await expect(tabs(page)).toHaveText(['首页', '用户管理', '角色管理', '数据字典', '操作日志']);

  // The open tabs belong to this browser tab and survive a reload.
  await page.reload();
  await expect(tabs(page)).toHaveText(['首页', '用户管理', '角色管理', '数据字典', '操作日志']);
  await settled(page);

  // The home tab is fixed: it cannot be closed.
  await rightClickTab(page, '首页');
  await expect(openDropdownMenu(page).getByRole('menuitem', { name: '关闭', exact: true })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
  await page.keyboard.press('Escape');
  await expect(openDropdownMenu(page)).toHaveCount(0);

  // Refresh: the view is mounted afresh (local state gone, data fetched again); the tabs stay.
  await openTab(page, '角色管理', /\/system\/role$/);
  const filter = page.getByRole('search').getByRole('textbox').first();
  await filter.fill('typed before refresh');
  const refetch = page.waitForRequest((request) => request.url().includes('/manager/system/role/rest/getAll'));
  await tabAction(page, '角色管理', '刷新');
  await refetch;
  await expect(page).toHaveURL(/\/system\/role$/);
  await settled(page);
  await expect(page.getByRole('search').getByRole('textbox').first()).toHaveValue('');
  await expect(tabs(page)).toHaveText(['首页', '用户管理', '角色管理', '数据字典', '操作日志']);
  await expect(tabBar(page).getByRole('tab', { name: '角色管理', selected: true })).toBeVisible();

  // Close a tab that is not the current one: the page stays.
  await tabAction(page, '用户管理', '关闭');
  await expect(tabs(page)).toHaveText(['首页', '角色管理', '数据字典', '操作日志']);
  await expect(page).toHaveURL(/\/system\/role$/);

  // Close the current tab: its left neighbour opens.
  await openTab(page, '数据字典', /\/system\/dictionary$/);
  await tabAction(page, '数据字典', '关闭');
  await expect(tabs(page)).toHaveText(['首页', '角色管理', '操作日志']);
  await expect(page).toHaveURL(/\/system\/role$/);
  await expect(tabBar(page).getByRole('tab', { name: '角色管理', selected: true })).toBeVisible();

  // Close others: the fixed home tab and the chosen one remain, and the chosen one opens.
  await openFromSideMenu(page, '用户管理');
  await expect(tabs(page)).toHaveText(['首页', '角色管理', '操作日志', '用户管理']);
  await tabAction(page, '操作日志', '关闭其他');
  await expect(tabs(page)).toHaveText(['首页', '操作日志']);
  await expect(page).toHaveURL(/\/system\/log$/);

  // Close all: only home remains, and it opens.
  await openFromSideMenu(page, '数据字典');
  await expect(tabs(page)).toHaveText(['首页', '操作日志', '数据字典']);
  await tabAction(page, '数据字典', '关闭所有');
  await expect(tabs(page)).toHaveText(['首页']);
  await expect(page).toHaveURL(/\/index$/);
  await expect(tabBar(page).getByRole('tab', { name: '首页', selected: true })).toBeVisible();
});

test('on a phone-wide screen the menu is a drawer: the menu button opens it, a page chosen in it closes it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInViaApi(page, credentialsOf('admin'), '/system/user');
  await settled(page);
  await expect(page.locator('.app-sider')).toHaveCount(0);
  const drawer = page.locator('.app-menu-drawer');
  await expect(drawer).toHaveCount(0);

  await page.getByRole('button', { name: '打开菜单' }).click();
  await expect(drawer).toBeVisible();
  await drawer.getByRole('menuitem', { name: labelled('角色管理') }).click();
  await expect(page).toHaveURL(/\/system\/role$/);
  await expect(drawer).toBeHidden();
  await expect(tabBar(page).getByRole('tab', { name: '角色管理', selected: true })).toBeVisible();

  // It opens again, with the page now shown selected.
  await page.getByRole('button', { name: '打开菜单' }).click();
  await expect(drawer.getByRole('menuitem', { name: labelled('角色管理') })).toHaveClass(/ant-menu-item-selected/);
});
