import { flattenResourceTree, MESSAGES, type Page, type Resource } from '@envmon/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, body, call, downloadWorkbook, login, useTestApp } from '../../test/harness.js';

const RESOURCE = '/manager/system/resource/rest';

describe('resources', () => {
  const t = useTestApp();
  let admin: string;
  const all = async () =>
    (await call<Page<Resource>>(t().app, admin, 'GET', `${RESOURCE}/getAll`, { query: { pageSize: '1000' } })).list;

  beforeAll(async () => {
    admin = await login(t().app, 'admin', ADMIN_PASSWORD);
  });

  it('is seeded with the whole menu, built in, in module/childModule order', async () => {
    const list = await all();
    const seeded = flattenResourceTree();
    expect(list).toHaveLength(seeded.length);
    expect(new Set(list.map((r) => r.resCode))).toEqual(new Set(seeded.map((s) => s.code)));
    expect(list.every((r) => r.builtIn)).toBe(true);
    const keys = list.map((r) => r.module * 1000 + r.childModule);
    expect(keys).toEqual([...keys].sort((a, b) => a - b));
    const system = list.find((r) => r.resCode === 'system');
    const user = list.find((r) => r.resCode === 'system.user');
    expect(user).toMatchObject({ parentResId: system?.id, resUrl: 'user', resName: '用户管理', resNameEn: 'Users' });
    expect(list.find((r) => r.resCode === 'system.user:write')?.parentResId).toBe(user?.id);
  });

  it('pages and filters by name (either language) and type', async () => {
    const { app } = t();
    const page = await call<Page<Resource>>(app, admin, 'GET', `${RESOURCE}/getAll`, {
      query: { pageNum: '2', pageSize: '5' },
    });
    expect(page.list).toHaveLength(5);
    expect(page.pageNum).toBe(2);
    const users = await call<Page<Resource>>(app, admin, 'GET', `${RESOURCE}/getAll`, { query: { resName: 'users' } });
    expect(users.list.map((r) => r.resCode)).toEqual(['system.user']);
    const alarms = await call<Page<Resource>>(app, admin, 'GET', `${RESOURCE}/getAll`, { query: { resType: '7' } });
    expect(alarms.list.map((r) => r.resCode)).toEqual(['alarm', 'alarm.list', 'alarm.list:write']);
  });

  it('adds, updates and deletes a resource; codes are unique', async () => {
    const { app } = t();
    const parent = (await all()).find((r) => r.resCode === 'system');
    const added = await call<Resource>(app, admin, 'POST', `${RESOURCE}/add`, {
      payload: {
        resCode: 'system.extra',
        resName: '扩展',
        resType: 20,
        parentResId: parent?.id,
        module: 6,
        childModule: 99,
      },
    });
    expect(added).toMatchObject({ resCode: 'system.extra', builtIn: false, action: 0, resUrl: '', iconfont: null });

    const dup = await app.inject({
      method: 'POST',
      url: `${RESOURCE}/add`,
      payload: { resCode: 'system.extra', resName: 'again', resType: 20 },
      headers: { token: admin },
    });
    expect(body(dup).desc).toBe(MESSAGES.resourceCodeTaken);

    const updated = await call<Resource>(app, admin, 'POST', `${RESOURCE}/update`, {
      payload: {
        id: added.id,
        resCode: 'system.extra',
        resName: '扩展2',
        resType: 20,
        parentResId: parent?.id,
        resUrl: 'extra',
      },
    });
    expect(updated).toMatchObject({ resName: '扩展2', resUrl: 'extra' });

    expect(await call(app, admin, 'GET', `${RESOURCE}/delete`, { query: { id: String(added.id) } })).toBeNull();
  });

  it('refuses a parent cycle, a bad code, and deleting a resource that has children', async () => {
    const { app } = t();
    const a = await call<Resource>(app, admin, 'POST', `${RESOURCE}/add`, {
      payload: { resCode: 'x.a', resName: 'A', resType: 20 },
    });
    const b = await call<Resource>(app, admin, 'POST', `${RESOURCE}/add`, {
      payload: { resCode: 'x.b', resName: 'B', resType: 20, parentResId: a.id },
    });
    const cycle = await app.inject({
      method: 'POST',
      url: `${RESOURCE}/update`,
      payload: { id: a.id, resCode: 'x.a', resName: 'A', resType: 20, parentResId: b.id },
      headers: { token: admin },
    });
    expect(body(cycle).status).toBe(-1);
    const badCode = await app.inject({
      method: 'POST',
      url: `${RESOURCE}/add`,
      payload: { resCode: 'Bad Code', resName: 'x', resType: 20 },
      headers: { token: admin },
    });
    expect(badCode.statusCode).toBe(400);
    const del = await app.inject({ url: `${RESOURCE}/delete`, query: { id: String(a.id) }, headers: { token: admin } });
    expect(body(del).desc).toBe(MESSAGES.inUse);
  });

  it('protects built-in resources from deletion and from a change of code', async () => {
    const { app } = t();
    const builtIn = (await all()).find((r) => r.resCode === 'query.history');
    const del = await app.inject({
      url: `${RESOURCE}/delete`,
      query: { id: String(builtIn?.id) },
      headers: { token: admin },
    });
    expect(body(del).desc).toBe(MESSAGES.builtInProtected);
    const recode = await app.inject({
      method: 'POST',
      url: `${RESOURCE}/update`,
      payload: { ...builtIn, resCode: 'query.renamed' },
      headers: { token: admin },
    });
    expect(body(recode).desc).toBe(MESSAGES.builtInReadOnly);
    // Other fields of a built-in resource may change (e.g. its label).
    const relabel = await call<Resource>(app, admin, 'POST', `${RESOURCE}/update`, {
      payload: { ...builtIn, resName: '历史查询' },
    });
    expect(relabel.resName).toBe('历史查询');
  });

  it('exports with English headers and labels when asked', async () => {
    const { url } = await call<{ url: string }>(t().app, admin, 'GET', `${RESOURCE}/export`, {
      query: { exportSpecialFlag: '1', lang: 'en-US', resType: '7' },
    });
    const workbook = await downloadWorkbook(t().app, url);
    const rows = (workbook.worksheets[0]?.getSheetValues() ?? []).slice(2).map((r) => (r as unknown[]).slice(1));
    expect(rows).toHaveLength(3);
    expect(rows[0]).toContain('Alarms');
    expect(rows[0]).toContain('Menu');
  });
});
