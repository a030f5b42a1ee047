import { clientErrorEndpoints, clientErrorSchema, type ClientError } from '@envmon/shared';
import { callEndpoint } from '../../../lib/endpoint';

const cut = (text: string, max: number | null) => (max === null ? text : text.slice(0, max));

/** Sends a caught UI error to the server log, trimmed to what the endpoint accepts; never toasts, never throws. */
export function reportClientError(error: ClientError): void {
  const { shape } = clientErrorSchema;
  const body: ClientError = {
    message: cut(error.message, shape.message.maxLength),
    url: cut(error.url, shape.url.maxLength),
    time: error.time,
    ...(error.stack ? { stack: cut(error.stack, shape.stack.unwrap().maxLength) } : {}),
  };
  callEndpoint(clientErrorEndpoints.report, { body }, { silent: true, quiet: true }).catch(() => {
    // The log is best effort: a failed report must not raise another error to report.
  });
}
