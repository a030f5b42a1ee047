import type { ReissueListQuery } from '@envmon/shared';

/** Query keys (STYLE.md rule 7). */
export const reissueKeys = {
  all: ['reissue'] as const,
  page: (query: ReissueListQuery) => [...reissueKeys.all, 'page', query] as const,
};
