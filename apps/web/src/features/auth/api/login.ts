import type { LoginInput, LoginResult } from '@envmon/shared';
import { api } from '../../../lib/api';
import { AUTH_URLS } from './urls';

/** The login form shows the server's reason itself (e.g. '用户名或密码错误！'), and sign-in announces nothing. */
export function login(input: LoginInput): Promise<LoginResult> {
  return api.post<LoginResult>(AUTH_URLS.login, input, { silent: true, quiet: true });
}
