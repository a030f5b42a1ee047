import { type RefObject, useLayoutEffect, useState } from 'react';
import { TABLE_CHROME_HEIGHT, useTableHeight } from '../use-table-height';

/**
 * What follows a table's body: the pagination and the padding of the card and the content area
 * below it (measured in the default size).
 */
export const TABLE_FOOTER_HEIGHT = 115;

/** The header row's height, measured when rendered: long titles wrap on narrow windows. */
function headerHeight(table: HTMLElement): number {
  return table.querySelector('thead')?.getBoundingClientRect().height ?? 0;
}

/**
 * The table body's height: the window minus everything above the table (measured, since filter
 * bars wrap on narrow windows and alerts come and go) and the frame below it, never under the
 * spec's minimum (500).
 */
export function useTableScrollY(tableTop: RefObject<HTMLElement | null>): number {
  const [offset, setOffset] = useState(TABLE_CHROME_HEIGHT);
  useLayoutEffect(() => {
    const element = tableTop.current;
    if (!element) return undefined;
    const measure = () =>
      setOffset(
        Math.round(element.getBoundingClientRect().top + window.scrollY + headerHeight(element)) + TABLE_FOOTER_HEIGHT,
      );
    measure();
    // What sits above the table (header, tabs, filters, an error alert) changes height as it wraps or
    // appears, which resizes the page; the table's own growth re-measures the same top, a no-op.
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [tableTop]);
  return useTableHeight(offset);
}
