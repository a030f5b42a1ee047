import { z } from 'zod';

export const operationLogSchema = z.object({
  id: z.number().int(),
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  method: z.string(),
  url: z.string(),
  /** Parameters as JSON with secrets masked. */
  params: z.string().nullable(),
  status: z.number().int(),
  result: z.string().nullable(),
  ip: z.string().nullable(),
  durationMs: z.number().int(),
  createTime: z.number().int(),
});
export type OperationLog = z.infer<typeof operationLogSchema>;

export const operationLogFilterSchema = z.object({
  userName: z.string().trim().optional(),
  url: z.string().trim().optional(),
  /** Epoch ms bounds on createTime. */
  beginTime: z.coerce.number().int().optional(),
  endTime: z.coerce.number().int().optional(),
  success: z.enum(['0', '1']).optional(),
});

export const serverLogFileSchema = z.object({
  fileName: z.string(),
  size: z.number().int(),
  modifiedTime: z.number().int(),
});
export type ServerLogFile = z.infer<typeof serverLogFileSchema>;

export const serverLogGetSchema = z.object({
  fileName: z.string().regex(/^[A-Za-z0-9._-]+$/),
});

/** Console errors reported to the server log (SPEC section 8: unhandled UI errors are logged). */
export const clientErrorSchema = z.object({
  message: z.string().max(2000),
  stack: z.string().max(8000).optional(),
  url: z.string().max(2000),
  time: z.number().int(),
});
export type ClientError = z.infer<typeof clientErrorSchema>;
