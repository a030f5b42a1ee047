import type { RefObject } from 'react';
import { TABLE_CHROME_HEIGHT, useTableHeight } from '../use-table-height';
import { pageTop, usePageMeasure } from './use-page-measure';

/**
 * What follows a table's body: the pagination and the padding of the card and the content area
 * below it (measured in the default size).
 */
export const TABLE_FOOTER_HEIGHT = 115;

/** The header row's height, measured when rendered: long titles wrap on narrow windows. */
function headerHeight(table: HTMLElement): number {
  return table.querySelector('thead')?.getBoundingClientRect().height ?? 0;
}

/** Everything above the table's body and below it. */
const chromeAround = (table: HTMLElement): number =>
  Math.round(pageTop(table) + headerHeight(table)) + TABLE_FOOTER_HEIGHT;

/**
 * The table body's height: the window minus everything above the table (measured, since filter
 * bars wrap on narrow windows and alerts come and go) and the frame below it, never under the
 * spec's minimum (500).
 */
export function useTableScrollY(tableTop: RefObject<HTMLElement | null>): number {
  return useTableHeight(usePageMeasure(tableTop, chromeAround, TABLE_CHROME_HEIGHT));
}
