import { authEndpoints } from '@envmon/shared';
import { callEndpoint } from '../../../lib/endpoint';

/** Revokes the token on the server. Signing out locally must not depend on it, so failures are swallowed. */
export async function logout(): Promise<void> {
  try {
    await callEndpoint(authEndpoints.logout, {}, { silent: true, quiet: true });
  } catch {
    // An expired or unreachable session is signed out all the same.
  }
}
