import { z } from 'zod';
import { LIMITS } from '../limits.js';

/**
 * Zod messages are i18n keys of the `validation` namespace: the console translates them,
 * the server puts them in `desc` after the spec's invalid-input message.
 */
export const V = {
  required: 'validation.required',
  tooLong: 'validation.tooLong',
  tooShort: 'validation.tooShort',
  integer: 'validation.positiveInteger',
  email: 'validation.email',
  mobile: 'validation.mobile',
  url: 'validation.url',
  pattern: 'validation.pattern',
} as const;

export const idSchema = z.coerce.number().int().positive();
export const idParamSchema = z.object({ id: idSchema });

export const requiredText = (max: number = LIMITS.nameMax) =>
  z.string({ error: V.required }).trim().min(1, V.required).max(max, V.tooLong);

export const optionalText = (max: number = LIMITS.remarkMax) =>
  z
    .string()
    .trim()
    .max(max, V.tooLong)
    .optional()
    .nullable()
    .transform((v) => (v === '' ? null : (v ?? null)));

/** Mainland mobile: 11 digits, first 1, second 3-8 (SPEC section 5). */
export const MOBILE_PATTERN = /^1[3-8]\d{9}$/;

export const validFlagSchema = z.coerce.number().int().min(0).max(1);

/** Paged list request (query string) and response. Page numbers start at 1. */
export const pageQuerySchema = z.object({
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(LIMITS.maxPageSize).default(LIMITS.defaultPageSize),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    list: z.array(item),
    total: z.number().int().nonnegative(),
    pageNum: z.number().int(),
    pageSize: z.number().int(),
  });

export interface Page<T> {
  list: T[];
  total: number;
  pageNum: number;
  pageSize: number;
}

/** Export requests carry exportSpecialFlag=1 (SPEC section 7, 'Export and templates'). */
export const exportFlagSchema = z.object({ exportSpecialFlag: z.coerce.number().int().optional() });

/**
 * An export's first step answers with the download link (a single-use ticket instead of the token)
 * and, for streamed exports, the id under which the console can follow the export's progress.
 */
export const exportLinkSchema = z.object({ url: z.string(), progress: z.string().optional() });
export type ExportLink = z.infer<typeof exportLinkSchema>;

/** GET /data/export/rest/progress: rows written so far, of `total` when known up front. */
export const exportProgressQuerySchema = z.object({ id: z.string().min(1).max(64) });
export const exportProgressSchema = z.object({
  rows: z.number().int(),
  total: z.number().int().nullable(),
  state: z.enum(['waiting', 'running', 'done', 'failed']),
});
export type ExportProgress = z.infer<typeof exportProgressSchema>;

/** Epoch milliseconds, UTC (DESIGN.md 'Data'). */
export const timestampSchema = z.number().int();
