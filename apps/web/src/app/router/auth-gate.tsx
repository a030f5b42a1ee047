import { useEffect, useMemo, useRef } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@envmon/shared';
import { PageLoading } from '../../components/page-loading';
import { PermissionsProvider, type Permissions } from '../../components/can';
import { userInfoQueryOptions } from '../../features/auth';
import { isApiError } from '../../lib/api';
import { notifier } from '../../lib/notify';
import { tokenStore, useToken } from '../../lib/token';
import { SessionProvider } from '../session-context';
import { decideNavigation, type UserState } from './guard';
import { useShell } from './load-shell';

const NO_PERMISSIONS: Permissions = { isAdmin: false, codes: new Set() };

/** Carries out the guard's decision on every navigation (SPEC section 2 'Navigation guard'). */
export function AuthGate() {
  const { t } = useTranslation();
  const location = useLocation();
  const token = useToken();
  const queryClient = useQueryClient();
  const userQuery = useQuery(userInfoQueryOptions(token));
  // Fetched beside the user's info: the session is built from both.
  const shell = useShell(token !== null);
  const session = useMemo(
    () => (userQuery.data && shell ? shell.buildSession(userQuery.data) : null),
    [userQuery.data, shell],
  );
  const permissions = useMemo<Permissions>(
    () => (session ? { isAdmin: session.isAdmin, codes: session.codes } : NO_PERMISSIONS),
    [session],
  );

  const user: UserState = userQuery.isError
    ? { status: 'error', desc: isApiError(userQuery.error) ? userQuery.error.desc : null }
    : session
      ? { status: 'ready', roles: session.roleNames }
      : { status: 'loading' };
  const decision = decideNavigation({
    pathname: location.pathname,
    fullPath: location.pathname + location.search + location.hash,
    search: location.search,
    hasToken: token !== null,
    user,
    landingPath: session?.landingPath ?? null,
    routeRoles: session && shell ? shell.routeRolesFor(session, location.pathname) : undefined,
    outsideMenu: session && shell ? shell.isOutsideMenu(session, location.pathname) : false,
  });

  // User info failed: sign out and say why, once per failure.
  const handledError = useRef<unknown>(null);
  const logoutDesc = decision.type === 'logout' ? decision.desc : null;
  useEffect(() => {
    if (decision.type !== 'logout' || handledError.current === userQuery.error) return;
    handledError.current = userQuery.error;
    notifier.error(logoutDesc || t('common.messages.verificationFailed'), LIMITS.toastDurationMs);
    queryClient.removeQueries({ queryKey: ['auth'] });
    tokenStore.clear();
  }, [decision.type, logoutDesc, userQuery.error, queryClient, t]);

  switch (decision.type) {
    case 'redirect':
      return <Navigate to={decision.to} replace={decision.replace} />;
    case 'load-user':
    case 'logout':
      return <PageLoading fullscreen />;
    case 'allow':
      return (
        <SessionProvider value={session}>
          <PermissionsProvider value={permissions}>
            <Outlet />
          </PermissionsProvider>
        </SessionProvider>
      );
  }
}
