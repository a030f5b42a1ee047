import type { DevopsListQuery } from '@envmon/shared';

/** Query keys (STYLE.md rule 7): every write refreshes the records and the attachments they list. */
export const devopsKeys = {
  all: ['devops'] as const,
  page: (query: Partial<DevopsListQuery>) => [...devopsKeys.all, 'page', query] as const,
};
