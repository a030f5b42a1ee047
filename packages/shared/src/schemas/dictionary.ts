import { z } from 'zod';
import { optionalText, requiredText } from './common.js';

export const dictionarySchema = z.object({
  id: z.number().int(),
  tableName: z.string(),
  columnName: z.string(),
  value: z.string(),
  label: z.string(),
  labelEn: z.string().nullable(),
  color: z.string().nullable(),
  sort: z.number().int(),
  builtIn: z.boolean(),
  remark: z.string().nullable(),
});
export type DictionaryEntry = z.infer<typeof dictionarySchema>;

export const dictionaryInputSchema = z.object({
  tableName: requiredText(64),
  columnName: requiredText(64),
  value: requiredText(64),
  label: requiredText(128),
  labelEn: optionalText(128),
  color: optionalText(32),
  sort: z.coerce.number().int().default(0),
  remark: optionalText(),
});
export type DictionaryInput = z.infer<typeof dictionaryInputSchema>;

/** get and getFactorUnit read by table and column name (SPEC section 3). */
export const dictionaryLookupSchema = z.object({
  tableName: z.string().trim().min(1),
  columnName: z.string().trim().min(1),
});

export const dictionaryFilterSchema = z.object({
  tableName: z.string().trim().optional(),
  columnName: z.string().trim().optional(),
  label: z.string().trim().optional(),
});
