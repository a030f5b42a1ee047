import { lazy } from 'react';

/** The errors domain's public surface: the error screens (fixed routes), the error log and the client error report. */
export const NotFoundPage = lazy(() => import('./pages/not-found-page'));
export const UnauthorizedPage = lazy(() => import('./pages/unauthorized-page'));
export { default as RouteErrorPage } from './pages/route-error-page';
export { ErrorLogModal } from './components/error-log-modal';
export { reportClientError } from './api/report-client-error';
