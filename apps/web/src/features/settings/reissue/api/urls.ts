import type { ReissueMode } from '@envmon/shared';

/** Settings 'reissue' (SPEC section 7: reissue add, repair, list). */
export const REISSUE_URLS = {
  list: '/manager/settings/reissue/rest/list',
  add: '/manager/settings/reissue/rest/add',
  repair: '/manager/settings/reissue/rest/repair',
} as const satisfies Record<ReissueMode | 'list', string>;
