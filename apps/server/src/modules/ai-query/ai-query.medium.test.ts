import { frameSegment } from '@envmon/hj212';
import type { AiResult } from '@envmon/shared';
import { MINUTE_MS, DAY_MS } from '@envmon/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, body, call, login, query, useTestApp, downloadWorkbook } from '../../test/harness.js';
import { insertDevice, userWith } from '../deploy/device-panel.test-support.js';

const AI = '/data/ai/rest';

const packet = (mn: string, cn: string, cp: string) =>
  frameSegment(`QN=20260101080000000;ST=21;CN=${cn};PW=123456;MN=${mn};Flag=4;CP=&&${cp}&&`);

describe('AI: engineering values beside the analog signal of their channels', () => {
  const t = useTestApp();
  let admin: string;
  let station: number;
  let other: number;
  let base: number;
  const range = () => ({ beginTime: String(base - DAY_MS), endTime: String(base + DAY_MS) });

  beforeAll(async () => {
    admin = await login(t().app, 'admin', ADMIN_PASSWORD);
    station = await insertDevice(t(), 'AI-01');
    other = await insertDevice(t(), 'AI-02');
    base = t().clock.now();
    const stored = (at: number, deviceId: number, mn: string, cn: string, cp: string, accepted = 1) => ({
      receivedAt: at,
      remote: '10.0.0.7:40001',
      deviceId,
      mn,
      cn,
      qn: null,
      dataTime: null,
      raw: packet(mn, cn, cp),
      accepted,
      reason: null,
    });
    await query(t(), (db) =>
      db
        .insertInto('originalPackets')
        .values([
          // Real-time: COD with its channel's analog signal (12.10 mA), NH3-N without one, a state field.
          stored(
            base - 3 * MINUTE_MS,
            station,
            'AI-01',
            '2011',
            'DataTime=20260101080000;w01018-Rtd=25.3,w01018-Flag=N,w01018-Ai=12.10;w21003-Rtd=0.52,w21003-Flag=N;i12001-Info=//0//',
          ),
          // Minute: COD average 24.0 with 11.8 mA.
          stored(
            base - 2 * MINUTE_MS,
            station,
            'AI-01',
            '2051',
            'DataTime=20260101081000;w01018-Avg=24.0,w01018-Flag=D,w01018-Ai=11.8',
          ),
          // Rejected, and another station's: never read.
          stored(base - MINUTE_MS, station, 'AI-01', '2011', 'DataTime=20260101080100;w01018-Rtd=99,w01018-Ai=20', 0),
          stored(base, other, 'AI-02', '2011', 'DataTime=20260101080000;w01018-Rtd=7,w01018-Ai=5'),
        ])
        .execute(),
    );
  });

  const ai = (token: string, filters: Record<string, string>) =>
    call<AiResult>(t().app, token, 'GET', `${AI}/get`, {
      query: { ...range(), deviceId: String(station), ...filters },
    });
  const pick = (r: AiResult) => r.rows.map((x) => [x.factorCode, x.value, x.flag, x.analog]);

  it('reads the real-time values and their analog signal from the stored 2011 packets', async () => {
    const result = await ai(admin, {});
    expect(result.truncated).toBe(false);
    expect(pick(result)).toEqual([
      ['w01018', 25.3, 'N', 12.1],
      ['w21003', 0.52, 'N', null],
    ]);
    // 08:00 Beijing time = 00:00 UTC.
    expect(result.rows[0]?.dataTime).toBe(Date.UTC(2026, 0, 1, 0, 0, 0));
    expect(result.factors.map((f) => f.factorCode)).toEqual(['w01018', 'w21003']);
    expect(pick(await ai(admin, { factorCodes: 'w21003' }))).toEqual([['w21003', 0.52, 'N', null]]);
  });

  it('reads minute averages from the 2051 packets', async () => {
    expect(pick(await ai(admin, { kind: 'min' }))).toEqual([['w01018', 24, 'D', 11.8]]);
  });

  it('keeps to the caller’s scope', async () => {
    const unbound = await userWith(t(), admin, 'ai-unbound', ['query.ai']);
    expect(pick(await ai(unbound, {}))).toHaveLength(2);
    // Bound to another station: this one is not found, whatever ifFilter says (issue 13).
    const token = await userWith(t(), admin, 'ai-other', ['query.ai'], ['AI-02']);
    for (const ifFilter of [{}, { ifFilter: '1' }] as Record<string, string>[]) {
      const refused = await t().app.inject({
        url: `${AI}/get`,
        query: { ...range(), deviceId: String(station), ...ifFilter },
        headers: { token },
      });
      expect(body(refused).desc).toBe('数据不存在！');
    }
    const none = await userWith(t(), admin, 'ai-none', ['query.history']);
    expect((await t().app.inject({ url: `${AI}/get`, headers: { token: none } })).statusCode).toBe(403);
  });

  it('exports the screen’s columns as xlsx', async () => {
    const { url } = await call<{ url: string }>(t().app, admin, 'GET', `${AI}/export`, {
      query: { exportSpecialFlag: '1', ...range(), deviceId: String(station), lang: 'en-US' },
    });
    const workbook = await downloadWorkbook(t().app, url);
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(1).values).toEqual([
      undefined,
      'No.',
      'DataTime (UTC+08:00)',
      'Factor',
      'Unit',
      'Engineering value',
      'Flag',
      'Analog value',
    ]);
    expect(sheet?.rowCount).toBe(3);
    expect((sheet?.getRow(2).values as unknown[]).slice(5)).toEqual([25.3, 'N', 12.1]);
    // No analog signal: an empty cell.
    expect((sheet?.getRow(3).values as unknown[]).slice(5)).toEqual([0.52, 'N']);
    expect(sheet?.getRow(3).getCell(7).text).toBe('');
  });
});
