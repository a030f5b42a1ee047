import { useEffect } from 'react';

/**
 * antd's scrolling table body (a table with a fixed height) holds no focusable element when the
 * table shows plain values, so a keyboard could not scroll it (WCAG 2.1.1; axe
 * 'scrollable-region-focusable'). Every such body in the document becomes a tab stop, whichever
 * screen, modal or drawer renders it.
 */
const SCROLL_REGION = '.ant-table-body';

function markWithin(node: Node): void {
  if (!(node instanceof HTMLElement)) return;
  const regions = node.matches(SCROLL_REGION) ? [node] : [...node.querySelectorAll<HTMLElement>(SCROLL_REGION)];
  for (const region of regions) if (!region.hasAttribute('tabindex')) region.tabIndex = 0;
}

export function useFocusableScrollRegions(): void {
  useEffect(() => {
    markWithin(document.body);
    // Only what is added is looked at: live screens change the DOM often.
    const observer = new MutationObserver((records) => {
      for (const record of records) record.addedNodes.forEach(markWithin);
    });
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
}
