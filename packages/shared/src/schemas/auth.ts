import { z } from 'zod';
import { passwordSchema } from './user.js';
import { LIMITS } from '../limits.js';

export const loginSchema = z.object({
  userName: z.string().trim().min(1, 'validation.required').max(LIMITS.userNameMax),
  password: z.string().min(1, 'validation.required').max(LIMITS.loginPasswordMax),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const loginResultSchema = z.object({
  token: z.string(),
  expiresAt: z.number().int(),
});
export type LoginResult = z.infer<typeof loginResultSchema>;

/** POST /system/password/rest/change takes query parameters (SPEC section 7). */
export const passwordChangeSchema = z.object({
  oldPassword: z.string().min(1, 'validation.required'),
  newPassword: passwordSchema,
});
export type PasswordChange = z.infer<typeof passwordChangeSchema>;

export const oauthCodeParamSchema = z.object({ code: z.string().min(1).max(2048) });

/** What the console needs to start an external sign-in; `enabled` false hides the button. */
export const oauthConfigSchema = z.object({
  enabled: z.boolean(),
  authorizeUrl: z.string().nullable(),
});
export type OAuthConfig = z.infer<typeof oauthConfigSchema>;
