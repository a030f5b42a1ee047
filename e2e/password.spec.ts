import { expect, test } from '@playwright/test';
import {
  AdminApi,
  apiLogin,
  chooseFromDropdown,
  fillLoginForm,
  signInViaForm,
  uniqueUserName,
  userMenu,
} from './specs-support/session.js';

/** Change password (/pwd, 'modify password'), then sign in with the new one (issue 2 acceptance). */

test('change password, then only the new password signs in', async ({ page, request }) => {
  // A user of its own, so that no other spec depends on the password it changes.
  const admin = await AdminApi.signIn(request);
  const oldPassword = 'Before@123';
  const newPassword = 'After@4567';
  const user = await admin.addUser({
    userName: uniqueUserName('e2e-pwd'),
    password: oldPassword,
    name: 'E2E 改密',
    roleNames: ['viewer'],
  });

  try {
    await signInViaForm(page, { userName: user.userName, password: oldPassword });
    await userMenu(page).click();
    await chooseFromDropdown(page, '修改密码');
    await expect(page).toHaveURL(/\/pwd$/);
    await expect(page).toHaveTitle(/^修改密码 - /);
    await expect(page.getByRole('tab', { name: '修改密码', selected: true })).toBeVisible();

    // The form checks before it sends: the new password must differ and be confirmed.
    const form = page.getByRole('main');
    await form.getByLabel('原密码', { exact: true }).fill(oldPassword);
    await form.getByLabel('新密码', { exact: true }).fill(oldPassword);
    await form.getByLabel('确认新密码', { exact: true }).fill('something-else');
    await form.getByRole('button', { name: '确认修改' }).click();
    await expect(form.getByText('新密码不能与原密码相同！')).toBeVisible();
    await expect(page).toHaveURL(/\/pwd$/);

    await form.getByLabel('新密码', { exact: true }).fill(newPassword);
    await form.getByLabel('确认新密码', { exact: true }).fill(newPassword);
    await form.getByRole('button', { name: '确认修改' }).click();

    // The session ends; the sign-in page says why.
    await expect(page).toHaveURL((url) => url.pathname === '/login');
    await expect(page.getByText('密码已修改，请使用新密码重新登录。')).toBeVisible();
    expect(await page.evaluate(() => localStorage.length)).toBe(0);

    await fillLoginForm(page, { userName: user.userName, password: oldPassword });
    await expect(page.getByRole('alert')).toHaveText('用户名或密码错误！');

    await fillLoginForm(page, { userName: user.userName, password: newPassword });
    await expect(userMenu(page)).toBeVisible();
    await expect(page).not.toHaveURL(/\/login/);
    // The server agrees.
    expect(await apiLogin(request, { userName: user.userName, password: newPassword })).toBeTruthy();
  } finally {
    await admin.deleteUser(user.id);
  }
});
