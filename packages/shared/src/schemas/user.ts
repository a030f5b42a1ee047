import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { idSchema, MOBILE_PATTERN, optionalText, requiredText, V, validFlagSchema } from './common.js';
import { roleWithResourcesSchema } from './role.js';

export const passwordSchema = z
  .string({ error: V.required })
  .min(LIMITS.passwordMin, V.tooShort)
  .max(LIMITS.passwordMax, V.tooLong);

export const userSchema = z.object({
  id: z.number().int(),
  userName: z.string(),
  name: z.string(),
  nackName: z.string().nullable(),
  avatar: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  ifValid: z.number().int(),
  builtIn: z.boolean(),
  roleIds: z.array(z.number().int()),
  /** The roles' names in roleIds' order: what the list shows (the form edits the ids). */
  roleNames: z.array(z.string()),
  deviceCodes: z.array(z.string()),
  remark: z.string().nullable(),
  createTime: z.number().int(),
});
export type User = z.infer<typeof userSchema>;

const userFields = {
  userName: requiredText(LIMITS.userNameMax).regex(/^[A-Za-z0-9_.@-]+$/, V.pattern),
  name: requiredText(64),
  nackName: optionalText(64),
  avatar: optionalText(255),
  phone: z
    .string()
    .trim()
    .regex(MOBILE_PATTERN, V.mobile)
    .optional()
    .nullable()
    .or(z.literal('').transform(() => null)),
  email: z.email(V.email).optional().nullable().or(z.literal('').transform(() => null)),
  ifValid: validFlagSchema.default(1),
  roleIds: z.array(idSchema).default([]),
  deviceCodes: z.array(z.string().trim().min(1)).default([]),
  remark: optionalText(),
};

/** Add requires a password; update may leave it out to keep the current one. */
export const userCreateSchema = z.object({ ...userFields, password: passwordSchema });
export const userUpdateSchema = z.object({
  ...userFields,
  password: passwordSchema.optional().or(z.literal('').transform(() => undefined)),
});
export type UserCreate = z.infer<typeof userCreateSchema>;
export type UserUpdate = z.infer<typeof userUpdateSchema>;

export const userFilterSchema = z.object({
  userName: z.string().trim().optional(),
  name: z.string().trim().optional(),
  ifValid: z.coerce.number().int().optional(),
});

export const userNameCheckSchema = z.object({
  userName: z.string().trim().min(1),
  id: z.coerce.number().int().optional(),
});

/** GET getByToken (SPEC section 3, 'User info'). */
export const userInfoSchema = z.object({
  userId: z.number().int(),
  userName: z.string(),
  name: z.string(),
  avatar: z.string().nullable(),
  nackName: z.string().nullable(),
  roles: z.array(roleWithResourcesSchema),
  deviceCodes: z.array(z.string()),
});
export type UserInfo = z.infer<typeof userInfoSchema>;
