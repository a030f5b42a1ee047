import { z } from 'zod';
import { LANGUAGES } from '../i18n/index.js';
import { oauthConfigSchema } from './auth.js';

/** The spec's console sizes; the console maps them to antd sizes (medium → middle, mini → small + compact). */
export const CONSOLE_SIZES = ['medium', 'small', 'mini'] as const;
export type ConsoleSize = (typeof CONSOLE_SIZES)[number];

/**
 * GET /manager/system/config/rest/get — what the console needs before sign-in. `oauth.authorizeUrl`
 * is the provider's authorize URL with response_type, client_id and redirect_uri already set.
 */
export const clientConfigSchema = z.object({
  defaultLanguage: z.enum(LANGUAGES),
  defaultSize: z.enum(CONSOLE_SIZES),
  oauth: oauthConfigSchema,
  mapTileUrl: z.string().nullable(),
  demo: z.boolean(),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;
