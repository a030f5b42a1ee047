import { expect, test } from '@playwright/test';
import { credentialsOf, signInViaApi } from './specs-support/session.js';

/**
 * A page that exists but is not the user's is refused, not 'not found' (issue 14 point 5; SPEC
 * section 2: /401 with a no-go-back flag). The demo viewer holds the real-time and query groups only.
 */

const NOT_THE_VIEWERS = ['/system/user', '/settings/threshold', '/alarm/list'] as const;

test('the viewer opening pages of other roles by URL gets the 401 page, and Back does not return to them', async ({
  page,
}) => {
  // Seven full page loads.
  test.setTimeout(90_000);
  await signInViaApi(page, credentialsOf('viewer'), '/realtime/data');

  for (const path of NOT_THE_VIEWERS) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/401\?noGoBack=true$/);
    await expect(page.getByText('抱歉，您的角色无权访问该页面。')).toBeVisible();
    await expect(page.locator('.ant-result-404')).toHaveCount(0);
  }

  // The page's own Back button goes home instead of back into the refused page.
  await page.getByRole('button', { name: /^返\s?回$/ }).click();
  await expect(page).toHaveURL(/\/realtime\/data$/);

  // The refused entry was replaced: the browser's Back goes to the page before it, not into the refusal again.
  await page.goto('/realtime/query-that-does-not-exist');
  await expect(page).toHaveURL(/\/404$/);
  await page.goto('/system/role');
  await expect(page).toHaveURL(/\/401\?noGoBack=true$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/404$/);
});

test('a path that is no page of the console is not found', async ({ page }) => {
  await signInViaApi(page, credentialsOf('viewer'), '/realtime/data');
  await page.goto('/system/no-such-page');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByText('抱歉，您访问的页面不存在。')).toBeVisible();

  // The viewer's own pages open as usual.
  await page.goto('/query/history');
  await expect(page).toHaveURL(/\/query\/history$/);
  await expect(page.locator('.ant-result')).toHaveCount(0);
});
