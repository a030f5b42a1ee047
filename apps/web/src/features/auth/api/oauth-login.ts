import { authEndpoints, type LoginResult } from '@envmon/shared';
import { callEndpoint } from '../../../lib/endpoint';

/** Exchanges the external provider's authorization code for a console token. */
export function oauthLogin(code: string): Promise<LoginResult> {
  return callEndpoint(authEndpoints.oauth, { params: { code } }, { quiet: true });
}
