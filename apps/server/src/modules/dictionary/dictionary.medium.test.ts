import { MESSAGES, VOCABULARIES, type DictionaryEntry, type Page } from '@envmon/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, body, call, login, useTestApp } from '../../test/harness.js';

const DICT = '/manager/system/dictionary/rest';

describe('dictionary', () => {
  const t = useTestApp();
  let admin: string;

  beforeAll(async () => {
    admin = await login(t().app, 'admin', ADMIN_PASSWORD);
  });

  const lookup = (tableName: string, columnName: string) =>
    call<DictionaryEntry[]>(t().app, admin, 'GET', `${DICT}/get`, { query: { tableName, columnName } });

  it('is seeded with every vocabulary, in Chinese and English, in order', async () => {
    for (const vocabulary of Object.values(VOCABULARIES)) {
      const entries = await lookup(vocabulary.tableName, vocabulary.columnName);
      expect(entries.map((e) => [e.value, e.label, e.labelEn])).toEqual(
        vocabulary.items.map((i) => [i.value, i.zh, i.en]),
      );
      expect(entries.every((e) => e.builtIn)).toBe(true);
    }
    const flags = (await lookup('data', 'flag')).map((e) => e.value);
    for (const code of ['D1', 'D27', 'hd1', 'hd6', 'M1', 'M6', 'SH1', 'ABN']) expect(flags).toContain(code);
  });

  it('holds the vocabularies SPEC section 3 reads by column name', async () => {
    const modules = await lookup('resource', 'module');
    expect(modules.slice(0, 2).map((e) => [e.value, e.label, e.labelEn])).toEqual([
      ['1', '实时监控', 'Real-time'],
      ['2', '数据查询', 'Data query'],
    ]);
    expect((await lookup('factor', 'unit')).map((e) => e.value)).toEqual(expect.arrayContaining(['mg/L', 'µg/m³']));
    expect((await lookup('factor', 'factortype')).map((e) => e.value)).toEqual(['water', 'air']);
    expect((await lookup('factor', 'factorcategory')).map((e) => e.value)).toContain('isotope');
    expect((await lookup('data', 'source')).map((e) => e.label)).toContain('站点上传');
    expect((await lookup('resource', 'appmodule')).length).toBeGreaterThan(0);
  });

  it('gives a vocabulary as a value → label map through getFactorUnit', async () => {
    const map = await call<Record<string, string>>(t().app, admin, 'GET', `${DICT}/getFactorUnit`, {
      query: { tableName: 'alarm', columnName: 'alarmtype' },
    });
    expect(map).toEqual({ '1': '阈值告警', '2': '离线告警', '3': '电池告警', '4': '设备告警', '5': '断路告警' });
  });

  it('adds, updates, lists and deletes entries; lookups follow sort', async () => {
    const { app } = t();
    const second = await call<DictionaryEntry>(app, admin, 'POST', `${DICT}/add`, {
      payload: { tableName: 'custom', columnName: 'kind', value: 'b', label: '乙', sort: 2 },
    });
    const first = await call<DictionaryEntry>(app, admin, 'POST', `${DICT}/add`, {
      payload: { tableName: 'custom', columnName: 'kind', value: 'a', label: '甲', labelEn: 'A', sort: 1 },
    });
    expect(first).toMatchObject({ builtIn: false, color: null, remark: null });
    expect((await lookup('custom', 'kind')).map((e) => e.value)).toEqual(['a', 'b']);

    await call(app, admin, 'POST', `${DICT}/update`, { payload: { ...second, sort: 0 } });
    expect((await lookup('custom', 'kind')).map((e) => e.value)).toEqual(['b', 'a']);

    const page = await call<Page<DictionaryEntry>>(app, admin, 'GET', `${DICT}/getAll`, {
      query: { tableName: 'custom' },
    });
    expect(page.total).toBe(2);

    const dup = await app.inject({
      method: 'POST',
      url: `${DICT}/add`,
      payload: { tableName: 'custom', columnName: 'kind', value: 'a', label: 'again' },
      headers: { token: admin },
    });
    expect(body(dup).desc).toBe(MESSAGES.dictionaryEntryTaken);

    await call(app, admin, 'GET', `${DICT}/delete`, { query: { id: String(first.id) } });
    expect((await lookup('custom', 'kind')).map((e) => e.value)).toEqual(['b']);
  });

  it('protects built-in entries: no delete, no change of table, column or value', async () => {
    const { app } = t();
    const [entry] = await lookup('alarm', 'alarmtype');
    const del = await app.inject({
      url: `${DICT}/delete`,
      query: { id: String(entry?.id) },
      headers: { token: admin },
    });
    expect(body(del).desc).toBe(MESSAGES.builtInProtected);
    const revalue = await app.inject({
      method: 'POST',
      url: `${DICT}/update`,
      payload: { ...entry, value: '99' },
      headers: { token: admin },
    });
    expect(body(revalue).desc).toBe(MESSAGES.builtInReadOnly);
  });

  it('needs both lookup parameters', async () => {
    const response = await t().app.inject({
      url: `${DICT}/get`,
      query: { tableName: 'alarm' },
      headers: { token: admin },
    });
    expect(response.statusCode).toBe(400);
  });
});
