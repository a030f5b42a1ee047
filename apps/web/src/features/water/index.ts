import { lazy } from 'react';

/** The water station domain's public surface. Screens: water.<screen> → ./<screen>/pages. */
export const WaterControlPage = lazy(() => import('./control/pages/water-control-page'));
