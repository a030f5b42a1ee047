export type FilterValue = string | number | boolean | null | undefined;
export type FilterValues = Record<string, FilterValue>;

/** Blank filters are left out so the url carries only what narrows the result (SPEC 'Export and templates'). */
export function nonEmptyParams(filters: FilterValues): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(filters)) {
    if (value === undefined || value === null) continue;
    const text = String(value).trim();
    if (text !== '') params[name] = text;
  }
  return params;
}
