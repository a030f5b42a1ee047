import { type CrudDefinition, crudPath, type Page } from '@envmon/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { ALL_ROWS_QUERY } from '../constants';
import type { FilterValues } from '../export-params';
import { nonEmptyParams } from '../export-params';
import type { CrudRow } from '../form-values';
import type { PageRequest } from '../table-parts';

/**
 * Query keys of the generic CRUD (STYLE.md rule 7). Every key of an entity starts with
 * ['crud', key], so one invalidation after a write refreshes its table and every select fed by it.
 */
export const crudKeys = {
  entity: (def: CrudDefinition) => ['crud', def.key] as const,
  list: (def: CrudDefinition, page: PageRequest, filters: FilterValues) =>
    ['crud', def.key, 'list', page, nonEmptyParams(filters)] as const,
  all: (def: CrudDefinition) => ['crud', def.key, 'all'] as const,
};

export const crudListQueryOptions = (def: CrudDefinition, page: PageRequest, filters: FilterValues) =>
  queryOptions({
    queryKey: crudKeys.list(def, page, filters),
    queryFn: () => api.get<Page<CrudRow>>(crudPath(def, 'getAll'), { ...nonEmptyParams(filters), ...page }),
  });

/** Every row, for relation selects and the resource tree (entities here are small: roles, resources). */
export const crudAllQueryOptions = (def: CrudDefinition) =>
  queryOptions({
    queryKey: crudKeys.all(def),
    queryFn: () => api.get<Page<CrudRow>>(crudPath(def, 'getAll'), ALL_ROWS_QUERY),
    select: (page) => page.list,
  });
