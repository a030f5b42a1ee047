import { expect, type Page, test } from '@playwright/test';
import { RESOURCE_TREE } from '@envmon/shared';
import { type AxeFinding, blockingAxeFindings } from './specs-support/axe.js';
import { visibleUntranslatedKeys } from './specs-support/i18n-scan.js';
import {
  menuScreensOf,
  openInConsole,
  RESOURCE_CODES,
  screenSettled,
  trackCalls,
} from './specs-support/menu-screens.js';
import { credentialsOf, signInViaApi, topMenuItems } from './specs-support/session.js';

/**
 * The walk over every screen of the menu, the home page and the sign-in form, in both themes: light
 * in Chinese, dark in English. Each screen, once its data is shown, renders itself (not the 'no such
 * page' or 'no permission' view), shows no untranslated key, reads no translations it did not name
 * (apps/web/src/lib/i18n.ts warns when a namespace is fetched late), throws no error in the page and passes axe-core with no serious or critical
 * violation (issue 14 point 11): one analysis a screen. The same walk checks that the layout keeps its
 * words: the whole top menu at 1440 px and whole factor names on the water cards. The screens' own
 * behaviour is tested in their specs.
 *
 * The walk goes in parts of about a dozen screens, each signed in on its own, so that two workers share
 * it and a part stays well within its time on a busy machine. Together the parts cover every top-level
 * group of the menu.
 */
const WALKS: readonly (readonly string[])[] = [
  ['realtime', 'query'],
  ['report', 'alarm', 'water'],
  ['settings'],
  ['system'],
];
const walked = WALKS.flat();
const unwalked = RESOURCE_TREE.map((group) => group.code).filter((code) => !walked.includes(code));
if (unwalked.length > 0) throw new Error(`menu groups no accessibility walk covers: ${unwalked.join(', ')}`);

const CASES = [
  { theme: 'light', language: 'zh-CN' },
  { theme: 'dark', language: 'en-US' },
] as const;

/** Text cut short by its box (an ellipsis or clipping) among the elements `selector` finds. */
async function cutTexts(page: Page, selector: string): Promise<string[]> {
  return page
    .locator(selector)
    .evaluateAll((elements) =>
      elements
        .filter((element) => element.scrollWidth > element.clientWidth)
        .map((element) => element.textContent ?? ''),
    );
}

// Every part in each theme is an independent test: the parts share the workers.
test.describe.configure({ mode: 'parallel' });

for (const { theme, language } of CASES) {
  for (const groups of WALKS) {
    const first = groups === WALKS[0];
    test(`the screens of ${groups.join(', ')}${first ? ', the sign-in form and the home' : ''} have no serious or critical accessibility violation (${theme}, ${language})`, async ({
      page,
      context,
      baseURL,
    }) => {
      test.setTimeout(180_000);
      await context.addCookies([
        { name: 'language', value: language, url: baseURL ?? '' },
        { name: 'theme', value: theme, url: baseURL ?? '' },
      ]);
      const callsInFlight = trackCalls(page);
      const findings: AxeFinding[] = [];
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'warning' && message.text().includes('fetched late'))
          errors.push(`${page.url()}: ${message.text()}`);
      });

      if (first) {
        await page.goto('/login');
        await screenSettled(page, callsInFlight);
        findings.push(...(await blockingAxeFindings(page, '/login')));
      }
      await signInViaApi(page, credentialsOf('admin'), '/index');
      await screenSettled(page, callsInFlight);
      if (first) {
        findings.push(...(await blockingAxeFindings(page, '/index')));
        // At 1440 px (the config's viewport) every group of the top menu shows; none behind '···'.
        await expect(topMenuItems(page)).toHaveText(
          RESOURCE_TREE.map((group) => (language === 'zh-CN' ? group.zh : group.en)),
        );
      }

      for (const path of menuScreensOf(groups)) {
        await openInConsole(page, path);
        await screenSettled(page, callsInFlight);
        // The screen itself, not a refusal or a not-found page.
        await expect(page.locator('.ant-result-404, .ant-result-403')).toHaveCount(0);
        // Resource codes ('realtime.dashboard') read like i18n keys but are values people read.
        const keys = (await visibleUntranslatedKeys(page)).filter((key) => !RESOURCE_CODES.has(key));
        expect(keys, `untranslated i18n keys on ${path}`).toEqual([]);
        findings.push(...(await blockingAxeFindings(page, path)));
        if (path === '/realtime/water') {
          // Factor names show whole on the station cards ('Dissolved oxygen', not 'Dissolved oxy…').
          await expect(page.getByTestId('water-station').first()).toBeVisible();
          expect(await cutTexts(page, '[data-testid="water-station"] [data-factor] > .ant-typography')).toEqual([]);
        }
      }

      expect(findings, JSON.stringify(findings, null, 2)).toEqual([]);
      expect(errors).toEqual([]);
    });
  }
}
