import type { Hj212Message } from '@envmon/hj212';
import { type DeviceParameter, type DeviceParameterUpdate, MESSAGES, type StationCommand } from '@envmon/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, body, call, login, useTestApp } from '../../test/harness.js';
import { packet, registerStation, type StationClient, useStationClients } from '../../test/station-client.js';
import { userWith } from '../deploy/device-panel.test-support.js';

const PARAMETERS = '/manager/settings/deviceParameters/rest';
const POLL = { timeout: 10_000 };

describe('settings › device parameters', () => {
  const t = useTestApp({ gateway: { commandOptions: { timeoutMs: 500, retries: 1 } } });
  let admin: string;
  const station = useStationClients(t);

  beforeAll(async () => {
    admin = await login(t().app, 'admin', ADMIN_PASSWORD);
  });

  const parameters = (deviceId: number) =>
    call<DeviceParameter[]>(t().app, admin, 'GET', `${PARAMETERS}/get`, { query: { deviceId: String(deviceId) } });
  const reported = async (deviceId: number) =>
    Object.fromEntries(
      (await parameters(deviceId)).map((p) => [`${p.polId ? `${p.polId}.` : ''}${p.name}`, p.reportedValue]),
    );

  async function connected(mn: string): Promise<{ client: StationClient; deviceId: number }> {
    const deviceId = await registerStation(t(), { deviceCode: mn });
    const client = await station();
    await client.write(packet({ mn, cn: '2011', qn: '20260301080000001', dataTime: '20260301080000' }));
    await client.waitFor((m) => m.cn === '9014');
    return { client, deviceId };
  }

  /** Answers the next request of `cn` as a station: ready, the uploads (request's QN, no ack asked), done. */
  async function answer(
    client: StationClient,
    mn: string,
    cn: string,
    uploads: Parameters<typeof packet>[0][] = [],
  ): Promise<Hj212Message> {
    const request = await client.waitFor((m) => m.cn === cn && !answered.has(m));
    answered.add(request);
    const reply = (replyCn: string, cp: Record<string, string>) =>
      client.write(packet({ mn, cn: replyCn, st: '91', flag: 4, qn: request.qn, cp }));
    await reply('9011', { QnRtn: '1' });
    for (const upload of uploads) await client.write(packet({ ...upload, mn, qn: request.qn, flag: 4 }));
    await reply('9012', { ExeRtn: '1' });
    return request;
  }
  const answered = new Set<Hj212Message>();

  it('reads everything the station reports, and keeps it by name and factor', async () => {
    const mn = 'DP-0001';
    const { client, deviceId } = await connected(mn);
    const queued = await call<StationCommand[]>(t().app, admin, 'POST', `${PARAMETERS}/readAll`, {
      payload: { deviceId },
    });
    expect(queued.map((c) => c.cn)).toEqual(['1011', '1061', '1063', '3019', '3020']);

    await answer(client, mn, '1011', [{ mn, cn: '1011', cp: { SystemTime: '20260301081500' } }]);
    await answer(client, mn, '1061', [{ mn, cn: '1061', cp: { RtdInterval: '30' } }]);
    await answer(client, mn, '1063', [{ mn, cn: '1063', cp: { MinInterval: '10' } }]);
    await answer(client, mn, '3019', [
      { mn, cn: '3019', dataTime: '20260301081500', cp: { PolId: 'w01018' }, factors: { w01018: { SN: 'A1B2C3' } } },
    ]);
    await answer(client, mn, '3020', [
      {
        mn,
        cn: '3020',
        dataTime: '20260301081500',
        cp: { PolId: 'w01018' },
        factors: { i13001: { Info: '//0-500//' }, i12001: { Info: '//0//' }, i11001: { Info: '//开机//' } },
      },
    ]);
    await expect
      .poll(() => reported(deviceId), POLL)
      .toEqual({
        SystemTime: '20260301081500',
        RtdInterval: '30',
        MinInterval: '10',
        'w01018.SN': 'A1B2C3',
        'w01018.i13001': '0-500',
        'w01018.i12001': '0',
      });
    const all = await parameters(deviceId);
    expect(all.find((p) => p.name === 'RtdInterval')).toMatchObject({ settable: true, commandState: 'executed' });
    expect(all.find((p) => p.name === 'SN')).toMatchObject({ settable: false });
  });

  it('sets a wanted value through its command, and records it as the station’s once executed', async () => {
    const mn = 'DP-0002';
    const { client, deviceId } = await connected(mn);
    const set = (payload: Record<string, unknown>) =>
      call<DeviceParameterUpdate>(t().app, admin, 'POST', `${PARAMETERS}/update`, { payload });

    const interval = await set({ deviceId, name: 'RtdInterval', value: '60' });
    expect(interval.command).toMatchObject({ cn: '1062', parameters: { RtdInterval: '60' } });
    expect(interval.parameter).toMatchObject({ name: 'RtdInterval', wantedValue: '60', reportedValue: null });
    const request = await answer(client, mn, '1062');
    expect(request.cp).toEqual({ RtdInterval: '60' });

    // 1000 carries both: the other half is HJ 212's default until the station has another.
    const overTime = await set({ deviceId, name: 'OverTime', value: '5' });
    expect(overTime.command).toMatchObject({ cn: '1000', parameters: { OverTime: '5', ReCount: '3' } });
    await answer(client, mn, '1000');

    await expect.poll(async () => (await reported(deviceId)).OverTime, POLL).toBe('5');
    const all = await reported(deviceId);
    expect(all).toMatchObject({ RtdInterval: '60', OverTime: '5', ReCount: '3' });
  });

  it('refuses parameters the station only reports, guarded writes without a code, and bad values', async () => {
    const deviceId = await registerStation(t(), { deviceCode: 'DP-0003' });
    const refusal = async (payload: Record<string, unknown>) =>
      body(await t().app.inject({ method: 'POST', url: `${PARAMETERS}/update`, payload, headers: { token: admin } }))
        .desc;
    expect(await refusal({ deviceId, name: 'SN', polId: 'w01018', value: 'X' })).toBe(MESSAGES.commandNotSupported);
    expect(await refusal({ deviceId, name: 'i13001', polId: 'w01018', value: '0-100' })).toBe(
      MESSAGES.dynamicCodeRequired,
    );
    expect(await refusal({ deviceId, name: 'RtdInterval', value: '5' })).toBe(MESSAGES.invalidInput);
    // 3016 carries the start and the period: half a sampling period is not sent.
    expect(await refusal({ deviceId, name: 'Ctime', polId: 'w01018', value: '2' })).toBe(MESSAGES.invalidInput);
  });

  it('forgets a stored parameter', async () => {
    const mn = 'DP-0004';
    const { client, deviceId } = await connected(mn);
    await call(t().app, admin, 'POST', `${PARAMETERS}/update`, {
      payload: { deviceId, name: 'MinInterval', value: '5' },
    });
    await answer(client, mn, '1064');
    await expect.poll(async () => (await reported(deviceId)).MinInterval, POLL).toBe('5');
    const [stored] = await parameters(deviceId);
    await call(t().app, admin, 'GET', `${PARAMETERS}/delete`, { query: { id: String(stored?.id) } });
    expect(await parameters(deviceId)).toEqual([]);
  });

  it('answers 401 without a session and 403 without the resources', async () => {
    expect((await t().app.inject({ url: `${PARAMETERS}/get?deviceId=1` })).statusCode).toBe(401);
    const post = (path: string, token?: string) =>
      t().app.inject({
        method: 'POST',
        url: `${PARAMETERS}/${path}`,
        payload: { deviceId: 1, name: 'RtdInterval', value: '60' },
        headers: token ? { token } : {},
      });
    expect((await post('update')).statusCode).toBe(401);
    expect((await post('readAll')).statusCode).toBe(401);
    const viewer = await userWith(t(), admin, 'dp-viewer', ['settings.device-parameters']);
    expect(
      (await t().app.inject({ url: `${PARAMETERS}/get?deviceId=1`, headers: { token: viewer } })).statusCode,
    ).not.toBe(403);
    expect((await post('update', viewer)).statusCode).toBe(403);
    expect((await post('readAll', viewer)).statusCode).toBe(403);
    expect((await t().app.inject({ url: `${PARAMETERS}/delete?id=1`, headers: { token: viewer } })).statusCode).toBe(
      403,
    );
    const none = await userWith(t(), admin, 'dp-none', ['query.history']);
    expect((await t().app.inject({ url: `${PARAMETERS}/get?deviceId=1`, headers: { token: none } })).statusCode).toBe(
      403,
    );
  });
});
