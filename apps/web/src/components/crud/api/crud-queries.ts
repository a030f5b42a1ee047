import { CRUD_ENDPOINTS, type CrudDefinition, type Page } from '@envmon/shared';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint, endpointKey } from '../../../lib/endpoint';
import { ALL_ROWS_QUERY } from '../constants';
import type { FilterValues } from '../export-params';
import { nonEmptyParams } from '../export-params';
import type { CrudRow } from '../form-values';
import type { PageRequest } from '../table-parts';

/**
 * A page of an entity's rows. getAll answers null only to the export check (exportSpecialFlag=1), which
 * the console makes on the export path instead, so the answer here is always a page.
 */
const getPage = (def: CrudDefinition, query: Record<string, string | number>) =>
  callEndpoint(CRUD_ENDPOINTS[def.key].list, { query }) as Promise<Page<CrudRow>>;

/**
 * The entity's reads are cached under the declared root ['crud', key] (CRUD_ENDPOINTS, STYLE.md rule 16),
 * so one invalidation after a write refreshes its table and every select fed by it.
 */
export const crudListQueryOptions = (def: CrudDefinition, page: PageRequest, filters: FilterValues) =>
  queryOptions({
    queryKey: endpointKey(CRUD_ENDPOINTS[def.key].list, 'list', page, nonEmptyParams(filters)),
    queryFn: () => getPage(def, { ...nonEmptyParams(filters), ...page }),
  });

/** Every row, for relation selects and the resource tree (entities here are small: roles, resources). */
export const crudAllQueryOptions = (def: CrudDefinition) =>
  queryOptions({
    queryKey: endpointKey(CRUD_ENDPOINTS[def.key].list, 'all'),
    queryFn: () => getPage(def, ALL_ROWS_QUERY),
    select: (page) => page.list,
  });
