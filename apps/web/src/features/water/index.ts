import { lazy } from 'react';

/** The water station domain's public surface. Screens: water.<screen> → ./<screen>/pages. */
export const WaterControlPage = lazy(() => import('./control/pages/water-control-page'));
export const WaterDataAuditPage = lazy(() => import('./data-audit/pages/data-audit-page'));
