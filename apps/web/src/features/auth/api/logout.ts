import { PUBLIC_ROUTES, type authEndpoints } from '@envmon/shared';
import { callRoute } from '../../../lib/endpoint';

/** Revokes the token on the server. Signing out locally must not depend on it, so failures are swallowed. */
export async function logout(): Promise<void> {
  try {
    await callRoute<typeof authEndpoints.logout>(PUBLIC_ROUTES.logout, {}, { silent: true, quiet: true });
  } catch {
    // An expired or unreachable session is signed out all the same.
  }
}
