import type { Language, MessageKey } from '@envmon/shared';
import type { FastifyError, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { App } from '../app-types.js';
import { failure } from '../lib/envelope.js';
import { DomainError, HttpError } from '../lib/errors.js';
import { fieldLabel, languageOf, messageText, ruleText, words } from '../lib/messages.js';

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

/** The request's field a validation problem is about: the path's last name (an array's index is not one). */
function fieldOf(instancePath: string): string | null {
  const names = instancePath.split('/').filter((part) => part !== '' && !/^\d+$/.test(part));
  return names.at(-1) ?? null;
}

/**
 * '参数错误！安装时间：请选择安装时间！' / 'Invalid parameters. Install date: …': each field that broke a
 * rule, once, by its label, with the first rule it broke in words (a zod issue as the form words it).
 */
function validationDesc(language: Language, error: FastifyError, url: string): string {
  const parts = new Map<string, string>();
  const zod = hasZodFastifySchemaValidationErrors(error);
  for (const problem of error.validation ?? []) {
    const field = fieldOf(problem.instancePath) ?? '';
    if (parts.has(field)) continue;
    const issue = {
      ...problem.params,
      code: problem.keyword,
      message: problem.message ?? '',
      path: problem.instancePath.split('/').filter(Boolean),
    } as z.core.$ZodIssue;
    // A schema that is not zod's (none today) has no rule to word: 'invalid' says enough.
    const rule = zod ? ruleText(language, issue) : words(language, 'validation.invalid');
    parts.set(
      field,
      field === ''
        ? rule
        : words(language, 'common.messageParts.fieldRule', { field: fieldLabel(language, field, url), rule }),
    );
  }
  const detail = [...parts.values()].join(words(language, 'common.messageParts.separator'));
  return words(language, 'common.messageParts.detail', {
    message: messageText(language, 'invalidInput'),
    detail,
  }).trim();
}

/**
 * The one error path (STYLE.md rule 6): whatever went wrong, the caller gets the spec's envelope
 * with the HTTP status the contract names — 200 for domain failures, 400 invalid input,
 * 401/403 auth, 404 unknown route, 500 anything unexpected (logged, never described). The desc is
 * in the caller's language (Accept-Language): a reason's text from the shared resources, for
 * Chinese the spec's words exactly.
 */
export function installErrorHandling(app: App): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const language = languageOf(request);
    const say = (key: MessageKey) => messageText(language, key);
    if (error instanceof DomainError) {
      return sendFailure(reply, 200, messageText(language, error.reason, error.params), error.data);
    }
    if (error instanceof HttpError) return sendFailure(reply, error.statusCode, say(error.reason));
    if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      return sendFailure(reply, 400, validationDesc(language, error, request.url));
    }
    const status = error.statusCode ?? 500;
    if (status === 413) return sendFailure(reply, 413, say('fileTooLarge'));
    if (status >= 400 && status < 500) return sendFailure(reply, status, say('invalidInput'));
    request.log.error({ err: error }, 'request failed');
    return sendFailure(reply, 500, say('internalError'));
  });

  app.setNotFoundHandler((request, reply) => sendFailure(reply, 404, messageText(languageOf(request), 'notFound')));
}
