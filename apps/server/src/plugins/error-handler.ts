import { MESSAGES } from '@envmon/shared';
import type { FastifyError, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { App } from '../app-types.js';
import { failure } from '../lib/envelope.js';
import { DomainError, HttpError } from '../lib/errors.js';

/**
 * Failure envelopes bypass the route's success schema (which would reject them). A custom
 * serializer leaves the content type unset, so it is named here: a body without one may be sniffed.
 */
function sendFailure(reply: FastifyReply, statusCode: number, desc: string, data?: unknown) {
  return reply
    .code(statusCode)
    .type('application/json; charset=utf-8')
    .serializer((payload) => JSON.stringify(payload))
    .send(failure(desc, data));
}

function validationDetail(error: FastifyError): string {
  const context = error.validationContext ?? '';
  return (error.validation ?? []).map((v) => `${context}${v.instancePath}: ${v.message ?? ''}`).join('; ');
}

/**
 * The one error path (STYLE.md rule 6): whatever went wrong, the caller gets the spec's envelope
 * with the HTTP status the contract names — 200 for domain failures, 400 invalid input,
 * 401/403 auth, 404 unknown route, 500 anything unexpected (logged, never described).
 */
export function installErrorHandling(app: App): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof DomainError) return sendFailure(reply, 200, error.message, error.data);
    if (error instanceof HttpError) return sendFailure(reply, error.statusCode, error.message);
    if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      return sendFailure(reply, 400, `${MESSAGES.invalidInput}${validationDetail(error)}`);
    }
    const status = error.statusCode ?? 500;
    if (status === 413) return sendFailure(reply, 413, MESSAGES.fileTooLarge);
    if (status >= 400 && status < 500) return sendFailure(reply, status, MESSAGES.invalidInput);
    request.log.error({ err: error }, 'request failed');
    return sendFailure(reply, 500, MESSAGES.internalError);
  });

  app.setNotFoundHandler((_request, reply) => sendFailure(reply, 404, MESSAGES.notFound));
}
