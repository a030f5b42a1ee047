// First: configures zod (without loading it) before any schema is built.
import './lib/zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './lib/i18n';
import './app/styles.css';
import { App } from './app/app';
import { installErrorHandlers } from './app/error-handlers';
import { queryClient } from './app/providers/query-client';
import { loadShell } from './app/router/load-shell';
import { userInfoQueryOptions } from './features/auth';
import { tokenStore } from './lib/token';

installErrorHandlers();

// A returning user (a token kept) is headed for the signed-in console: its code and the user's info are
// fetched now, beside the translations, not after them. A failure here is met again where they are used.
const token = tokenStore.get();
if (token !== null) {
  loadShell().catch(() => {});
  void queryClient.prefetchQuery(userInfoQueryOptions(token));
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
