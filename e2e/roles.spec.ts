import { expect, test } from '@playwright/test';
import { RESOURCE_TREE } from '@envmon/shared';
import { apiLogin, credentialsOf, signInViaForm, topMenuItems } from './specs-support/session.js';
import type { DemoUser } from './support/env.js';

/**
 * Menus differ by role (issue 2 acceptance; SPEC section 6). The demo roles: operator holds
 * realtime, query, report, alarm and read-only water; viewer holds realtime and query.
 */

const groupNames = (codes: readonly string[]): string[] =>
  RESOURCE_TREE.filter((group) => codes.includes(group.code)).map((group) => group.zh);

interface Case {
  user: DemoUser;
  groups: readonly string[];
  /** A page of a group the role does not hold. */
  outside: string;
}

const CASES: readonly Case[] = [
  { user: 'operator', groups: ['realtime', 'query', 'report', 'alarm', 'water'], outside: '/system/user' },
  { user: 'viewer', groups: ['realtime', 'query'], outside: '/alarm/list' },
];

for (const { user, groups, outside } of CASES) {
  test(`${user} sees only the groups of the role and cannot open ${outside}`, async ({ page }) => {
    await signInViaForm(page, credentialsOf(user));

    await expect(page).toHaveURL(/\/realtime\/data$/);
    await expect(topMenuItems(page)).toHaveText(groupNames(groups));

    // The home page is the dashboard of a role other than admin: the editor variant (issue 17).
    await page.goto('/index');
    await expect(page.getByTestId('dashboard-home')).toHaveAttribute('data-variant', 'editor');

    // A page outside the menu exists but is not this user's: refused, typed in or not (SPEC section 2).
    await page.goto(outside);
    await expect(page).toHaveURL(/\/401\?noGoBack=true$/);
    await expect(page.getByText('抱歉，您的角色无权访问该页面。')).toBeVisible();

    // The server agrees: the same data is refused with 403.
    const token = await apiLogin(page.request, credentialsOf(user));
    const response = await page.request.get('/manager/system/user/rest/getAll', {
      headers: { token },
      params: { pageNum: 1, pageSize: 10 },
    });
    expect(response.status()).toBe(403);
    expect(await response.json()).toMatchObject({
      status: -1,
      code: '000001',
      desc: '没有操作权限，请联系系统管理员！',
    });
  });
}
