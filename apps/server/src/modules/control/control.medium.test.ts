import { type Hj212Message, parsePacket } from '@envmon/hj212';
import { type CommandExchange, MESSAGES, MINUTE_MS, type Page, type StationCommand } from '@envmon/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, body, call, login, query, useTestApp } from '../../test/harness.js';
import { packet, registerStation, type StationClient, useStationClients } from '../../test/station-client.js';
import { userWith } from '../deploy/device-panel.test-support.js';
import { GUARD_LOG_URL } from '../dynamic-code/dynamic-code.service.js';

const CONTROL = '/manager/settings/countercontrol/rest';
const POLL = { timeout: 10_000 };

describe('settings › counter control', () => {
  // Short command waits: an unanswered command times out after 2 × 300 ms.
  const t = useTestApp({ gateway: { commandOptions: { timeoutMs: 300, retries: 1 } } });
  let admin: string;
  const station = useStationClients(t);

  beforeAll(async () => {
    admin = await login(t().app, 'admin', ADMIN_PASSWORD);
  });

  const update = (payload: Record<string, unknown>, token = admin) =>
    t().app.inject({ method: 'POST', url: `${CONTROL}/update`, payload, headers: { token } });
  const queue = async (payload: Record<string, unknown>) => {
    const envelope = body<StationCommand>(await update(payload));
    if (envelope.status !== 200) throw new Error(envelope.desc);
    return envelope.data;
  };
  const record = async (id: number) =>
    (
      await call<Page<StationCommand>>(t().app, admin, 'GET', `${CONTROL}/get`, { query: { pageSize: '100' } })
    ).list.find((c) => c.id === id);
  const stateOf = async (id: number) => (await record(id))?.state;
  const exchange = (id: number, token = admin) =>
    call<CommandExchange>(t().app, token, 'GET', `${CONTROL}/uploadList`, { query: { id: String(id) } });

  /** A station that has proved itself to the gateway with one real-time upload. */
  async function connected(mn: string, deviceType = '21'): Promise<{ client: StationClient; deviceId: number }> {
    const deviceId = await registerStation(t(), { deviceCode: mn, deviceType });
    const client = await station();
    await client.write(packet({ mn, st: deviceType, cn: '2011', qn: '20260301080000001', dataTime: '20260301080000' }));
    await client.waitFor((m) => m.cn === '9014');
    return { client, deviceId };
  }

  const reply = (client: StationClient, mn: string, request: Hj212Message, cn: string, cp: Record<string, string>) =>
    client.write(packet({ mn, cn, st: '91', flag: 4, qn: request.qn, cp }));

  it('sends a command byte-exact, and records the answers: executed', async () => {
    const mn = 'CC-0001';
    const { client, deviceId } = await connected(mn);
    const queued = await queue({ deviceId, cn: '1062', parameters: { RtdInterval: '60' } });
    expect(queued).toMatchObject({
      deviceId,
      deviceCode: mn,
      cn: '1062',
      parameters: { RtdInterval: '60' },
      createdBy: 'admin',
      resentFrom: null,
    });
    expect(['queued', 'sent']).toContain(queued.state);

    const request = await client.waitFor((m) => m.cn === '1062');
    await reply(client, mn, request, '9011', { QnRtn: '1' });
    await reply(client, mn, request, '9012', { ExeRtn: '1' });
    await expect.poll(() => stateOf(queued.id), POLL).toBe('executed');
    expect(await record(queued.id)).toMatchObject({ qn: request.qn, qnRtn: 1, exeRtn: 1, attempts: 1, reason: null });

    const { packets, uploads } = await exchange(queued.id);
    expect(packets).toHaveLength(3);
    expect(packets.every((p) => parsePacket(p.raw).ok)).toBe(true);
    const [sent, ready, done] = packets;
    // HJ212.md §2 and the standard's own example: ##, the length, the data segment, the CRC, CR LF.
    expect(sent?.raw).toMatch(
      new RegExp(
        `^##0\\d{3}QN=${request.qn};ST=21;CN=1062;PW=123456;MN=${mn};Flag=5;CP=&&RtdInterval=60&&[0-9A-F]{4}\\r\\n$`,
      ),
    );
    expect([ready?.direction, done?.direction]).toEqual(['received', 'received']);
    expect(ready?.raw).toContain('CN=9011');
    expect(done?.raw).toContain('CN=9012');
    expect(uploads).toEqual([]);
  });

  it('shows station passwords in the packets only to those who may edit devices', async () => {
    const mn = 'CC-0002';
    const { client, deviceId } = await connected(mn);
    const queued = await queue({ deviceId, cn: '1061' });
    const request = await client.waitFor((m) => m.cn === '1061');
    await reply(client, mn, request, '9011', { QnRtn: '1' });
    await reply(client, mn, request, '9012', { ExeRtn: '1' });
    await expect.poll(() => stateOf(queued.id), POLL).toBe('executed');
    const viewer = await userWith(t(), admin, 'cc-viewer', ['settings.counter-control']);
    const masked = await exchange(queued.id, viewer);
    expect(masked.packets.every((p) => p.raw.includes('PW=******'))).toBe(true);
    // admin may edit devices: the packets as they went.
    const plain = await call<CommandExchange>(t().app, admin, 'GET', `${CONTROL}/uploadList`, {
      query: { id: String(queued.id) },
    });
    expect(plain.packets.every((p) => p.raw.includes('PW=123456'))).toBe(true);
  });

  it('keeps what the station uploads in answer, parsed: time (1011) and logs (3020)', async () => {
    const mn = 'CC-0003';
    const { client, deviceId } = await connected(mn);
    const time = await queue({ deviceId, cn: '1011' });
    const logs = await queue({ deviceId, cn: '3020', parameters: { PolId: 'w01018', InfoId: 'i11001' } });

    const timeRequest = await client.waitFor((m) => m.cn === '1011');
    await reply(client, mn, timeRequest, '9011', { QnRtn: '1' });
    await client.write(packet({ mn, cn: '1011', flag: 4, qn: timeRequest.qn, cp: { SystemTime: '20260301081500' } }));
    // One command at a time: the log read waits for the time read to end.
    await new Promise((r) => setTimeout(r, 200));
    expect(client.received.some((m) => m.cn === '3020')).toBe(false);
    await reply(client, mn, timeRequest, '9012', { ExeRtn: '1' });

    const logRequest = await client.waitFor((m) => m.cn === '3020');
    expect(logRequest.cp).toEqual({ PolId: 'w01018', InfoId: 'i11001' });
    await reply(client, mn, logRequest, '9011', { QnRtn: '1' });
    await client.write(
      packet({
        mn,
        cn: '3020',
        qn: logRequest.qn,
        dataTime: '20260301081000',
        cp: { PolId: 'w01018' },
        factors: { i11001: { Info: '//清洗管路//' } },
      }),
    );
    await client.waitFor((m) => m.cn === '9014' && m.qn === logRequest.qn);
    await reply(client, mn, logRequest, '9012', { ExeRtn: '1' });
    await expect.poll(() => stateOf(logs.id), POLL).toBe('executed');
    expect(await stateOf(time.id)).toBe('executed');

    expect((await exchange(time.id)).uploads).toMatchObject([
      { cn: '1011', dataTime: null, fields: [{ item: null, key: 'SystemTime', value: '20260301081500' }] },
    ]);
    const logUploads = (await exchange(logs.id)).uploads;
    expect(logUploads).toMatchObject([
      {
        cn: '3020',
        dataTime: Date.UTC(2026, 2, 1, 0, 10),
        fields: [{ item: 'w01018', key: 'i11001', value: '清洗管路' }],
      },
    ]);
  });

  it('shows the station at work on an accepted command, which may take longer than the time-out', async () => {
    const mn = 'CC-0007';
    const { client, deviceId } = await connected(mn);
    const sample = await queue({ deviceId, cn: '3012' });
    const request = await client.waitFor((m) => m.cn === '3012');
    await reply(client, mn, request, '9011', { QnRtn: '1' });
    await expect.poll(() => stateOf(sample.id), POLL).toBe('accepted');
    expect(await record(sample.id)).toMatchObject({ qn: request.qn, qnRtn: 1, exeRtn: null, finishTime: null });
    // A sampling cycle runs for minutes: silence past the station's time-out (2 × 300 ms here) is no failure.
    await new Promise((r) => setTimeout(r, 1_000));
    expect(await stateOf(sample.id)).toBe('accepted');
    await reply(client, mn, request, '9012', { ExeRtn: '1' });
    await expect.poll(() => stateOf(sample.id), POLL).toBe('executed');
  });

  it('records a refusal (QnRtn), a failure (ExeRtn) and a silence (timeout after the resends)', async () => {
    const mn = 'CC-0004';
    const { client, deviceId } = await connected(mn);
    const refused = await queue({ deviceId, cn: '1063' });
    const failed = await queue({ deviceId, cn: '3012' });
    const silent = await queue({ deviceId, cn: '3013' });

    const first = await client.waitFor((m) => m.cn === '1063');
    await reply(client, mn, first, '9011', { QnRtn: '3' });
    const second = await client.waitFor((m) => m.cn === '3012');
    await reply(client, mn, second, '9011', { QnRtn: '1' });
    await reply(client, mn, second, '9012', { ExeRtn: '2' });
    await expect.poll(() => stateOf(silent.id), POLL).toBe('timeout');

    expect(await record(refused.id)).toMatchObject({ state: 'refused', qnRtn: 3, exeRtn: null });
    expect(await record(failed.id)).toMatchObject({ state: 'failed', qnRtn: 1, exeRtn: 2 });
    expect(await record(silent.id)).toMatchObject({ qnRtn: null, attempts: 2 });
    expect(client.received.filter((m) => m.cn === '3013')).toHaveLength(2);
  });

  it('waits for a station that is not connected, then expires with that reason; a queued command may be withdrawn', async () => {
    const mn = 'CC-0005';
    const deviceId = await registerStation(t(), { deviceCode: mn });
    const waiting = await queue({ deviceId, cn: '1061', waitMinutes: 1 });
    const withdrawn = await queue({ deviceId, cn: '1063', waitMinutes: 1 });
    const gone = body<StationCommand>(
      await t().app.inject({
        url: `${CONTROL}/delete`,
        query: { id: String(withdrawn.id) },
        headers: { token: admin },
      }),
    );
    expect(gone.data).toMatchObject({ state: 'withdrawn' });

    await new Promise((r) => setTimeout(r, 1500));
    expect(await stateOf(waiting.id)).toBe('queued');
    t().clock.advance(MINUTE_MS + 1);
    await expect.poll(() => stateOf(waiting.id), POLL).toBe('expired');
    expect(await record(waiting.id)).toMatchObject({ reason: 'deviceNotConnected', sendTime: null });

    // Only a command not yet sent can be withdrawn.
    const late = body(
      await t().app.inject({ url: `${CONTROL}/delete`, query: { id: String(waiting.id) }, headers: { token: admin } }),
    );
    expect(late.desc).toBe(MESSAGES.commandNotWithdrawable);
  });

  it('sends a scheduled command when its time comes, and a resend is a new record of the same command', async () => {
    const mn = 'CC-0006';
    const { client, deviceId } = await connected(mn);
    const later = await queue({
      deviceId,
      cn: '3016',
      parameters: { PolId: 'w01018', CstartTime: '083000', Ctime: '2' },
      notBefore: t().clock.now() + 10 * MINUTE_MS,
    });
    await new Promise((r) => setTimeout(r, 1500));
    expect(client.received.some((m) => m.cn === '3016')).toBe(false);
    t().clock.advance(10 * MINUTE_MS);
    const request = await client.waitFor((m) => m.cn === '3016');
    expect(request.cp).toEqual({ PolId: 'w01018', CstartTime: '083000', Ctime: '2' });
    await reply(client, mn, request, '9011', { QnRtn: '1' });
    await reply(client, mn, request, '9012', { ExeRtn: '1' });
    await expect.poll(() => stateOf(later.id), POLL).toBe('executed');

    const again = await queue({ id: later.id });
    expect(again).toMatchObject({ cn: '3016', resentFrom: later.id, parameters: later.parameters });
    const second = await client.waitFor((m) => m.cn === '3016' && m.qn !== request.qn);
    await reply(client, mn, second, '9011', { QnRtn: '1' });
    await reply(client, mn, second, '9012', { ExeRtn: '1' });
    await expect.poll(() => stateOf(again.id), POLL).toBe('executed');
  });

  it('refuses what the catalogue or the station type does not allow, and guarded commands without a code', async () => {
    const air = await registerStation(t(), { deviceCode: 'CC-AIR', deviceType: '22' });
    const water = await registerStation(t(), { deviceCode: 'CC-WATER', deviceType: '21' });
    const refusal = async (payload: Record<string, unknown>) => body(await update(payload)).desc;
    // The surface-water variant's commands go to surface-water stations only.
    expect(await refusal({ deviceId: air, cn: '3045' })).toBe(MESSAGES.commandNotSupported);
    expect(await refusal({ deviceId: water, cn: '9999' })).toContain(MESSAGES.invalidInput);
    expect(await refusal({ deviceId: water, cn: '1062', parameters: { RtdInterval: '10' } })).toContain(
      MESSAGES.invalidInput,
    );
    expect(await refusal({ deviceId: water, cn: '1064', parameters: { MinInterval: '7' } })).toContain(
      MESSAGES.invalidInput,
    );
    expect(await refusal({ deviceId: water, cn: '1062', parameters: { RtdInterval: '60', Extra: '1' } })).toContain(
      MESSAGES.invalidInput,
    );
    // Calibration is guarded: it needs the caller's dynamic code.
    expect(await refusal({ deviceId: water, cn: '3011', parameters: { PolId: 'w01018' } })).toBe(
      MESSAGES.dynamicCodeRequired,
    );
    // The check is in the operation log: who, from where, which command, how it ended.
    const checks = await query(t(), (db) =>
      db.selectFrom('operationLogs').select(['userName', 'ip', 'params']).where('url', '=', GUARD_LOG_URL).execute(),
    );
    expect(checks).toContainEqual({
      userName: 'admin',
      ip: '127.0.0.1',
      params: JSON.stringify({ cn: '3011', outcome: 'dynamicCodeRequired' }),
    });
  });

  it('masks a new station password in the record', async () => {
    const deviceId = await registerStation(t(), { deviceCode: 'CC-PW' });
    const queued = await queue({ deviceId, cn: '1072', parameters: { NewPW: 'abc123' }, code: '000000' }).catch(
      (err: Error) => err.message,
    );
    // 1072 is guarded; without an enrolment it is refused, and the password was never recorded.
    expect(queued).toBe(MESSAGES.dynamicCodeNotEnrolled);
    const list = await call<Page<StationCommand>>(t().app, admin, 'GET', `${CONTROL}/get`, {
      query: { deviceId: String(deviceId) },
    });
    expect(list.total).toBe(0);
  });

  it('answers 401 without a session and 403 without the resources', async () => {
    expect((await t().app.inject({ url: `${CONTROL}/get` })).statusCode).toBe(401);
    expect((await t().app.inject({ method: 'POST', url: `${CONTROL}/update`, payload: {} })).statusCode).toBe(401);
    expect((await t().app.inject({ url: `${CONTROL}/delete?id=1` })).statusCode).toBe(401);
    expect((await t().app.inject({ url: `${CONTROL}/uploadList?id=1` })).statusCode).toBe(401);
    const viewer = await userWith(t(), admin, 'cc-reader', ['water.control']);
    const deviceId = await registerStation(t(), { deviceCode: 'CC-403' });
    expect((await t().app.inject({ url: `${CONTROL}/get`, headers: { token: viewer } })).statusCode).toBe(200);
    // The screen's station picker reads the device list.
    const devices = await t().app.inject({ url: '/manager/system/device/rest/getAll', headers: { token: viewer } });
    expect(devices.statusCode).toBe(200);
    // …and its factor pickers, a device's factors.
    const factors = await t().app.inject({
      url: '/manager/settings/factor/device/rest/getByDeviceId',
      query: { deviceId: String(deviceId) },
      headers: { token: viewer },
    });
    expect(factors.statusCode).toBe(200);
    const write = await update({ deviceId, cn: '1061' }, viewer);
    expect(write.statusCode).toBe(403);
    expect((await t().app.inject({ url: `${CONTROL}/delete?id=1`, headers: { token: viewer } })).statusCode).toBe(403);
    const none = await userWith(t(), admin, 'cc-none', ['query.history']);
    expect((await t().app.inject({ url: `${CONTROL}/get`, headers: { token: none } })).statusCode).toBe(403);
    expect((await t().app.inject({ url: `${CONTROL}/uploadList?id=1`, headers: { token: none } })).statusCode).toBe(
      403,
    );
  });
});
