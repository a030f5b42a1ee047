import type { LoginResult } from '@envmon/shared';
import { api } from '../../../lib/api';
import { AUTH_URLS } from './urls';

/** Exchanges the external provider's authorization code for a console token. */
export function oauthLogin(code: string): Promise<LoginResult> {
  return api.get<LoginResult>(AUTH_URLS.oauth(code), undefined, { quiet: true });
}
