import { z } from 'zod';
import { SUCCESS_CODE, SUCCESS_STATUS } from './envelope-status.js';

export * from './envelope-status.js';

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
