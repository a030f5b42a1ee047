import { lazy } from 'react';

/** The water station domain's public surface. Screens: water.<screen> → ./<screen>/pages. */
export const WaterControlPage = lazy(() => import('./control/pages/water-control-page'));
export const OutlierIntervalPage = lazy(() => import('./outlier-interval/pages/outlier-interval-page'));
export const WaterDataAuditPage = lazy(() => import('./data-audit/pages/data-audit-page'));

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
