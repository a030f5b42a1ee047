import { CRUD_ENDPOINTS, type CrudDefinition } from '@envmon/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/endpoint';
import type { FormMode } from '../form-values';

export interface SaveVariables {
  mode: FormMode;
  /** The parsed create/update schema output. */
  body: Record<string, unknown>;
  /** The row being updated. */
  id?: number;
}

/** Add or update; the api client announces success with the server's desc (SPEC section 8). */
export function useCrudSave(def: CrudDefinition) {
  const client = useQueryClient();
  const calls = CRUD_ENDPOINTS[def.key];
  return useMutation({
    mutationFn: ({ mode, body, id }: SaveVariables) =>
      mode === 'create' ? callEndpoint(calls.add, { body }) : callEndpoint(calls.update, { body: { ...body, id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: calls.list.key }),
  });
}

export function useCrudDelete(def: CrudDefinition) {
  const client = useQueryClient();
  const calls = CRUD_ENDPOINTS[def.key];
  return useMutation({
    mutationFn: (id: number) => callEndpoint(calls.remove, { query: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: calls.list.key }),
  });
}
