import { z } from 'zod';
import { optionalText, requiredText } from './common.js';

export const resourceSchema = z.object({
  id: z.number().int(),
  resCode: z.string(),
  resName: z.string(),
  resNameEn: z.string().nullable(),
  resUrl: z.string(),
  parentResId: z.number().int().nullable(),
  iconfont: z.string().nullable(),
  module: z.number().int(),
  childModule: z.number().int(),
  resType: z.number().int(),
  /** 0 menu, 1 operation, 2 excluded (dropped from user info). */
  action: z.number().int(),
  builtIn: z.boolean(),
});
export type Resource = z.infer<typeof resourceSchema>;

export const resourceInputSchema = z.object({
  resCode: requiredText(64).regex(/^[a-z][a-z0-9.:-]*$/, 'validation.pattern'),
  resName: requiredText(64),
  resNameEn: optionalText(64),
  resUrl: z.string().trim().max(255, 'validation.tooLong').default(''),
  parentResId: z.coerce.number().int().positive().nullable().optional().transform((v) => v ?? null),
  iconfont: optionalText(64),
  module: z.coerce.number().int().min(0).default(0),
  childModule: z.coerce.number().int().min(0).default(0),
  resType: z.coerce.number().int(),
  action: z.coerce.number().int().min(0).max(2).default(0),
});
export type ResourceInput = z.infer<typeof resourceInputSchema>;

export const resourceFilterSchema = z.object({
  resName: z.string().trim().optional(),
  resType: z.coerce.number().int().optional(),
});
