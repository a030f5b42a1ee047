/**
 * The envelope's codes and types and the success check, without its zod schemas (./envelope.ts): the
 * console's api client, on every page's first download, needs only these.
 */

/** The spec's response envelope: success 200/'000000', failure -1/'000001'. */
export const SUCCESS_STATUS = 200;
export const SUCCESS_CODE = '000000';
export const FAILURE_STATUS = -1;
export const FAILURE_CODE = '000001';
/** A body status the console shows as a warning with its desc (SPEC section 8). */
export const WARNING_STATUS = 500;

export interface SuccessEnvelope<T> {
  status: typeof SUCCESS_STATUS;
  code: typeof SUCCESS_CODE;
  desc: string;
  data: T;
}

export interface FailureEnvelope {
  status: number;
  code: string;
  desc: string;
  data?: unknown;
}

export type Envelope<T> = SuccessEnvelope<T> | FailureEnvelope;

export function isSuccess<T>(body: Envelope<T>): body is SuccessEnvelope<T> {
  return body.status === SUCCESS_STATUS && body.code === SUCCESS_CODE;
}
