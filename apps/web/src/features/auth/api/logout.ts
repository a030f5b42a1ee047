import { api } from '../../../lib/api';
import { AUTH_URLS } from './urls';

/** Revokes the token on the server. Signing out locally must not depend on it, so failures are swallowed. */
export async function logout(): Promise<void> {
  try {
    await api.post<null>(AUTH_URLS.logout, undefined, { silent: true, quiet: true });
  } catch {
    // An expired or unreachable session is signed out all the same.
  }
}
