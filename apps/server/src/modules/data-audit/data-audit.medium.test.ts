import type { DataAuditGrid, DataAuditRecord, DataAuditResult, HistoryChart, HistoryTable, Page } from '@envmon/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/connection.js';
import type { MeasurementRow, RollupTarget } from '../../ingest/ingest.repository.js';
import { PostgresIngestRepository } from '../../ingest/postgres-ingest.repository.js';
import { SqliteIngestRepository } from '../../ingest/sqlite-ingest.repository.js';
import { body, call, downloadWorkbook, query } from '../../test/harness.js';
import { userWith } from '../deploy/device-panel.test-support.js';
import { COD, D0, DAY, DO, HOUR, PH, useReports } from '../report/report.test-support.js';

const AUDIT = '/manager/settings/dataAudit/rest';
const HISTORY = '/data/history/rest';

/**
 * Data audit on the report fixture (report.test-support.ts): station A's hours of 1 March 2026 — COD 10, 20, 30
 * and 40 (the last flagged D by the station) — its days (COD 10, 20, 30 on 1–3 March; 40, 50 and 999 on 26, 28
 * and 25 February), stations B (project A) and C (project B).
 */
describe('data audit', () => {
  const { t, fixture } = useReports();
  let admin: string;
  let a: number;
  let b: number;
  let c: number;
  /** Holds water.data-audit with its write, bound to station A. */
  let auditor: string;
  /** Holds settings.data-audit without its write. */
  let reader: string;

  beforeAll(async () => {
    ({ admin, a, b, c } = fixture());
    auditor = await userWith(t(), admin, 'da-auditor', ['water.data-audit', 'water.data-audit:write'], ['RP-A']);
    // A's 1 March of four COD hours: the fixture's hour 4 (1000, outside the reports' range) goes.
    await query(t(), (db) =>
      db
        .deleteFrom('measurements')
        .where('deviceId', '=', a)
        .where('kind', '=', 'hour')
        .where('dataTime', '=', D0 + 4 * HOUR)
        .execute(),
    );
    reader = await userWith(t(), admin, 'da-reader', ['settings.data-audit']);
  });

  const post = (path: string, payload: unknown, token: string | null = admin) =>
    t().app.inject({
      method: 'POST',
      url: `${AUDIT}/${path}`,
      payload: payload as Record<string, unknown>,
      headers: token ? { token } : {},
    });
  const ok = <T>(path: string, payload: unknown, token = admin) =>
    call<T>(t().app, token, 'POST', `${AUDIT}/${path}`, { payload });
  const list = (payload: Record<string, unknown> = {}, token = admin) =>
    ok<Page<DataAuditRecord>>('getList', { pageSize: 100, ...payload }, token);
  const grid = (deviceId: number, kind: 'hour' | 'day', from: number, to: number) =>
    ok<DataAuditGrid>('grid', { deviceId, kind, from, to });

  /** The stored row of one value, with the audit state laid over it. */
  const stored = (deviceId: number, kind: string, dataTime: number, factorCode = COD) =>
    query(t(), (db) =>
      db
        .selectFrom('measurements')
        .select(['value', 'min', 'max', 'auditState', 'auditValue'])
        .where('deviceId', '=', deviceId)
        .where('kind', '=', kind as 'hour')
        .where('dataTime', '=', dataTime)
        .where('factorCode', '=', factorCode)
        .executeTakeFirst(),
    );
  /** Writes measurements (and rollups) the way the ingest does: a station sending them again. */
  async function resend(measurements: MeasurementRow[], rollups: RollupTarget[]): Promise<void> {
    const database = openDatabase(t().config.database);
    const repo = database.sqlite
      ? new SqliteIngestRepository(database.db, database.sqlite)
      : new PostgresIngestRepository(database.db);
    try {
      await repo.writeBatch({ originals: [], measurements, latest: [], rollups, tileHours: [] });
    } finally {
      await repo.close();
      await database.db.destroy();
    }
  }
  const MARCH = D0;
  const YEAR_2026 = Date.UTC(2025, 11, 31, 16);

  describe('who may', () => {
    it('answers 401 without a session and 403 without a data-audit page (or its write, for changes)', async () => {
      expect((await post('getList', {}, null)).statusCode).toBe(401);
      expect((await post('add', {}, null)).statusCode).toBe(401);
      const { bound } = fixture();
      for (const path of ['getList', 'grid', 'add', 'update', 'uninstall']) {
        expect((await post(path, {}, bound)).statusCode).toBe(403);
      }
      expect((await list({}, reader)).total).toBeGreaterThanOrEqual(0);
      for (const path of ['add', 'update', 'uninstall']) expect((await post(path, {}, reader)).statusCode).toBe(403);
    });

    it('keeps an auditor to the devices bound to them', async () => {
      const outside = body(
        await post(
          'add',
          { deviceId: b, kind: 'hour', action: 'invalid', reason: 'other', cells: [{ factorCode: COD, dataTime: D0 }] },
          auditor,
        ),
      );
      expect(outside).toMatchObject({ status: -1, desc: '数据不存在！' });
      expect(body(await post('grid', { deviceId: c, kind: 'hour', from: D0, to: D0 + DAY }, auditor)).status).toBe(-1);
    });

    it('refuses an audit without its reason, a replacement without its value, and a cell with no value', async () => {
      const cell = { factorCode: COD, dataTime: D0 };
      expect((await post('add', { deviceId: a, kind: 'hour', action: 'invalid', cells: [cell] })).statusCode).toBe(400);
      expect(
        (await post('add', { deviceId: a, kind: 'hour', action: 'replace', reason: 'other', cells: [cell] }))
          .statusCode,
      ).toBe(400);
      const missing = await post('add', {
        deviceId: a,
        kind: 'hour',
        action: 'invalid',
        reason: 'other',
        cells: [{ factorCode: COD, dataTime: D0 + 20 * HOUR }],
      });
      expect(body(missing)).toMatchObject({ status: -1, desc: '数据不存在！' });
      expect((await list({ deviceId: a })).total).toBe(0);
    });
  });

  describe('an audited day', () => {
    let invalidBatch: number;
    let replaceBatch: number;

    it('invalidates an hour: recorded, laid over the value, the day recomputed from the audited hours, the month and year too', async () => {
      const result = await ok<DataAuditResult>(
        'add',
        {
          deviceId: a,
          kind: 'hour',
          action: 'invalid',
          reason: 'maintenance',
          remark: 'pump cleaned',
          cells: [{ factorCode: COD, dataTime: D0 + HOUR }],
        },
        auditor,
      );
      expect(result.count).toBe(1);
      invalidBatch = result.batchId as number;
      // Written to the operation log, as every change is (reads are not).
      const logged = await query(t(), (db) =>
        db.selectFrom('operationLogs').select(['url', 'userName']).where('url', 'like', `${AUDIT}/%`).execute(),
      );
      expect(logged).toContainEqual({ url: `${AUDIT}/add`, userName: 'da-auditor' });
      expect(logged.filter((l) => l.url.endsWith('/getList') || l.url.endsWith('/grid'))).toEqual([]);
      expect(await stored(a, 'hour', D0 + HOUR)).toMatchObject({ value: 20, auditState: 'invalid', auditValue: null });
      // Valid hours left: 10 and 30 (40 is flagged D) → 20.
      expect(await stored(a, 'day', D0)).toMatchObject({ value: 10, auditState: 'recomputed', auditValue: 20 });
      // March: days 20 (recomputed), 20, 30 → 70 / 3; lowest 19 (2 March's min), highest 31.
      const march = await stored(a, 'month', MARCH);
      expect(march?.value).toBeCloseTo(70 / 3, 9);
      expect(march).toMatchObject({ min: 19, max: 31 });
      // 2026: 25, 26 and 28 February (999, 40, 50) and 1–3 March (20, 20, 30).
      expect((await stored(a, 'year', YEAR_2026))?.value).toBeCloseTo(1159 / 6, 9);

      const [record] = (await list({ deviceId: a })).list;
      expect(record).toMatchObject({
        batchId: invalidBatch,
        deviceId: a,
        deviceCode: 'RP-A',
        kind: 'hour',
        factorCode: COD,
        dataTime: D0 + HOUR,
        action: 'invalid',
        reason: 'maintenance',
        remark: 'pump cleaned',
        stationValue: 20,
        oldState: null,
        newState: 'invalid',
        newValue: null,
        createdBy: 'da-auditor',
        revoked: false,
      });
    });

    it('replaces a value: the day follows, and the grid shows what reports use', async () => {
      const result = await ok<DataAuditResult>('add', {
        deviceId: a,
        kind: 'hour',
        action: 'replace',
        reason: 'calibration',
        value: 12,
        cells: [{ factorCode: COD, dataTime: D0 + 2 * HOUR }],
      });
      replaceBatch = result.batchId as number;
      // Valid hours: 10 and 12 → 11; March (11 + 20 + 30) / 3.
      expect(await stored(a, 'day', D0)).toMatchObject({ auditState: 'recomputed', auditValue: 11 });
      expect((await stored(a, 'month', MARCH))?.value).toBeCloseTo(61 / 3, 9);

      const hours = await grid(a, 'hour', D0, D0 + DAY);
      expect(hours.factors.map((f) => f.factorCode)).toEqual([PH, DO, COD].sort());
      const cod = hours.rows.map((r) => r.cells[COD]);
      expect(cod.slice(0, 4)).toEqual([
        { value: 10, flag: 'N', quality: 'N', auditState: null, auditValue: null, effectiveValue: 10, valid: true },
        {
          value: 20,
          flag: 'N',
          quality: 'N',
          auditState: 'invalid',
          auditValue: null,
          effectiveValue: 20,
          valid: false,
        },
        {
          value: 30,
          flag: 'N',
          quality: 'N',
          auditState: 'replaced',
          auditValue: 12,
          effectiveValue: 12,
          valid: true,
        },
        { value: 40, flag: 'D', quality: 'N', auditState: null, auditValue: null, effectiveValue: 40, valid: false },
      ]);
      const days = await grid(a, 'day', D0, D0 + 3 * DAY);
      expect(days.rows[0]?.cells[COD]).toMatchObject({ value: 10, auditState: 'recomputed', effectiveValue: 11 });
    });

    it('shows the history raw or audited, and exports each value’s audit state', async () => {
      const range = {
        deviceIds: String(a),
        factorCodes: COD,
        timeUnit: 'hour',
        beginTime: String(D0),
        endTime: String(D0 + 4 * HOUR),
      };
      const history = (extra: Record<string, string> = {}) =>
        call<HistoryTable>(t().app, admin, 'GET', `${HISTORY}/get`, { query: { ...range, ...extra } });
      const cells = (table: HistoryTable) => table.list.map((row) => row.values[COD]);
      expect(cells(await history())).toEqual([
        { value: 10, flag: 'N', quality: 'N' },
        { value: 20, flag: 'N', quality: 'N', auditState: 'invalid' },
        { value: 30, flag: 'N', quality: 'N', auditState: 'replaced' },
        { value: 40, flag: 'D', quality: 'N' },
      ]);
      expect(cells(await history({ audited: 'true' })).map((c) => c?.value)).toEqual([10, null, 12, 40]);
      const chart = await call<HistoryChart>(t().app, admin, 'GET', `${HISTORY}/chart`, {
        query: { ...range, audited: 'true' },
      });
      expect(chart.series[0]?.points.map(([, v]) => v)).toEqual([10, null, 12, 40]);
      const raw = await call<HistoryChart>(t().app, admin, 'GET', `${HISTORY}/chart`, { query: range });
      expect(raw.series[0]?.points.map(([, v]) => v)).toEqual([10, 20, 30, 40]);

      const { url } = await call<{ url: string }>(t().app, admin, 'GET', `${HISTORY}/export`, {
        query: { ...range, audited: 'true', exportSpecialFlag: '1' },
      });
      const sheet = (await downloadWorkbook(t().app, url)).worksheets[0];
      const name = fixture().names.get(COD)?.zh;
      expect(sheet?.getRow(1).getCell(6).value).toBe('审核状态');
      // The invalidated value is left out (an empty cell).
      expect(sheet?.getRow(3).values).toEqual([
        undefined,
        2,
        'Station RP-A',
        'RP-A',
        '2026-03-01 01:00',
        undefined,
        `${name}: 无效`,
      ]);
      expect(sheet?.getRow(4).getCell(6).value).toBe(`${name}: 已替换`);
      expect(sheet?.getRow(4).getCell(5).value).toBe(12);
    });

    it('keeps the audit when the station sends the values again; the ingest’s rollups use the audited days', async () => {
      const hour = (dataTime: number, value: number) => ({
        deviceId: a,
        kind: 'hour' as const,
        dataTime,
        factorCode: COD,
        value,
        min: value - 1,
        max: value + 1,
        cou: null,
        flag: 'N',
        quality: 'N',
        receivedAt: D0 + DAY,
      });
      await resend(
        [hour(D0 + HOUR, 20), hour(D0 + 2 * HOUR, 30), { ...hour(D0, 10), kind: 'day' }],
        [
          { deviceId: a, factorCode: COD, kind: 'month', from: MARCH, to: Date.UTC(2026, 2, 31, 16) },
          { deviceId: a, factorCode: COD, kind: 'year', from: YEAR_2026, to: Date.UTC(2026, 11, 31, 16) },
        ],
      );
      expect(await stored(a, 'hour', D0 + HOUR)).toMatchObject({ value: 20, auditState: 'invalid' });
      expect(await stored(a, 'hour', D0 + 2 * HOUR)).toMatchObject({ auditState: 'replaced', auditValue: 12 });
      expect(await stored(a, 'day', D0)).toMatchObject({ auditState: 'recomputed', auditValue: 11 });
      expect((await stored(a, 'month', MARCH))?.value).toBeCloseTo(61 / 3, 9);
      expect((await stored(a, 'year', YEAR_2026))?.value).toBeCloseTo(1150 / 6, 9);

      // A changed hour under the recomputed day, as the ingest announces it: the day and its month follow.
      const sendHour = async (value: number) => {
        await resend([hour(D0, value)], []);
        t().app.bus.publish('data.received', {
          deviceId: a,
          deviceCode: 'RP-A',
          kind: 'hour',
          dataTime: D0,
          values: [{ factorCode: COD, value, min: null, max: null, cou: null, flag: 'N', quality: 'N' }],
        });
      };
      await sendHour(14);
      // Valid hours 14 and 12 → 13; March (13 + 20 + 30) / 3 = 21.
      await expect.poll(async () => (await stored(a, 'day', D0))?.auditValue).toBe(13);
      await expect.poll(async () => (await stored(a, 'month', MARCH))?.value).toBeCloseTo(21, 9);
      await sendHour(10);
      await expect.poll(async () => (await stored(a, 'day', D0))?.auditValue).toBe(11);
    });

    it('shows a value’s trail, and edits a replacement’s value', async () => {
      const [replacement] = (await list({ deviceId: a, kind: 'hour', factorCode: COD, dataTime: D0 + 2 * HOUR })).list;
      expect(replacement).toMatchObject({ action: 'replace', stationValue: 30, newState: 'replaced', newValue: 12 });
      const edited = await ok<DataAuditRecord>('update', {
        id: replacement?.id,
        reason: 'other',
        remark: 'lab value',
        value: 16,
      });
      expect(edited).toMatchObject({ reason: 'other', remark: 'lab value', newValue: 16 });
      // Valid hours 10 and 16 → 13.
      expect(await stored(a, 'day', D0)).toMatchObject({ auditValue: 13 });
      await ok('update', { id: replacement?.id, reason: 'calibration', remark: null, value: 12 });
      expect(await stored(a, 'day', D0)).toMatchObject({ auditValue: 11 });
    });

    it('revokes the invalidation: the hour counts again, the day and month follow; the record stays, marked', async () => {
      const revoked = await ok<DataAuditResult>('uninstall', { batchId: invalidBatch }, auditor);
      expect(revoked.count).toBe(1);
      expect(await stored(a, 'hour', D0 + HOUR)).toMatchObject({ auditState: null, auditValue: null });
      // Valid hours 10, 20 and 12 → 14; March (14 + 20 + 30) / 3.
      expect(await stored(a, 'day', D0)).toMatchObject({ auditState: 'recomputed', auditValue: 14 });
      expect((await stored(a, 'month', MARCH))?.value).toBeCloseTo(64 / 3, 9);
      expect((await list({ deviceId: a })).total).toBe(1);
      const all = await list({ deviceId: a, includeRevoked: true });
      expect(all.total).toBe(2);
      expect(all.list.find((r) => r.batchId === invalidBatch)).toMatchObject({
        revoked: true,
        revokedBy: 'da-auditor',
      });
      // A second revoke finds nothing in force.
      expect((await ok<DataAuditResult>('uninstall', { batchId: invalidBatch })).count).toBe(0);
    });

    it('revokes the replacement: the day is the station’s again', async () => {
      await ok('uninstall', { batchId: replaceBatch });
      expect(await stored(a, 'hour', D0 + 2 * HOUR)).toMatchObject({ auditState: null, auditValue: null });
      expect(await stored(a, 'day', D0)).toMatchObject({ value: 10, auditState: null, auditValue: null });
      // March from the station's days: (10 + 20 + 30) / 3.
      expect((await stored(a, 'month', MARCH))?.value).toBeCloseTo(20, 9);
    });

    it('restores the state an earlier audit left when a later one is revoked', async () => {
      const cell = { factorCode: DO, dataTime: D0 };
      await ok('add', { deviceId: a, kind: 'hour', action: 'replace', reason: 'other', value: 7, cells: [cell] });
      const second = await ok<DataAuditResult>('add', {
        deviceId: a,
        kind: 'hour',
        action: 'invalid',
        reason: 'abnormal',
        cells: [cell],
      });
      const [latest] = (await list({ deviceId: a, factorCode: DO, dataTime: D0 })).list;
      expect(latest).toMatchObject({ oldState: 'replaced', oldValue: 7, newState: 'invalid' });
      expect(await stored(a, 'hour', D0, DO)).toMatchObject({ auditState: 'invalid' });
      await ok('uninstall', { batchId: second.batchId });
      expect(await stored(a, 'hour', D0, DO)).toMatchObject({ auditState: 'replaced', auditValue: 7 });
      await ok('uninstall', { ids: (await list({ deviceId: a, factorCode: DO })).list.map((r) => r.id) });
      expect(await stored(a, 'hour', D0, DO)).toMatchObject({ auditState: null, auditValue: null });
    });

    it('approves a day: every hour value of it not yet audited, once', async () => {
      await ok('add', {
        deviceId: a,
        kind: 'hour',
        action: 'invalid',
        reason: 'instrumentFault',
        cells: [{ factorCode: PH, dataTime: D0 + HOUR }],
      });
      // Hours of 1 March: COD 4, DO 2, PH 2; PH's second is audited already.
      const approved = await ok<DataAuditResult>('add', { deviceId: a, kind: 'hour', action: 'approve', day: D0 });
      expect(approved.count).toBe(7);
      expect(await stored(a, 'hour', D0, PH)).toMatchObject({ auditState: 'approved' });
      expect(await stored(a, 'hour', D0 + HOUR, PH)).toMatchObject({ auditState: 'invalid' });
      // Approval changes no reading: COD's day stays the station's.
      expect(await stored(a, 'day', D0)).toMatchObject({ auditState: null });
      expect((await grid(a, 'hour', D0, D0 + DAY)).approvedDays).toEqual([D0]);
      // Any instant of the day names it; approved already: nothing left.
      expect(
        (await ok<DataAuditResult>('add', { deviceId: a, kind: 'hour', action: 'approve', day: D0 + 5 * HOUR })).count,
      ).toBe(0);
      await ok('uninstall', { batchId: approved.batchId });
      expect((await grid(a, 'hour', D0, D0 + DAY)).approvedDays).toEqual([]);
    });
  });

  describe('the records in scope', () => {
    it('lists only the devices of the chosen project and, for a bound user, their own', async () => {
      await ok('add', {
        deviceId: c,
        kind: 'hour',
        action: 'invalid',
        reason: 'other',
        cells: [{ factorCode: COD, dataTime: D0 }],
      });
      await ok('add', {
        deviceId: b,
        kind: 'hour',
        action: 'valid',
        reason: 'other',
        cells: [{ factorCode: COD, dataTime: D0 }],
      });
      const { projectA, projectB } = fixture();
      const devices = (page: Page<DataAuditRecord>) => [...new Set(page.list.map((r) => r.deviceId))].sort();
      expect(devices(await list())).toEqual([a, b, c].sort());
      expect(devices(await list({ projectId: projectA }))).toEqual([a, b].sort());
      expect(devices(await list({ projectId: projectB }))).toEqual([c]);
      expect(devices(await list({}, auditor))).toEqual([a]);
      expect(devices(await list({ ifFilter: 1 }, auditor))).toEqual([a]);
      // Revoking another's record: nothing in scope.
      const [ofC] = (await list({ deviceId: c })).list;
      expect((await ok<DataAuditResult>('uninstall', { ids: [ofC?.id] }, auditor)).count).toBe(0);
      expect(body(await post('update', { id: ofC?.id, reason: 'other' }, auditor))).toMatchObject({ status: -1 });
    });
  });
});
