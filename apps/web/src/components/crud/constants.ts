import { LIMITS } from '@envmon/shared';

/** Page sizes offered under every CRUD table; the default one comes from LIMITS. */
export const PAGE_SIZE_OPTIONS = [10, LIMITS.defaultPageSize, 50, 100];

/** What an empty cell shows, so a blank is distinguishable from a missing column. */
export const EMPTY_CELL = '-';

/** Width of the form modal, wide enough for the resource tree. */
export const FORM_MODAL_WIDTH = 640;

/** Label and input columns of the form (of antd's 24-column grid). */
export const FORM_LABEL_SPAN = 6;
export const FORM_WRAPPER_SPAN = 18;

/** Width of the actions column (edit + delete links). */
export const ACTIONS_COLUMN_WIDTH = 170;

/** Relation selects and the resource tree load every row of the related entity at once. */
export const ALL_ROWS_QUERY = { pageNum: 1, pageSize: LIMITS.maxPageSize } as const;
