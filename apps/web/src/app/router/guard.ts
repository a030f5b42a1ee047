import { ADMIN_ROLE } from '@envmon/shared';
import { isGalleryPath } from '../../features/gallery';
import { safeRedirect } from '../../lib/safe-redirect';

/**
 * The navigation guard of SPEC section 2, as a pure decision so it can be tested on its own.
 * The router component asks it on every navigation and carries the decision out.
 */

/** Reachable without a token. */
export const PUBLIC_PATHS: readonly string[] = ['/login', '/auth-redirect', '/oauth'];

export const LOGIN_PATH = '/login';
export const HOME_PATH = '/index';
export const UNAUTHORIZED_PATH = '/401';
export const NOT_FOUND_PATH = '/404';
/** The /401 page's back button goes home instead of back into the refused page. */
export const NO_GO_BACK_PARAM = 'noGoBack';

export type UserState =
  { status: 'loading' } | { status: 'error'; desc: string | null } | { status: 'ready'; roles: readonly string[] };

export interface GuardInput {
  pathname: string;
  /** pathname + search + hash: what the redirect parameter carries back after sign-in. */
  fullPath: string;
  /** The query string, where /login finds its redirect parameter. */
  search: string;
  hasToken: boolean;
  user: UserState;
  /** The first page of the first generated route, where '/' lands; null when the menu is empty. */
  landingPath: string | null;
  /** Roles the matched route declares; undefined when it declares none. */
  routeRoles?: readonly string[] | undefined;
  /**
   * The path is one of the console's pages but not in this user's menu: it exists, it is just not
   * theirs, so it is refused (/401) rather than not found (/404).
   */
  outsideMenu?: boolean;
}

export type GuardDecision =
  | { type: 'allow' }
  | { type: 'redirect'; to: string; replace: true }
  | { type: 'load-user' }
  | { type: 'logout'; desc: string | null };

const redirect = (to: string): GuardDecision => ({ type: 'redirect', to, replace: true });

export function loginPathFor(fullPath: string): string {
  return fullPath === '/' || fullPath === '' ? LOGIN_PATH : `${LOGIN_PATH}?redirect=${encodeURIComponent(fullPath)}`;
}

export function unauthorizedPath(): string {
  return `${UNAUTHORIZED_PATH}?${NO_GO_BACK_PARAM}=true`;
}

/** Admin passes every route; otherwise one of the route's roles is needed (SPEC section 6). */
export function rolesAllow(userRoles: readonly string[], routeRoles: readonly string[] | undefined): boolean {
  if (routeRoles === undefined || userRoles.includes(ADMIN_ROLE)) return true;
  return routeRoles.some((role) => userRoles.includes(role));
}

/**
 * Roles the fixed routes declare (the generated ones declare theirs in the registry): the template
 * gallery is the administrator's.
 */
export function fixedRouteRoles(pathname: string): readonly string[] | undefined {
  return isGalleryPath(pathname) ? [ADMIN_ROLE] : undefined;
}

export function decideNavigation(input: GuardInput): GuardDecision {
  const { pathname, fullPath, hasToken, user } = input;
  const isPublic = PUBLIC_PATHS.includes(pathname);
  if (!hasToken) return isPublic ? { type: 'allow' } : redirect(loginPathFor(fullPath));
  // Signed in already (or just now): the login form has nothing more to offer; go where it was asked
  // to return. The sign-in landings still finish their job.
  if (pathname === LOGIN_PATH) return redirect(safeRedirect(new URLSearchParams(input.search).get('redirect')));
  if (isPublic) return { type: 'allow' };

  switch (user.status) {
    case 'loading':
      return { type: 'load-user' };
    case 'error':
      return { type: 'logout', desc: user.desc };
    case 'ready':
      if (pathname === '/') return redirect(input.landingPath ?? HOME_PATH);
      if (input.outsideMenu === true || !rolesAllow(user.roles, input.routeRoles ?? fixedRouteRoles(pathname))) {
        return redirect(unauthorizedPath());
      }
      return { type: 'allow' };
  }
}
