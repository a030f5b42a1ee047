import { authEndpoints, type LoginInput, type LoginResult } from '@envmon/shared';
import { callEndpoint } from '../../../lib/endpoint';

/** The login form shows the server's reason itself (e.g. '用户名或密码错误！'), and sign-in announces nothing. */
export function login(input: LoginInput): Promise<LoginResult> {
  return callEndpoint(authEndpoints.login, { body: input }, { silent: true, quiet: true });
}
