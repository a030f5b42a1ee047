import type { Endpoint, QueryKeyRoot } from '@envmon/shared';
import type { QueryKey } from '@tanstack/react-query';
import type { ListEndpoints } from './list-definition';

/** A settings list's declared calls (packages/shared/src/api/settings.ts): its page read, add, update and delete. */
export interface ListEndpointDeclarations {
  /** Its key root is the list's: a write invalidates every read under it. */
  list: Endpoint<'GET'> & { key: QueryKeyRoot };
  add: Endpoint<'POST'>;
  update: Endpoint<'POST'>;
  /** Deleted by `GET ?<rowKey>=`. */
  remove: Endpoint<'GET'>;
}

/**
 * A ListDefinition's endpoints from the shared declarations (STYLE.md rule 16), so the list's urls and key
 * root are never restated in the console. `alsoInvalidate`: other screens' caches a write refreshes too.
 */
export function listEndpoints(declared: ListEndpointDeclarations, alsoInvalidate?: readonly QueryKey[]): ListEndpoints {
  return {
    keyRoot: declared.list.key,
    add: declared.add.path,
    update: declared.update.path,
    remove: declared.remove.path,
    ...(alsoInvalidate === undefined ? {} : { alsoInvalidate }),
  };
}
