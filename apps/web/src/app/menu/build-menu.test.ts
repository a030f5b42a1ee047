import { describe, expect, it } from 'vitest';
import { flattenResourceTree, RESOURCE_ACTION, RESOURCE_TREE, type Resource, type RoleWithResources } from '@envmon/shared';
import { isRegistered } from '../../config/registry';
import { buildMenu, collectResources, findPage, joinPath, menuLabel, resourceCodes } from './build-menu';

let nextId = 1;
function res(overrides: Partial<Resource> & Pick<Resource, 'resCode'>): Resource {
  return {
    id: nextId++,
    resName: overrides.resCode,
    resNameEn: null,
    resUrl: overrides.resCode,
    parentResId: null,
    iconfont: null,
    module: 0,
    childModule: 0,
    resType: 1,
    action: RESOURCE_ACTION.menu,
    builtIn: true,
    ...overrides,
  };
}

const role = (roleName: string, resourceList: Resource[]): RoleWithResources => ({ id: nextId++, roleName, resourceList });
const known = () => true;

describe('collectResources', () => {
  it('deduplicates by id across roles and drops action 2', () => {
    const shared = res({ resCode: 'a' });
    const excluded = res({ resCode: 'b', action: RESOURCE_ACTION.excluded });
    const op = res({ resCode: 'a:write', action: RESOURCE_ACTION.operation });
    const list = collectResources([role('r1', [shared, excluded]), role('r2', [{ ...shared }, op])]);
    expect(list.map((r) => r.resCode)).toEqual(['a', 'a:write']);
  });

  it('sorts by module then childModule', () => {
    const list = collectResources([
      role('r', [
        res({ resCode: 'c', module: 2, childModule: 1 }),
        res({ resCode: 'a', module: 1, childModule: 5 }),
        res({ resCode: 'b', module: 2, childModule: 0 }),
        res({ resCode: 'z', module: 1, childModule: 2 }),
      ]),
    ]);
    expect(list.map((r) => r.resCode)).toEqual(['z', 'a', 'b', 'c']);
  });
});

describe('buildMenu', () => {
  const system = res({ resCode: 'system', resName: '系统管理', resNameEn: 'System', resUrl: '/system', module: 20 });
  const realtime = res({ resCode: 'realtime', resName: '实时监控', resUrl: '/realtime', module: 1 });
  const user = res({ resCode: 'system.user', resUrl: 'user', parentResId: system.id, module: 20, childModule: 2 });
  const role_ = res({ resCode: 'system.role', resUrl: '/role', parentResId: system.id, module: 20, childModule: 1 });
  const write = res({ resCode: 'system.user:write', resUrl: '', parentResId: user.id, action: RESOURCE_ACTION.operation, module: 20 });
  const data = res({ resCode: 'realtime.data', resUrl: 'data', parentResId: realtime.id, module: 1, childModule: 1 });
  const resources = collectResources([role('r', [system, user, role_, write, realtime, data])]);

  it('makes top-level resources groups and children pages at parent path + child url, in order', () => {
    const menu = buildMenu(resources, known);
    expect(menu.map((g) => [g.code, g.path])).toEqual([
      ['realtime', '/realtime'],
      ['system', '/system'],
    ]);
    expect(menu[1]?.pages.map((p) => [p.code, p.path])).toEqual([
      ['system.role', '/system/role'],
      ['system.user', '/system/user'],
    ]);
    expect(menu[1]?.pages[0]?.groupCode).toBe('system');
  });

  it('keeps operations out of the menu but in the resource codes', () => {
    const menu = buildMenu(resources, known);
    expect(menu.flatMap((g) => g.pages).map((p) => p.code)).not.toContain('system.user:write');
    expect(resourceCodes(resources).has('system.user:write')).toBe(true);
  });

  it('drops codes the registry does not know, and groups left empty', () => {
    const menu = buildMenu(resources, (code) => code !== 'realtime.data' && code !== 'system.role');
    expect(menu.map((g) => g.code)).toEqual(['system']);
    expect(menu[0]?.pages.map((p) => p.code)).toEqual(['system.user']);
  });

  it('finds the page of a path and labels in either language', () => {
    const menu = buildMenu(resources, known);
    expect(findPage(menu, '/system/user')?.group.code).toBe('system');
    expect(findPage(menu, '/system/nothing')).toBeNull();
    const [realtimeGroup, systemGroup] = menu;
    expect(systemGroup && menuLabel(systemGroup, 'en-US')).toBe('System');
    expect(systemGroup && menuLabel(systemGroup, 'zh-CN')).toBe('系统管理');
    // No English name: the Chinese one rather than nothing.
    expect(realtimeGroup && menuLabel(realtimeGroup, 'en-US')).toBe('实时监控');
  });

  it('builds the whole product menu from the seeded tree, every page code registered', () => {
    const seeded: Resource[] = [];
    let id = 1000;
    RESOURCE_TREE.forEach((group, g) => {
      const groupId = id++;
      seeded.push(res({ id: groupId, resCode: group.code, resUrl: group.url, module: g }));
      group.children?.forEach((child, c) => {
        seeded.push(res({ id: id++, resCode: child.code, resUrl: child.url, parentResId: groupId, action: child.action, module: g, childModule: c }));
      });
    });
    const menu = buildMenu(collectResources([role('admin', seeded)]), isRegistered);
    const pageCodes = flattenResourceTree()
      .filter((node) => node.action === RESOURCE_ACTION.menu && !RESOURCE_TREE.includes(node))
      .map((node) => node.code);
    expect(menu.flatMap((g) => g.pages).map((p) => p.code)).toEqual(pageCodes);
    expect(menu.find((g) => g.code === 'system')?.pages.find((p) => p.code === 'system.server-log')?.path).toBe('/system/server-log');
  });
});

describe('joinPath', () => {
  it('joins with exactly one slash', () => {
    expect(joinPath('/system', 'user')).toBe('/system/user');
    expect(joinPath('/system/', '/user')).toBe('/system/user');
    expect(joinPath('system', 'user')).toBe('/system/user');
    expect(joinPath('/', 'realtime')).toBe('/realtime');
  });
});
