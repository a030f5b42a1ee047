// First: configures zod before any schema is built.
import './lib/zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './lib/i18n';
import './app/styles.css';
import { App } from './app/app';
import { installErrorHandlers } from './app/error-handlers';

installErrorHandlers();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
