import { BrowserRouter } from 'react-router';
import { ErrorBoundary } from '../components/error-boundary';
import { AppProviders } from './providers/app-providers';
import { AppRoutes } from './router/router';

export function App() {
  return (
    <AppProviders>
      <ErrorBoundary>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </ErrorBoundary>
    </AppProviders>
  );
}
