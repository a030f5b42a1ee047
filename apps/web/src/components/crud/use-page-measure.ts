import { type RefObject, useLayoutEffect, useState } from 'react';

/** How far down the page the element starts, however far the page is scrolled. */
export const pageTop = (element: HTMLElement): number => element.getBoundingClientRect().top + window.scrollY;

/**
 * A figure read off an element's layout (`measure`, kept stable by the caller: a new one measures again),
 * read again whenever the window or the page resizes: what sits above it (header, tabs, filters, an
 * error alert) changes height as it wraps or appears. `initial` until the element is first laid out.
 */
export function usePageMeasure(
  ref: RefObject<HTMLElement | null>,
  measure: (element: HTMLElement) => number,
  initial: number,
): number {
  const [value, setValue] = useState(initial);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const update = () => setValue(measure(element));
    update();
    // The element's own growth resizes the page too and re-measures the same figure, a no-op.
    const observer = new ResizeObserver(update);
    observer.observe(document.body);
    window.addEventListener('resize', update);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', update);
    };
  }, [ref, measure]);
  return value;
}
