import { expect, test } from '@playwright/test';
import { credentialsOf, labelled, signInViaApi } from './specs-support/session.js';

/**
 * Issue 13, hole 9: the console is served with a Content-Security-Policy and works under it —
 * no violation while signing in, on the device map, on a query screen or in the API reference.
 */
test('the console runs under its Content-Security-Policy without a violation', async ({ page }) => {
  // Four screens on the busy demo server; the device map alone may take 10 s (it waits for its tree).
  test.setTimeout(60_000);
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.text().startsWith('CSP violation')) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}`);
    });
  });

  const response = await page.goto('/login');
  const headers = response?.headers() ?? {};
  expect(headers['content-security-policy']).toContain("script-src 'self'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('SAMEORIGIN');

  await signInViaApi(page, credentialsOf('admin'), '/system/device');
  // The device screen waits for its tree before it draws the map; the demo fleet keeps the server busy.
  await expect(page.locator('.leaflet-container')).toBeVisible({ timeout: 30_000 });
  await page.goto('/query/history');
  await expect(page.getByRole('button', { name: labelled('查询') })).toBeVisible();
  await page.goto('/api-docs/');
  // Swagger UI draws the whole API (180 operations) before its header shows: seconds on a busy machine.
  await expect(page.locator('.swagger-ui .info')).toBeVisible({ timeout: 30_000 });

  expect(violations).toEqual([]);
});
