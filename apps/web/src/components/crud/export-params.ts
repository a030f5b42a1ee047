import { type CrudDefinition, crudPath } from '@envmon/shared';

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

export interface ExportRequest {
  /** First step: the list call, which the api client flags with exportSpecialFlag=1. */
  checkUrl: string;
  /** Second step: the file, opened with the token and the console language. */
  downloadUrl: string;
  params: Record<string, string>;
}

/** The same filters as the table shows narrow the export; paging does not (the file has every row). */
export function exportRequest(def: CrudDefinition, filters: FilterValues): ExportRequest {
  return { checkUrl: crudPath(def, 'getAll'), downloadUrl: crudPath(def, 'export'), params: nonEmptyParams(filters) };
}
