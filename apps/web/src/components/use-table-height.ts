import { useEffect, useState } from 'react';
import { LIMITS } from '@envmon/shared';

/**
 * Space the console takes around a full-page table: header, tab bar, breadcrumb, filter bar,
 * table header and pagination. Pages with more above the table pass a larger offset.
 */
export const TABLE_CHROME_HEIGHT = 330;

export function tableHeightFor(windowHeight: number, offset: number): number {
  return Math.max(windowHeight - offset, LIMITS.minTableHeight);
}

/** A table body height that follows the window but never drops below the spec's minimum (SPEC section 9). */
export function useTableHeight(offset: number = TABLE_CHROME_HEIGHT): number {
  const [height, setHeight] = useState(() => tableHeightFor(window.innerHeight, offset));
  useEffect(() => {
    const update = () => setHeight(tableHeightFor(window.innerHeight, offset));
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, [offset]);
  return height;
}
