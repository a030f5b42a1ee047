import { type CrudDefinition, crudPath } from '@envmon/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { FormMode } from '../form-values';
import { crudKeys } from './crud-queries';

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
  return useMutation({
    mutationFn: ({ mode, body, id }: SaveVariables) =>
      mode === 'create'
        ? api.post<unknown>(crudPath(def, 'add'), body)
        : api.post<unknown>(crudPath(def, 'update'), { ...body, id }),
    onSuccess: () => client.invalidateQueries({ queryKey: crudKeys.entity(def) }),
  });
}

export function useCrudDelete(def: CrudDefinition) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.get<null>(crudPath(def, 'delete'), { id }),
    onSuccess: () => client.invalidateQueries({ queryKey: crudKeys.entity(def) }),
  });
}
