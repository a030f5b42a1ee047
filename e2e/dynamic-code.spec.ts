import { expect, type Page, test } from '@playwright/test';
import { blockingAxeFindings } from './specs-support/axe.js';
import { visibleUntranslatedKeys } from './specs-support/i18n-scan.js';
import { AdminApi, type Credentials, signInViaApi } from './specs-support/session.js';
import { totp } from './specs-support/totp.js';
import { baseURL } from './support/env.js';

/**
 * Settings → dynamic code as an authenticator app sees it: a user who may see the screen (and not change the
 * guarded list) enrols, reads the key off the page, and confirms with the code an RFC 6238 app computes from
 * it (written here from the RFC, not with the server's library). Then the screen in English and the dark theme.
 */

const PATH = '/settings/dynamic-code';
const PASSWORD = 'Dyn-e2e@1234';

/** A user whose role holds the dynamic code screen only (not its write). */
async function screenUser(page: Page): Promise<Credentials> {
  const admin = await AdminApi.signIn(page.request);
  return admin.userWithResources(['settings', 'settings.dynamic-code'], 'dyn', PASSWORD);
}

test('a user enrols in an authenticator app and confirms with its first code; the guarded list is read-only', async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const user = await screenUser(page);
  await signInViaApi(page, user, PATH);
  const mine = page.getByTestId('dynamic-code-mine');
  await expect(mine.getByTestId('dynamic-code-state')).toHaveText('未绑定');
  await mine.getByRole('button', { name: /绑\s*定/ }).click();

  const qr = page.getByRole('img', { name: `将 ${user.userName}（envmon）绑定到身份验证器应用的二维码` });
  await expect(qr).toBeVisible();
  // The image is a QR code a camera can read: an SVG drawn on white.
  expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth > 0 && img.complete)).toBe(true);
  const key = (await page.getByTestId('dynamic-code-secret').innerText()).replace(/\s/g, '');
  expect(key).toMatch(/^[A-Z2-7]{32}$/);
  expect(await blockingAxeFindings(page, PATH)).toEqual([]);

  const field = page.getByLabel('应用中的动态码');
  await field.fill('000000' === totp(key) ? '111111' : '000000');
  await page
    .getByTestId('dynamic-code-enrolment')
    .getByRole('button', { name: /确\s*认/ })
    .click();
  await expect(page.getByText('动态码错误！')).toBeVisible();
  await field.fill(totp(key));
  await page
    .getByTestId('dynamic-code-enrolment')
    .getByRole('button', { name: /确\s*认/ })
    .click();
  await expect(page.getByText('动态码绑定成功。')).toBeVisible();
  await expect(mine.getByTestId('dynamic-code-state')).toHaveText('已绑定');
  await expect(page.getByTestId('dynamic-code-enrolment')).toHaveCount(0);
  // The key is gone from the page once confirmed.
  await expect(page.getByTestId('dynamic-code-secret')).toHaveCount(0);

  const guarded = page.getByTestId('dynamic-code-guarded');
  const password = guarded.getByRole('group', { name: '密码' });
  await expect(password.getByRole('checkbox', { name: /^1072 — / })).toBeChecked();
  await expect(password.getByRole('checkbox', { name: /^1072 — / })).toBeDisabled();
  await expect(guarded.getByRole('button', { name: /保\s*存/ })).toHaveCount(0);

  // Renewing asks for a current code.
  await mine.getByRole('button', { name: /重新绑定/ }).click();
  await expect(page.getByLabel('当前动态码')).toBeVisible();
  expect(errors).toEqual([]);

  // In English and the dark theme.
  await context.addCookies([
    { name: 'language', value: 'en-US', url: baseURL() },
    { name: 'theme', value: 'dark', url: baseURL() },
  ]);
  await page.goto(PATH);
  await expect(page.getByTestId('dynamic-code-state')).toHaveText('Enrolled');
  await expect(page.getByText('Commands that need a dynamic code')).toBeVisible();
  expect(await visibleUntranslatedKeys(page)).toEqual([]);
  expect(await blockingAxeFindings(page, `${PATH} (en-US, dark)`)).toEqual([]);
  expect(errors).toEqual([]);
});
