import type { Threshold, ThresholdInput } from '@envmon/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { thresholdKeys } from './keys';
import { THRESHOLD_URLS } from './urls';

export interface SaveThresholdVariables {
  body: ThresholdInput;
  /** The threshold being edited; absent when adding. */
  id?: number;
}

/** Add or update; the api client shows the server's word (e.g. a duplicate device × factor). */
export function useSaveThreshold() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, id }: SaveThresholdVariables) =>
      id === undefined
        ? api.post<Threshold>(THRESHOLD_URLS.add, body)
        : api.post<Threshold>(THRESHOLD_URLS.update, { ...body, id }),
    onSuccess: () => client.invalidateQueries({ queryKey: thresholdKeys.thresholds }),
  });
}
