import { RouterProvider } from 'react-router';
import { ErrorBoundary } from '../components/error-boundary';
import { AppProviders } from './providers/app-providers';
import { router } from './router/router';

export function App() {
  return (
    <AppProviders>
      <ErrorBoundary>
        <RouterProvider router={router} />
      </ErrorBoundary>
    </AppProviders>
  );
}
