import type { FactorListQuery } from '@envmon/shared';

/**
 * Query keys (STYLE.md rule 7). The root is the one the whole catalogue is read under
 * (lib/factor-catalogue's `allFactorsQueryOptions`), so a write here refreshes every factor select too.
 */
export const factorKeys = {
  all: ['factor'] as const,
  page: (query: FactorListQuery) => [...factorKeys.all, 'page', query] as const,
};

/** Every report key starts with 'report': reports name factors, round by their decimals and pick isotopes by category. */
export const REPORT_KEY_ROOT = ['report'] as const;
