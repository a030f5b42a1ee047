import type { IotCardListQuery } from '@envmon/shared';

/** Query keys (STYLE.md rule 7): every read of the cards sits under the root a write invalidates. */
export const iotCardKeys = {
  all: ['iotCard'] as const,
  page: (query: Partial<IotCardListQuery>) => [...iotCardKeys.all, 'page', query] as const,
};
