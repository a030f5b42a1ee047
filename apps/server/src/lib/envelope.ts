import {
  envelopeSchema,
  FAILURE_CODE,
  FAILURE_STATUS,
  failureEnvelopeSchema,
  SUCCESS_CODE,
  SUCCESS_STATUS,
  type FailureEnvelope,
  type SuccessEnvelope,
} from '@envmon/shared';
import type { Readable } from 'node:stream';
import { z } from 'zod';

export function ok<T>(data: T, desc = ''): SuccessEnvelope<T> {
  return { status: SUCCESS_STATUS, code: SUCCESS_CODE, desc, data };
}

export function failure(desc: string, data?: unknown): FailureEnvelope {
  return data === undefined
    ? { status: FAILURE_STATUS, code: FAILURE_CODE, desc }
    : { status: FAILURE_STATUS, code: FAILURE_CODE, desc, data };
}

/**
 * The response map every JSON route declares: 200 is the success envelope around `data` (the
 * serializer strips anything the schema does not name, so raw rows cannot leak); the failure
 * envelope is documented for every other status. Domain failures also answer 200 with the
 * failure envelope — the error handler serializes those itself.
 */
export function envelopeResponses<T extends z.ZodType>(data: T) {
  return {
    200: envelopeSchema(data),
    '4xx': failureEnvelopeSchema,
    '5xx': failureEnvelopeSchema,
  };
}

/** For downloads: the body is a file, failures are still envelopes. */
export function fileResponses(description: string) {
  return {
    200: z.custom<Readable>().meta({ type: 'string', format: 'binary', description }),
    '4xx': failureEnvelopeSchema,
    '5xx': failureEnvelopeSchema,
  };
}
