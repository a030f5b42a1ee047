import { flattenResourceTree, RESOURCE_ACTION, RESOURCE_TREE } from '@envmon/shared';
import { expect, type Page } from '@playwright/test';
import { animationsDone } from './axe.js';

/**
 * The screens of the menu groups `groups` (codes of the resource tree's top level), as the admin (who
 * holds all of them) reaches them: each page at its group's url + its own, except the dashboard, which
 * the menu opens as its own full-screen route.
 */
export function menuScreensOf(groups: readonly string[]): string[] {
  return RESOURCE_TREE.filter((group) => groups.includes(group.code)).flatMap((group) =>
    (group.children ?? [])
      .filter((page) => page.action === RESOURCE_ACTION.menu)
      .map((page) => (page.code === 'realtime.dashboard' ? '/dashboard/index' : `${group.url}/${page.url}`)),
  );
}

/**
 * Every resource code. They read like i18n keys ('realtime.dashboard') but are values people read: the
 * resources screen lists them, and the gallery's CRUD definition shows its list's permission.
 */
export const RESOURCE_CODES: ReadonlySet<string> = new Set(flattenResourceTree().map((node) => node.code));

/**
 * Opens `path` inside the running console the way its own links do (a history entry the router
 * follows), without reloading the bundle: a walk over every screen stays within seconds a screen.
 */
export async function openInConsole(page: Page, path: string): Promise<void> {
  await page.evaluate((target) => {
    window.history.pushState(null, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL((url) => url.pathname === path);
}

/**
 * Counts the page's calls in flight, so a check can wait until the screen has asked for and
 * received its data (the socket of the real-time screens is not a call and is not counted).
 */
export function trackCalls(page: Page): () => number {
  const open = new Set<unknown>();
  page.on('request', (request) => {
    if (request.resourceType() === 'fetch' || request.resourceType() === 'xhr') open.add(request);
  });
  page.on('requestfinished', (request) => open.delete(request));
  page.on('requestfailed', (request) => open.delete(request));
  return () => open.size;
}

/**
 * The screen shows its data: no call in flight for a while, no spinner or skeleton, and no animation
 * still running (a half-faded element would be measured at the wrong colours).
 */
export async function screenSettled(page: Page, callsInFlight: () => number): Promise<void> {
  let quietSince = Date.now();
  await expect
    .poll(
      () => {
        if (callsInFlight() > 0) quietSince = Date.now();
        return Date.now() - quietSince;
      },
      { timeout: 20_000, intervals: [100] },
    )
    .toBeGreaterThanOrEqual(400);
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active').filter({ visible: true })).toHaveCount(0, {
    timeout: 15_000,
  });
  await animationsDone(page);
}
