import { z } from 'zod';

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

export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({
    status: z.literal(SUCCESS_STATUS),
    code: z.literal(SUCCESS_CODE),
    desc: z.string(),
    data,
  });

export const failureEnvelopeSchema = z.object({
  status: z.number(),
  code: z.string(),
  desc: z.string(),
  data: z.unknown().optional(),
});

export function isSuccess<T>(body: Envelope<T>): body is SuccessEnvelope<T> {
  return body.status === SUCCESS_STATUS && body.code === SUCCESS_CODE;
}
