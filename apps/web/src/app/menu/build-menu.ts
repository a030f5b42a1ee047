import { compareMenuOrder, mergeRoleResources, RESOURCE_ACTION, type Language, type Resource, type RoleWithResources } from '@envmon/shared';

/**
 * The server-driven menu (SPEC section 2 'Dynamic menu', section 6): resources of the user's roles,
 * deduplicated by id, action 2 dropped, sorted by module then childModule. Top-level menu resources
 * become groups; their menu children become pages at the group's url + '/' + the child's url.
 */

export interface MenuLabel {
  name: string;
  nameEn: string | null;
}

export interface MenuPage extends MenuLabel {
  id: number;
  code: string;
  path: string;
  icon: string | null;
  groupCode: string;
}

export interface MenuGroup extends MenuLabel {
  id: number;
  code: string;
  path: string;
  icon: string | null;
  pages: MenuPage[];
}

/** Every resource of the roles once, without the excluded ones, in menu order (shared with the server). */
export function collectResources(roles: readonly RoleWithResources[]): Resource[] {
  return mergeRoleResources(roles);
}

/** '/system' + 'user' → '/system/user', tolerant of slashes on either side. */
export function joinPath(parent: string, child: string): string {
  const head = parent.replace(/\/+$/, '');
  const tail = child.replace(/^\/+/, '');
  const joined = tail ? `${head}/${tail}` : head;
  return joined.startsWith('/') ? joined : `/${joined}`;
}

/**
 * Groups and their pages. `isKnown` is the client registry: codes it does not know are dropped
 * (STYLE.md rule 10), and a group left without pages is dropped with them.
 */
export function buildMenu(resources: readonly Resource[], isKnown: (code: string) => boolean): MenuGroup[] {
  const menus = resources.filter((r) => r.action === RESOURCE_ACTION.menu).sort(compareMenuOrder);
  const groups: MenuGroup[] = [];
  for (const top of menus) {
    if (top.parentResId !== null) continue;
    const path = joinPath('/', top.resUrl);
    const pages = menus
      .filter((child) => child.parentResId === top.id && isKnown(child.resCode))
      .map<MenuPage>((child) => ({
        id: child.id,
        code: child.resCode,
        path: joinPath(path, child.resUrl),
        name: child.resName,
        nameEn: child.resNameEn,
        icon: child.iconfont,
        groupCode: top.resCode,
      }));
    if (pages.length === 0) continue;
    groups.push({ id: top.id, code: top.resCode, path, name: top.resName, nameEn: top.resNameEn, icon: top.iconfont, pages });
  }
  return groups;
}

/** The user's resource codes, operations included: what `<Can>` checks. */
export function resourceCodes(resources: readonly Resource[]): Set<string> {
  return new Set(resources.map((r) => r.resCode));
}

export function menuLabel(item: MenuLabel, language: Language): string {
  return language === 'en-US' ? item.nameEn || item.name : item.name;
}

export function findPage(groups: readonly MenuGroup[], pathname: string): { group: MenuGroup; page: MenuPage } | null {
  for (const group of groups) {
    const page = group.pages.find((p) => p.path === pathname);
    if (page) return { group, page };
  }
  return null;
}
