import { isApiError } from '../lib/api';
import { captureError, setErrorReporter } from '../lib/error-log';

/**
 * Errors no boundary sees (event handlers, timers, promises) go to the error log too, and every
 * logged error is reported to the server log (SPEC section 8).
 */
export function installErrorHandlers(): () => void {
  // The report's code loads with the first error, not with every page. A report is best effort: its failing
  // to load must not raise another error to report.
  setErrorReporter((error) => {
    import('../features/errors').then(
      (errors) => errors.reportClientError(error),
      () => {},
    );
  });
  const onError = (event: ErrorEvent) => {
    captureError(event.error ?? event.message, 'error');
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    // A failed call has already been shown to the user by the api client; it is not a UI fault.
    if (isApiError(event.reason)) return;
    captureError(event.reason, 'rejection');
  };
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  return () => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
    setErrorReporter(null);
  };
}
