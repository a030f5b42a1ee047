import { PUBLIC_ROUTES, type authEndpoints, type LoginInput, type LoginResult } from '@envmon/shared';
import { callRoute } from '../../../lib/endpoint';

/** The login form shows the server's reason itself (e.g. '用户名或密码错误！'), and sign-in announces nothing. */
export function login(input: LoginInput): Promise<LoginResult> {
  return callRoute<typeof authEndpoints.login>(PUBLIC_ROUTES.login, { body: input }, { silent: true, quiet: true });
}
