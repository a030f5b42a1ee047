import { LIMITS } from '@envmon/shared';
import { type RefObject, useLayoutEffect, useState } from 'react';

/** The card's padding and the content area's margin below a panel. */
export const PANEL_BOTTOM_GAP = 48;

/**
 * The height that fills the window from the element's top down (less `below`, what follows it),
 * never under the spec's minimum table height. Re-measured as the page above it changes.
 */
export function usePanelHeight(top: RefObject<HTMLElement | null>, below: number = PANEL_BOTTOM_GAP): number {
  const [height, setHeight] = useState<number>(LIMITS.minTableHeight);
  useLayoutEffect(() => {
    const element = top.current;
    if (!element) return undefined;
    const measure = () => {
      const offset = element.getBoundingClientRect().top + window.scrollY + below;
      setHeight(Math.max(Math.round(window.innerHeight - offset), LIMITS.minTableHeight));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [top, below]);
  return height;
}
