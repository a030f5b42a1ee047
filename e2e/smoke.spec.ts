import { expect, test } from '@playwright/test';

test('the login page shows the sign-in form', async ({ page }) => {
  const pageErrors: string[] = [];
  page.on('pageerror', (err) => pageErrors.push(err.message));

  const response = await page.goto('/login');
  expect(response?.ok()).toBe(true);

  const form = page.locator('form').filter({ has: page.locator('input[type="password"]') });
  await expect(form).toBeVisible();
  await expect(form.locator('input:not([type="password"]):not([type="hidden"])').first()).toBeVisible();
  await expect(form.locator('input[type="password"]')).toBeVisible();
  await expect(form.locator('button[type="submit"]')).toBeVisible();
  expect(pageErrors).toEqual([]);
});
