import { lazy, Suspense, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { ErrorBoundary } from '../../components/error-boundary';
import { PageLoading } from '../../components/page-loading';

const RouteErrorPage = lazy(async () => ({ default: (await import('../../features/errors')).RouteErrorPage }));

/**
 * Around every route: an error no screen caught (a chunk that failed to load, a broken page before sign-in)
 * shows the route error page, and goes into the error log; another path clears it.
 */
export function RouteErrors({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary
      resetKey={pathname}
      fallback={(error) => (
        <Suspense fallback={<PageLoading fullscreen />}>
          <RouteErrorPage error={error} />
        </Suspense>
      )}
    >
      {children}
    </ErrorBoundary>
  );
}
