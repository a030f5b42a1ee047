import { LIMITS } from '@envmon/shared';
import { type RefObject, useCallback } from 'react';
import { pageTop, usePageMeasure } from '../../../../components/crud/use-page-measure';

/** The card's padding and the content area's margin below a panel. */
export const PANEL_BOTTOM_GAP = 48;

/**
 * The height that fills the window from the element's top down (less `below`, what follows it),
 * never under the spec's minimum table height. Re-measured as the page above it changes.
 */
export function usePanelHeight(top: RefObject<HTMLElement | null>, below: number = PANEL_BOTTOM_GAP): number {
  const measure = useCallback(
    (element: HTMLElement) =>
      Math.max(Math.round(window.innerHeight - (pageTop(element) + below)), LIMITS.minTableHeight),
    [below],
  );
  return usePageMeasure(top, measure, LIMITS.minTableHeight);
}
