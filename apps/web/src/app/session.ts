import { ADMIN_ROLE, RESOURCE_ACTION, RESOURCE_TREE, type UserInfo } from '@envmon/shared';
/*
 * Building the session needs the page registry; reading it (useSession, in session-context.ts) does
 * not, so the registry's pages can read the session without importing this module back.
 */
import { isRegistered, pageEntry } from '../config/registry';
import { buildMenu, collectResources, findPage, joinPath, resourceCodes } from './menu/build-menu';
import type { Session } from './session-context';

export function buildSession(user: UserInfo): Session {
  const resources = collectResources(user.roles);
  const menu = buildMenu(resources, isRegistered);
  const roleNames = user.roles.map((role) => role.roleName);
  // Pages the menu opens in a new browser tab are fixed routes, not generated ones.
  const landing = menu.flatMap((group) => group.pages).find((page) => !pageEntry(page.code)?.opensInNewTab);
  return {
    user,
    roleNames,
    isAdmin: roleNames.includes(ADMIN_ROLE),
    menu,
    codes: resourceCodes(resources),
    landingPath: landing?.path ?? null,
  };
}

/** Roles the route at `pathname` declares (registry), if it is a generated one that declares any. */
export function routeRolesFor(session: Session, pathname: string): readonly string[] | undefined {
  const match = findPage(session.menu, pathname);
  return match ? pageEntry(match.page.code)?.roles : undefined;
}

/**
 * Every page route the console has, whoever holds it: the product's menu pages (their seeded urls)
 * that the registry knows as a page of the layout. The menu of one user is a subset; the rest of
 * these exist but are someone else's.
 */
export const CONSOLE_PAGE_PATHS: ReadonlySet<string> = new Set(
  RESOURCE_TREE.flatMap((group) =>
    (group.children ?? [])
      .filter(
        (page) =>
          page.action === RESOURCE_ACTION.menu && isRegistered(page.code) && !pageEntry(page.code)?.opensInNewTab,
      )
      .map((page) => joinPath(joinPath('/', group.url), page.url)),
  ),
);

/** '/system/user/' is the route '/system/user'. */
const withoutTrailingSlash = (pathname: string): string => pathname.replace(/(.)\/+$/, '$1');

/** The path is a page of the console that this user's menu does not give them (SPEC section 2: /401, not /404). */
export function isOutsideMenu(session: Session, pathname: string): boolean {
  const path = withoutTrailingSlash(pathname);
  return CONSOLE_PAGE_PATHS.has(path) && findPage(session.menu, path) === null;
}
