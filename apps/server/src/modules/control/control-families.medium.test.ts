import type { Hj212Message } from '@envmon/hj212';
import type { CommandExchange, DynamicCodeEnrolment, Page, StationCommand } from '@envmon/shared';
import { Secret, TOTP } from 'otpauth';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, call, login, useTestApp } from '../../test/harness.js';
import { packet, registerStation, type StationClient, useStationClients } from '../../test/station-client.js';

const CONTROL = '/manager/settings/countercontrol/rest';
const POLL = { timeout: 10_000 };

/** HJ 212-2017's own example of a request (HJ212.md §2 and 'Test packets'): set the real-time interval to 30 s. */
const STANDARD_1062 =
  '##0101QN=20160801085857223;ST=32;CN=1062;PW=100000;MN=010000A8900016F000169DC0;Flag=5;CP=&&RtdInterval=30&&1C80\r\n';
/** Its QN, 2016-08-01 08:58:57.223 on the station's clock (Beijing), as the platform's clock reads. */
const STANDARD_QN_TIME = Date.UTC(2016, 7, 1, 0, 58, 57, 223);

describe('counter control: each command family against a hand-driven station', () => {
  const t = useTestApp({ gateway: { commandOptions: { timeoutMs: 500, retries: 1 } } });
  let admin: string;
  const station = useStationClients(t);

  beforeAll(async () => {
    admin = await login(t().app, 'admin', ADMIN_PASSWORD);
  });

  const queue = (payload: Record<string, unknown>) =>
    call<StationCommand>(t().app, admin, 'POST', `${CONTROL}/update`, { payload });
  const record = async (id: number) =>
    (
      await call<Page<StationCommand>>(t().app, admin, 'GET', `${CONTROL}/get`, { query: { pageSize: '100' } })
    ).list.find((c) => c.id === id);
  const exchange = (id: number) =>
    call<CommandExchange>(t().app, admin, 'GET', `${CONTROL}/uploadList`, { query: { id: String(id) } });

  async function connected(
    mn: string,
    header: { st?: string; pw?: string } = {},
  ): Promise<{ client: StationClient; deviceId: number }> {
    const deviceId = await registerStation(t(), { deviceCode: mn, deviceType: header.st ?? '21' });
    const client = await station();
    await client.write(packet({ mn, ...header, cn: '2011', qn: '20160801080000001', dataTime: '20160801080000' }));
    await client.waitFor((m) => m.cn === '9014');
    return { client, deviceId };
  }

  /** Answers the request as a station: ready, its uploads under the request's QN, done. */
  async function serve(
    client: StationClient,
    mn: string,
    request: Hj212Message,
    uploads: Omit<Parameters<typeof packet>[0], 'mn'>[] = [],
  ) {
    const reply = (cn: string, cp: Record<string, string>) =>
      client.write(packet({ mn, cn, st: '91', flag: 4, qn: request.qn, cp }));
    await reply('9011', { QnRtn: '1' });
    for (const upload of uploads) await client.write(packet({ ...upload, mn, qn: request.qn, flag: 4 }));
    await reply('9012', { ExeRtn: '1' });
  }

  it('sends the standard’s own 1062 request byte for byte', async () => {
    // The platform's clock at the standard's QN (no request was numbered before in this app).
    t().clock.advance(STANDARD_QN_TIME - t().clock.now());
    const mn = '010000A8900016F000169DC0';
    const { client, deviceId } = await connected(mn, { st: '32', pw: '100000' });
    const queued = await queue({ deviceId, cn: '1062', parameters: { RtdInterval: '30' } });
    const request = await client.waitFor((m) => m.cn === '1062');
    await serve(client, mn, request);
    await expect.poll(async () => (await record(queued.id))?.state, POLL).toBe('executed');
    expect((await exchange(queued.id)).packets[0]?.raw).toBe(STANDARD_1062);
  });

  it('keeps the uploads of the sampler and instrument reads (3015, 3017, 3018, 3019); sends the operation commands (3046)', async () => {
    const mn = 'CF-0002';
    const { client, deviceId } = await connected(mn);
    const sample = await queue({ deviceId, cn: '3012', parameters: { PolId: 'w01018' } });
    const period = await queue({ deviceId, cn: '3017', parameters: { PolId: 'w01018' } });
    const output = await queue({ deviceId, cn: '3018', parameters: { PolId: 'w01018' } });
    const sn = await queue({ deviceId, cn: '3019' });
    // The surface-water variant's operation commands, to an ST 21 station.
    const standby = await queue({ deviceId, cn: '3046' });
    await serve(client, mn, await client.waitFor((m) => m.cn === '3012'), [
      { cn: '3015', dataTime: '20160801081000', cp: { VaseNo: '3' } },
    ]);
    await serve(client, mn, await client.waitFor((m) => m.cn === '3017'), [
      { cn: '3017', cp: { PolId: 'w01018', CstartTime: '000000', Ctime: '4' } },
    ]);
    await serve(client, mn, await client.waitFor((m) => m.cn === '3018'), [
      { cn: '3018', cp: { PolId: 'w01018' }, factors: { w01018: { Stime: '30' } } },
    ]);
    await serve(client, mn, await client.waitFor((m) => m.cn === '3019'), [
      { cn: '3019', dataTime: '20160801081000', factors: { w01018: { SN: 'SN-COD-01' }, w21003: { SN: 'SN-NH3-01' } } },
    ]);
    const standbyRequest = await client.waitFor((m) => m.cn === '3046');
    expect(standbyRequest.cp).toEqual({});
    await serve(client, mn, standbyRequest);
    await expect.poll(async () => (await record(standby.id))?.state, POLL).toBe('executed');
    expect(await record(sn.id)).toMatchObject({ state: 'executed' });
    const fields = async (id: number) => (await exchange(id)).uploads.flatMap((u) => u.fields);
    expect(await fields(sample.id)).toEqual([{ item: null, key: 'VaseNo', value: '3' }]);
    expect(await fields(period.id)).toEqual([
      { item: 'w01018', key: 'CstartTime', value: '000000' },
      { item: 'w01018', key: 'Ctime', value: '4' },
    ]);
    expect(await fields(output.id)).toEqual([{ item: 'w01018', key: 'Stime', value: '30' }]);
    expect(await fields(sn.id)).toEqual([
      { item: 'w01018', key: 'SN', value: 'SN-COD-01' },
      { item: 'w21003', key: 'SN', value: 'SN-NH3-01' },
    ]);
  });

  it('sends guarded commands with the caller’s dynamic code: calibration (3011), password (1072), parameters (3021)', async () => {
    // admin enrols as an authenticator app would, and confirms with its first code.
    const { secret } = await call<DynamicCodeEnrolment>(
      t().app,
      admin,
      'POST',
      '/manager/settings/dynamicCode/rest/get',
      {
        payload: {},
      },
    );
    const totp = new TOTP({ secret: Secret.fromBase32(secret) });
    // Each code's time step is accepted once: the steps of the clock, one after another.
    const codeAt = (step: number) => totp.generate({ timestamp: t().clock.now() + step * 30_000 });
    t().clock.advance(60_000);
    await call(t().app, admin, 'POST', '/manager/settings/dynamicCode/rest/confirm', { payload: { code: codeAt(0) } });

    const mn = 'CF-0003';
    const { client, deviceId } = await connected(mn);
    const calibration = await queue({ deviceId, cn: '3011', parameters: { PolId: 'w01018' }, code: codeAt(1) });
    t().clock.advance(30_000);
    const password = await queue({ deviceId, cn: '1072', parameters: { NewPW: 'abc987' }, code: codeAt(1) });
    t().clock.advance(30_000);
    const parameter = await queue({
      deviceId,
      cn: '3021',
      parameters: { PolId: 'w01018', InfoId: 'i13004', Info: '165' },
      code: codeAt(1),
    });

    const calibrate = await client.waitFor((m) => m.cn === '3011');
    expect(calibrate.cp).toEqual({ PolId: 'w01018' });
    await serve(client, mn, calibrate);
    const setPassword = await client.waitFor((m) => m.cn === '1072');
    expect(setPassword.cp).toEqual({ NewPW: 'abc987' });
    await serve(client, mn, setPassword);
    const setParameter = await client.waitFor((m) => m.cn === '3021');
    expect(setParameter.cp).toEqual({ PolId: 'w01018', InfoId: 'i13004' });
    expect(setParameter.factors.map((f) => [f.code, f.values])).toEqual([['i13004', { Info: '165' }]]);
    await serve(client, mn, setParameter);
    await expect.poll(async () => (await record(parameter.id))?.state, POLL).toBe('executed');
    expect(await record(calibration.id)).toMatchObject({ state: 'executed' });
    // The new password never shows in the record.
    expect(await record(password.id)).toMatchObject({ state: 'executed', parameters: { NewPW: '******' } });
  });
});

describe('counter control: a station’s 1000 settings are its commands’ waits', () => {
  // No waits fixed for the test: each station's own (HJ 212's 10 s × 3 until a 1000 says otherwise).
  const t = useTestApp({ gateway: {} });
  let admin: string;
  const station = useStationClients(t);

  beforeAll(async () => {
    admin = await login(t().app, 'admin', ADMIN_PASSWORD);
  });

  it('times out after the station’s own time-out and resends once it executed a 1000', async () => {
    const mn = 'CF-1000';
    const deviceId = await registerStation(t(), { deviceCode: mn });
    const client = await station();
    await client.write(packet({ mn, cn: '2011', qn: '20160801080000001', dataTime: '20160801080000' }));
    await client.waitFor((m) => m.cn === '9014');
    const queue = (payload: Record<string, unknown>) =>
      call<StationCommand>(t().app, admin, 'POST', `${CONTROL}/update`, { payload });

    await queue({ deviceId, cn: '1000', parameters: { OverTime: '1', ReCount: '1' } });
    const request = await client.waitFor((m) => m.cn === '1000');
    const reply = (cn: string, cp: Record<string, string>) =>
      client.write(packet({ mn, cn, st: '91', flag: 4, qn: request.qn, cp }));
    await reply('9011', { QnRtn: '1' });
    await reply('9012', { ExeRtn: '1' });

    // Unanswered: sent, resent once after 1 s, given up 1 s later (not after 10 s × 3).
    const silent = await queue({ deviceId, cn: '1061' });
    const started = Date.now();
    await expect
      .poll(
        async () =>
          (
            await call<Page<StationCommand>>(t().app, admin, 'GET', `${CONTROL}/get`, {
              query: { deviceId: String(deviceId) },
            })
          ).list.find((c) => c.id === silent.id)?.state,
        { timeout: 8_000 },
      )
      .toBe('timeout');
    expect(Date.now() - started).toBeLessThan(6_000);
    expect(client.received.filter((m) => m.cn === '1061')).toHaveLength(2);
  });
});
