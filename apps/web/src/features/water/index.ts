import { lazyPage } from '../../lib/lazy-page';

/** The water station domain's public surface. Screens: water.<screen> → ./<screen>/pages. */
export const WaterControlPage = lazyPage(() => import('./control/pages/water-control-page'));
export const OutlierIntervalPage = lazyPage(() => import('./outlier-interval/pages/outlier-interval-page'));
export const WaterDataAuditPage = lazyPage(() => import('./data-audit/pages/data-audit-page'));

/** The data audit's calls and record parts, for the records list (Settings › data audit). */
export {
  AUDITED_READS,
  auditPageQueryOptions,
  type AuditListBody,
  dataAuditKeys,
} from './data-audit/api/data-audit-api';
export {
  AuditChange,
  auditActionOptions,
  auditKindOptions,
  auditReasonOptions,
  RevokedMark,
} from './data-audit/components/audit-record-parts';
