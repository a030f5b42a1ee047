import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test, type Page, type Response } from '@playwright/test';
import { ROOT } from './support/built-server.js';
import { credentialsOf, fillLoginForm, userMenu } from './specs-support/session.js';

/**
 * What a fresh browser downloads (issue 22), measured on the wire: the JavaScript and CSS of /login and of the
 * first screen after sign-in, compressed by the server, within the budgets of scripts/bundle-budget.mjs, and
 * exactly the files that script counts from the build's manifest — so its check in `npm test`'s build stage
 * measures what the browser really fetches.
 */

interface BudgetPage {
  name: string;
  modules: string[];
  budgetKB: number;
}
interface BudgetScript {
  PAGES: BudgetPage[];
  pageFiles: (manifest: unknown, modules: string[]) => string[];
}

const budget = (await import(pathToFileURL(join(ROOT, 'scripts/bundle-budget.mjs')).href)) as BudgetScript;
const [LOGIN, FIRST_SCREEN] = budget.PAGES;

const QUIET_MS = 1000;

/** Smaller files go as they are (apps/web/vite.config.ts compresses from a kilobyte). */
const COMPRESSED_FROM_BYTES = 1024;

interface Download {
  file: string;
  encoding: string | undefined;
  /** Bytes on the wire: the body as sent, compressed. */
  bytes: number;
  /** Bytes once decoded. */
  decodedBytes: number;
}

/** Records every JS and CSS response of the page from now on. */
function recordDownloads(page: Page): Promise<Download>[] {
  const downloads: Promise<Download>[] = [];
  page.on('response', (response: Response) => {
    const path = new URL(response.url()).pathname;
    if (!/\.(js|css)$/.test(path)) return;
    downloads.push(
      (async () => {
        const [sizes, headers, body] = await Promise.all([
          response.request().sizes(),
          response.allHeaders(),
          response.body(),
        ]);
        return {
          file: path.slice(1),
          encoding: headers['content-encoding'],
          bytes: sizes.responseBodySize,
          decodedBytes: body.length,
        };
      })(),
    );
  });
  return downloads;
}

/** Waits until the screen shows and no script or stylesheet has arrived for a second (lazy chunks load in turns). */
async function settle(page: Page, downloads: Promise<Download>[]): Promise<Download[]> {
  await expect(page.getByTestId('page-loading')).toHaveCount(0);
  for (let seen = -1; seen !== downloads.length;) {
    seen = downloads.length;
    await page.waitForTimeout(QUIET_MS);
  }
  return Promise.all(downloads);
}

function checkDownloads(downloads: Download[], page: BudgetPage, expectedFiles: string[]): number {
  expect(downloads.map((d) => d.file).sort(), `${page.name}: the files scripts/bundle-budget.mjs counts`).toEqual(
    [...expectedFiles].sort(),
  );
  for (const d of downloads) {
    if (d.decodedBytes >= COMPRESSED_FROM_BYTES)
      expect(d.encoding, `${d.file} is sent compressed`).toMatch(/^(br|gzip)$/);
  }
  const total = downloads.reduce((sum, d) => sum + d.bytes, 0);
  expect(total, `${page.name}: ${(total / 1000).toFixed(1)} kB on the wire`).toBeLessThanOrEqual(page.budgetKB * 1000);
  return total;
}

test('a fresh browser downloads the budgeted files, compressed, for /login and for the first screen after sign-in', async ({
  page,
}) => {
  if (!LOGIN || !FIRST_SCREEN) throw new Error('scripts/bundle-budget.mjs names no login and first screen');
  const manifest: unknown = JSON.parse(readFileSync(join(ROOT, 'apps/web/dist/.vite/manifest.json'), 'utf8'));
  const loginFiles = budget.pageFiles(manifest, LOGIN.modules);
  const firstScreenFiles = budget.pageFiles(manifest, FIRST_SCREEN.modules);

  const downloads = recordDownloads(page);
  await page.goto('/login');
  await expect(page.getByRole('button', { name: /登录/ })).toBeVisible();
  checkDownloads(await settle(page, downloads), LOGIN, loginFiles);

  await fillLoginForm(page, credentialsOf('admin'));
  await expect(userMenu(page)).toBeVisible();
  await expect(page).toHaveURL(/\/realtime\/data$/);
  checkDownloads(await settle(page, downloads), FIRST_SCREEN, firstScreenFiles);
});
