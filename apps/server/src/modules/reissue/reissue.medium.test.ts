import { formatHj212Time, type Hj212Message } from '@envmon/hj212';
import { MESSAGES, type Page, type ReissueTask, HOUR_MS } from '@envmon/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, body, call, login, query, useTestApp } from '../../test/harness.js';
import { packet, registerStation, type StationClient, useStationClients } from '../../test/station-client.js';
import { ReissueRepository } from './reissue.repository.js';
import { ReissueService } from './reissue.service.js';

const REISSUE = '/manager/settings/reissue/rest';
/** 2026-03-01 00:00 in Beijing (the stations' zone, UTC+8). */
const DAY = Date.UTC(2026, 2, 1) - 8 * HOUR_MS;
const local = (at: number) => formatHj212Time(at, 480);
const POLL = { timeout: 10_000 };

describe('settings › reissue', () => {
  // Short command waits: an unanswered request times out in 2 × 300 ms.
  const t = useTestApp({ gateway: { commandOptions: { timeoutMs: 300, retries: 1 } } });
  let admin: string;
  const station = useStationClients(t);

  beforeAll(async () => {
    admin = await login(t().app, 'admin', ADMIN_PASSWORD);
  });

  /** Sends one hour upload (2061) of w01018 and waits for its 9014. */
  async function uploadHour(client: StationClient, mn: string, at: number): Promise<void> {
    const qn = `${local(at)}${String(at % 1000).padStart(3, '0')}`;
    await client.write(
      packet({ mn, cn: '2061', qn, dataTime: local(at), factors: { w01018: { Avg: '5', Flag: 'N' } } }),
    );
    await client.waitFor((m) => m.cn === '9014' && m.qn === qn);
  }

  /** Answers a request the way a station does: ready (9011), the uploads, then done (9012). */
  async function serve(
    client: StationClient,
    request: Hj212Message,
    mn: string,
    hours: number[],
    exeRtn = hours.length > 0 ? '1' : '100',
  ): Promise<void> {
    const reply = (cn: string, cp: Record<string, string>) =>
      client.write(packet({ mn, cn, st: '91', flag: 4, qn: request.qn, cp }));
    await reply('9011', { QnRtn: '1' });
    for (const at of hours) await uploadHour(client, mn, at);
    await reply('9012', { ExeRtn: exeRtn });
  }

  const send = (action: 'add' | 'repair', payload: Record<string, unknown>) =>
    t().app.inject({ method: 'POST', url: `${REISSUE}/${action}`, payload, headers: { token: admin } });
  const list = (q: Record<string, string> = {}) =>
    call<Page<ReissueTask>>(t().app, admin, 'GET', `${REISSUE}/list`, { query: q });
  const task = async (id: number) => (await list()).list.find((r) => r.id === id);

  it('repair asks only for the missing hours, stretch by stretch, and counts what the station sent', async () => {
    const mn = 'REISSUE-0001';
    const deviceId = await registerStation(t(), { deviceCode: mn, deviceName: '补缺站' });
    const client = await station();
    // Hours 00, 01 and 04 of 00–05 are stored: 02–03 and 05 are missing.
    for (const h of [0, 1, 4]) await uploadHour(client, mn, DAY + h * HOUR_MS);

    const response = await send('repair', {
      deviceIds: [deviceId],
      cn: '2061',
      beginTime: DAY,
      endTime: DAY + 5 * HOUR_MS,
    });
    const [created] = body<ReissueTask[]>(response).data;
    expect(created).toMatchObject({
      deviceId,
      deviceName: '补缺站',
      deviceCode: mn,
      mode: 'repair',
      cn: '2061',
      beginTime: DAY,
      endTime: DAY + 5 * HOUR_MS,
      status: 'running',
      reason: null,
      missing: 3,
      requests: 2,
      stored: null,
      expected: 6,
      createdBy: 'admin',
      finishTime: null,
    });

    const first = await client.waitFor((m) => m.cn === '2061');
    expect(first.cp).toEqual({ BeginTime: '20260301020000', EndTime: '20260301030000' });
    await serve(client, first, mn, [DAY + 2 * HOUR_MS, DAY + 3 * HOUR_MS]);
    const second = await client.waitFor((m) => m.cn === '2061' && m.qn !== first.qn);
    expect(second.cp).toEqual({ BeginTime: '20260301050000', EndTime: '20260301050000' });
    await serve(client, second, mn, [DAY + 5 * HOUR_MS]);

    await expect.poll(async () => (await task(created?.id ?? 0))?.status, POLL).toBe('done');
    expect(await task(created?.id ?? 0)).toMatchObject({ reason: null, stored: 6, expected: 6, missing: 3 });

    // Nothing is missing now: a second repair is complete at once and asks nothing.
    const again = body<ReissueTask[]>(
      await send('repair', { deviceIds: [deviceId], cn: '2061', beginTime: DAY, endTime: DAY + 5 * HOUR_MS }),
    ).data;
    expect(again).toMatchObject([{ status: 'complete', missing: 0, requests: 0, stored: 6, expected: 6 }]);
    expect(again[0]?.finishTime).not.toBeNull();
  });

  it('goes on past a stretch the station has no data for (ExeRtn 100), and ends done with that noted', async () => {
    const mn = 'REISSUE-0006';
    const deviceId = await registerStation(t(), { deviceCode: mn });
    const client = await station();
    await uploadHour(client, mn, DAY + HOUR_MS);
    // Hours 00, 02 and 03 are missing: two stretches.
    const [created] = body<ReissueTask[]>(
      await send('repair', { deviceIds: [deviceId], cn: '2061', beginTime: DAY, endTime: DAY + 3 * HOUR_MS }),
    ).data;
    expect(created).toMatchObject({ missing: 3, requests: 2, expected: 4 });
    const first = await client.waitFor((m) => m.cn === '2061');
    expect(first.cp).toEqual({ BeginTime: '20260301000000', EndTime: '20260301000000' });
    await serve(client, first, mn, []);
    const second = await client.waitFor((m) => m.cn === '2061' && m.qn !== first.qn);
    await serve(client, second, mn, [DAY + 2 * HOUR_MS, DAY + 3 * HOUR_MS]);
    await expect.poll(async () => (await task(created?.id ?? 0))?.status, POLL).toBe('done');
    expect(await task(created?.id ?? 0)).toMatchObject({ reason: 'noData', stored: 3, expected: 4 });
  });

  it('add asks for the whole range; a silent station times out and one not connected fails at once', async () => {
    const silentMn = 'REISSUE-0002';
    const offMn = 'REISSUE-0003';
    const silent = await registerStation(t(), { deviceCode: silentMn });
    const off = await registerStation(t(), { deviceCode: offMn });
    const client = await station();
    await uploadHour(client, silentMn, DAY);

    const created = body<ReissueTask[]>(
      await send('add', { deviceIds: [silent, off], cn: '2031', beginTime: DAY, endTime: DAY + 2 * 24 * HOUR_MS }),
    ).data;
    expect(created).toMatchObject([
      { deviceId: silent, mode: 'add', cn: '2031', status: 'running', requests: 1, missing: null, expected: 3 },
      { deviceId: off, status: 'failed', reason: 'notConnected', requests: 0, stored: 0, expected: 3 },
    ]);
    const request = await client.waitFor((m) => m.cn === '2031');
    expect(request.cp).toEqual({ BeginTime: '20260301000000', EndTime: '20260303000000' });
    // Sent again once after 300 ms, then given up.
    await expect.poll(async () => (await task(created[0]?.id ?? 0))?.status, POLL).toBe('failed');
    expect(await task(created[0]?.id ?? 0)).toMatchObject({ reason: 'timeout', stored: 0 });
    expect(client.received.filter((m) => m.cn === '2031')).toHaveLength(2);

    // Newest first, by device and by status.
    const failed = await list({ status: 'failed' });
    expect(failed.list.slice(0, 2).map((r) => r.deviceId)).toEqual([off, silent]);
    expect((await list({ deviceId: String(off) })).list.map((r) => r.reason)).toEqual(['notConnected']);
  });

  it('checks the devices, the kind and the range before asking anything', async () => {
    const deviceId = await registerStation(t(), { deviceCode: 'REISSUE-0004' });
    const range = { beginTime: DAY, endTime: DAY + HOUR_MS };
    const cases: [Record<string, unknown>, string][] = [
      // The field by its label (plugins/error-handler.ts).
      [{ deviceIds: [], cn: '2061', ...range }, '设备：'],
      [{ deviceIds: [deviceId], cn: '2011', ...range }, '数据类型：'],
      [{ deviceIds: [deviceId], cn: '2061', beginTime: DAY, endTime: DAY }, '结束时间：'],
      [{ deviceIds: [deviceId], cn: '2051', beginTime: DAY, endTime: DAY + 32 * 24 * HOUR_MS }, '结束时间：'],
    ];
    for (const [payload, path] of cases) {
      const response = await send('add', payload);
      expect(response.statusCode).toBe(400);
      expect(body(response).desc).toMatch(new RegExp(`^${MESSAGES.invalidInput}${path}`));
    }
    expect(body(await send('repair', { deviceIds: [deviceId, 999_999], cn: '2061', ...range })).desc).toBe(
      MESSAGES.notFound,
    );
    expect((await list({ deviceId: String(deviceId) })).total).toBe(0);
  });

  it('marks the tasks a stopped server left running as interrupted when it starts again, not another node’s', async () => {
    const deviceId = await registerStation(t(), { deviceCode: 'REISSUE-0005' });
    const now = t().clock.now();
    await query(t(), async (db) => {
      const running = (nodeId: string, createTime: number) => ({
        deviceId,
        mode: 'add',
        cn: '2061',
        beginTime: DAY,
        endTime: DAY + HOUR_MS,
        status: 'running',
        requests: 1,
        expected: 2,
        createTime,
        nodeId,
      });
      await db
        .insertInto('reissueTasks')
        .values([running('http-1', now - 60_000), running('http-2', now - 30_000)])
        .execute();
      await new ReissueService(new ReissueRepository(db, 'http-1'), () => null, t().clock, console).recover();
    });
    // Newest first: http-2's task runs on.
    expect((await list({ deviceId: String(deviceId) })).list).toMatchObject([
      { status: 'running', finishTime: null },
      { status: 'failed', reason: 'interrupted', finishTime: now },
    ]);
  });
});
