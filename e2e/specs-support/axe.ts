import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** A serious or critical axe-core finding on a screen (every screen must have none, issue 14 point 11). */
export interface AxeFinding {
  path: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

const BLOCKING = new Set(['serious', 'critical']);

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

/** No transition half-way: a half-faded element would be measured at the wrong colours. */
export async function animationsDone(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          document.getAnimations().filter((animation) => animation.effect?.getTiming().iterations !== Infinity).length,
      ),
    )
    .toBe(0);
}

/**
 * The serious and critical axe-core findings on the page (or inside `include`, a selector), measured at
 * rest: the pointer off every control and no animation running. `path` names the screen in the report.
 * Only violations are collected (axe skips recording what passed), which keeps a screen's analysis short.
 */
export async function blockingAxeFindings(
  page: Page,
  path: string,
  { include }: { include?: string } = {},
): Promise<AxeFinding[]> {
  await page.mouse.move(0, 0);
  await animationsDone(page);
  const builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  const results = await (include ? builder.include(include) : builder).analyze();
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
