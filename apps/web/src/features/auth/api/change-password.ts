import type { PasswordChange } from '@envmon/shared';
import { api } from '../../../lib/api';
import { AUTH_URLS } from './urls';

/** The spec sends both passwords as query parameters (SPEC section 7, 'System'). */
export function changePassword(input: PasswordChange): Promise<null> {
  return api.post<null>(AUTH_URLS.changePassword, undefined, { params: { ...input } });
}
