/**
 * The query-key roots of the data screens, with no zod: their declarations (./query.ts, ./report.ts) key their
 * reads under these, and the data audit, whose parts the console's shell imports, invalidates them without
 * loading a schema (scripts/bundle-budget.mjs).
 */

/** The history screen's query-key root: its table and chart are cached under ['history', …]. */
export const HISTORY_KEY = ['history'] as const;
/** The original-packet screen's query-key root: its pages and parses are cached under ['original', …]. */
export const ORIGINAL_KEY = ['original'] as const;
/** Every report read's query-key root: each screen's key is ['report', <name>, filters]. */
export const REPORT_KEY = ['report'] as const;
