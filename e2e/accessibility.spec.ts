import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { RESOURCE_TREE } from '@envmon/shared';
import { visibleUntranslatedKeys } from './specs-support/i18n-scan.js';
import { MENU_SCREENS, openInConsole, screenSettled, trackCalls } from './specs-support/menu-screens.js';
import { credentialsOf, signInViaApi, topMenuItems } from './specs-support/session.js';

/**
 * The walk over every screen of the menu, the home page and the sign-in form, in both themes: light
 * in Chinese, dark in English. Each screen, once its data is shown, renders itself (not the 'no such
 * page' or 'no permission' view; a screen still to come shows its 'not built yet' page), shows no
 * untranslated key, throws no error in the page and passes axe-core with no serious or critical
 * violation (issue 14 point 11): one analysis a screen. The same walk checks that the layout keeps its
 * words: the whole top menu at 1440 px and whole factor names on the water cards. The screens' own
 * behaviour is tested in their specs.
 */

const BLOCKING = new Set(['serious', 'critical']);
type ResourceNode = { code: string; children?: readonly ResourceNode[] };
const codesOf = (nodes: readonly ResourceNode[]): string[] =>
  nodes.flatMap((node) => [node.code, ...codesOf(node.children ?? [])]);
const RESOURCE_CODES = new Set(codesOf(RESOURCE_TREE));

/**
 * The one tolerated finding, an upstream defect: antd's Tabs (rc-tabs) render their overflow '…'
 * and add buttons inside the element with role=tablist (ant-design/ant-design#49502,
 * react-component/tabs#1013). Only that exact shape is let through: a tab list whose only
 * disallowed children are buttons. Any other aria-required-children finding still fails.
 */
function isUpstreamTabsButton(rule: string, node: { target: unknown[]; failureSummary?: string }): boolean {
  if (rule !== 'aria-required-children') return false;
  const target = node.target.map(String).join(' ');
  const disallowed = /children which are not allowed: (.*)$/m.exec(node.failureSummary ?? '')?.[1] ?? '';
  return (
    target.includes('.ant-tabs-nav') &&
    disallowed.split(',').every((child) => /^button(\[aria-label\])?$/.test(child.trim()))
  );
}

interface Finding {
  path: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

async function analyse(page: Page, path: string): Promise<Finding[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .map((violation) => ({
      violation,
      nodes: violation.nodes.filter((node) => !isUpstreamTabsButton(violation.id, node)),
    }))
    .filter(({ nodes }) => nodes.length > 0)
    .map(({ violation, nodes }) => ({
      path,
      rule: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      // Enough of the offending elements to find them, not the whole page.
      targets: nodes
        .slice(0, 5)
        .map((node) => `${node.target.join(' ')} ${node.html.slice(0, 160)} ${node.failureSummary ?? ''}`),
    }));
}

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

// The two themes are independent walks: one per worker.
test.describe.configure({ mode: 'parallel' });

for (const { theme, language } of CASES) {
  test(`every screen has no serious or critical accessibility violation (${theme}, ${language})`, async ({
    page,
    context,
    baseURL,
  }) => {
    test.setTimeout(300_000);
    await context.addCookies([
      { name: 'language', value: language, url: baseURL ?? '' },
      { name: 'theme', value: theme, url: baseURL ?? '' },
    ]);
    const callsInFlight = trackCalls(page);
    const findings: Finding[] = [];
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));

    await page.goto('/login');
    await screenSettled(page, callsInFlight);
    findings.push(...(await analyse(page, '/login')));

    await signInViaApi(page, credentialsOf('admin'), '/index');
    await screenSettled(page, callsInFlight);
    findings.push(...(await analyse(page, '/index')));
    // At 1440 px (the config's viewport) every group of the top menu shows; none behind '···'.
    await expect(topMenuItems(page)).toHaveText(
      RESOURCE_TREE.map((group) => (language === 'zh-CN' ? group.zh : group.en)),
    );

    for (const path of MENU_SCREENS) {
      await openInConsole(page, path);
      await screenSettled(page, callsInFlight);
      // The screen itself, not a refusal or a not-found page.
      await expect(page.locator('.ant-result-404, .ant-result-403')).toHaveCount(0);
      // Resource codes ('realtime.dashboard') read like i18n keys but are values people read: the resources
      // screen lists them, and a screen still to come names its own.
      const keys = (await visibleUntranslatedKeys(page)).filter((key) => !RESOURCE_CODES.has(key));
      expect(keys, `untranslated i18n keys on ${path}`).toEqual([]);
      findings.push(...(await analyse(page, path)));
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
