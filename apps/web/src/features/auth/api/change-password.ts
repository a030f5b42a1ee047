import { authEndpoints, type PasswordChange } from '@envmon/shared';
import { callEndpoint } from '../../../lib/endpoint';

/** The spec sends both passwords as query parameters (SPEC section 7, 'System'). */
export function changePassword(input: PasswordChange): Promise<null> {
  return callEndpoint(authEndpoints.changePassword, { query: { ...input } });
}
