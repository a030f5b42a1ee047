/** The spec's console sizes; the console maps them to antd sizes (medium → middle, mini → small + compact). */
export const CONSOLE_SIZES = ['medium', 'small', 'mini'] as const;
export type ConsoleSize = (typeof CONSOLE_SIZES)[number];
