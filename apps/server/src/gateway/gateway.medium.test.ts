import type { Hj212Message } from '@envmon/hj212';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvents } from '../events/bus.js';
import { simulatedStationSpecs } from '../simulator/fleet.js';
import { SimulatedStation } from '../simulator/simulated-station.js';
import { query, useTestApp } from '../test/harness.js';
import { packet, registerStation, useStationClients } from '../test/station-client.js';

/** Gateway over real TCP, through to storage (issue 3 acceptance). */
const t = useTestApp({ gateway: { commandOptions: { timeoutMs: 300, retries: 3 } } });
/** A deadline for what arrives over TCP, generous for a loaded machine. */
const POLL = { timeout: 10_000 };

const WATER = 'GWTEST0000000000000001';
const PROTECTED = 'GWTEST0000000000000002';
const INVALID = 'GWTEST0000000000000003';
const V02_MN = 'Z13401000010301';
const N01_MN = 'LD130133000015';

/** HJ212.md test packet V02 (air, hourly, Flag=5). */
const V02 =
  '##0285QN=20190925181031464;ST=22;CN=2061;PW=BF470F88957588DE902D1A52;MN=Z13401000010301;Flag=5;CP=&&DataTime=20190924220000;a34006-Avg=2.69700,a34006-Flag=N;a34007-Avg=7.96600,a34007-Flag=N;a34048-Avg=3.30600,a34048-Flag=N;a34047-Avg=7.35700,a34047-Flag=N;a34049-Avg=10.66300,a34049-Flag=N&&C181\r\n';
/** HJ212.md test packet N01: a wrong CRC. */
const N01 =
  '##0136ST=32;CN=2011;PW=123456;MN=LD130133000015;CP=&&DataTime=20160824003817;B01-Rtd=36.91;011-Rtd=231.0,011-Flag=N;060-Rtd=1.803,060-Flag=N&&4980\r\n';

const ids: Record<string, number> = {};
const station = useStationClients(t);

function events<K extends keyof DomainEvents>(name: K): DomainEvents[K][] {
  const seen: DomainEvents[K][] = [];
  const off = t().app.bus.subscribe(name, (e) => seen.push(e));
  cleanups.push(off);
  return seen;
}
const cleanups: (() => void)[] = [];

const isAnswer = (cn: string, qn: string | undefined) => (m: Hj212Message) => m.cn === cn && m.qn === qn;

async function measurements(deviceId: number) {
  return query(t(), (db) =>
    db
      .selectFrom('measurements')
      .selectAll()
      .where('deviceId', '=', deviceId)
      .orderBy('kind')
      .orderBy('dataTime')
      .orderBy('factorCode')
      .execute(),
  );
}

async function originals(mn: string) {
  return query(t(), (db) => db.selectFrom('originalPackets').selectAll().where('mn', '=', mn).orderBy('id').execute());
}

beforeAll(async () => {
  ids[WATER] = await registerStation(t(), { deviceCode: WATER, intervalTime: 60 });
  ids[PROTECTED] = await registerStation(t(), { deviceCode: PROTECTED, password: 'secret' });
  ids[INVALID] = await registerStation(t(), { deviceCode: INVALID, ifValid: 0 });
  ids[V02_MN] = await registerStation(t(), { deviceCode: V02_MN, deviceType: '22' });
  ids[N01_MN] = await registerStation(t(), { deviceCode: N01_MN, deviceType: '32' });
});

afterEach(() => {
  for (const off of cleanups.splice(0)) off();
});

describe('gateway over TCP', () => {
  it('reassembles a packet sent one byte at a time and acknowledges it with its QN once stored', async () => {
    const client = await station();
    await client.writeBytewise(V02);
    const ack = await client.waitFor((m) => m.cn === '9014');
    expect(ack).toMatchObject({ qn: '20190925181031464', st: '91', mn: V02_MN, pw: 'BF470F88957588DE902D1A52' });
    expect(ack.flag?.value).toBe(4);
    expect(ack.factors).toEqual([]);
    const rows = await measurements(ids[V02_MN] ?? 0);
    expect(rows.map((r) => [r.kind, r.factorCode, r.value, r.flag])).toEqual([
      ['hour', 'a34006', 2.697, 'N'],
      ['hour', 'a34007', 7.966, 'N'],
      ['hour', 'a34047', 7.357, 'N'],
      ['hour', 'a34048', 3.306, 'N'],
      ['hour', 'a34049', 10.663, 'N'],
    ]);
    // DataTime 2019-09-24 22:00 Beijing time is 14:00 UTC.
    expect(rows[0]?.dataTime).toBe(Date.UTC(2019, 8, 24, 14));
  });

  it('has the data committed before the 9014 leaves', async () => {
    const client = await station();
    const received = events('data.received');
    const qn = '20260101120000001';
    await client.write(
      packet({ mn: WATER, qn, dataTime: '20260101120000', factors: { w01018: { Avg: '21.5', Flag: 'N' } } }),
    );
    await client.waitFor(isAnswer('9014', qn));
    // Read the moment the ack is in: the row must already be there.
    const rows = await measurements(ids[WATER] ?? 0);
    expect(rows.find((r) => r.dataTime === Date.UTC(2026, 0, 1, 4) && r.factorCode === 'w01018')?.value).toBe(21.5);
    expect(received.some((e) => e.deviceCode === WATER && e.kind === 'min')).toBe(true);
  });

  it('takes several packets in one chunk with garbage between them, and sends no ack when Flag does not ask', async () => {
    const client = await station();
    const qns = ['20260102000000001', '20260102000000002', '20260102000000003'];
    const packets = qns.map((qn, i) =>
      packet({
        mn: WATER,
        qn,
        dataTime: `2026010200${String(i).padStart(2, '0')}00`,
        factors: { w01001: { Avg: '7.1' } },
      }),
    );
    const silent = packet({
      mn: WATER,
      qn: '20260102000000004',
      flag: 4,
      dataTime: '20260102000300',
      factors: { w01001: { Avg: '7.2' } },
    });
    await client.write(`${packets[0]}garbage!!#${packets[1]}\u0000\u0001##99xx${packets[2]}${silent}`);
    for (const qn of qns) await client.waitFor(isAnswer('9014', qn));
    await expect.poll(async () => (await originals(WATER)).filter((o) => o.qn === '20260102000000004').length).toBe(1);
    expect(client.received.some((m) => m.qn === '20260102000000004')).toBe(false);
    const stored = (await measurements(ids[WATER] ?? 0)).filter((r) => r.factorCode === 'w01001');
    expect(stored.map((r) => r.value)).toEqual([7.1, 7.1, 7.1, 7.2]);
  });

  it('records a packet with a bad CRC as rejected, stores nothing and does not answer', async () => {
    const client = await station();
    const rejected = events('packet.rejected');
    await client.write(N01);
    await expect.poll(() => rejected.length).toBe(1);
    expect(rejected[0]).toMatchObject({ mn: N01_MN, cn: '2011' });
    expect(rejected[0]?.reason).toMatch(/^CRC_MISMATCH/);
    const [original] = await originals(N01_MN);
    expect(original).toMatchObject({ accepted: 0, deviceId: null, raw: N01.trimEnd() });
    expect(original?.reason).toMatch(/CRC/);
    expect(await measurements(ids[N01_MN] ?? 0)).toEqual([]);
    expect(client.received).toEqual([]);
  });

  it('rejects unknown MNs, invalid devices and wrong passwords without storing data', async () => {
    const client = await station();
    const rejected = events('packet.rejected');
    const data = { dataTime: '20260103000000', factors: { w01018: { Avg: '30' } } };
    await client.write(packet({ mn: 'NOBODY0000000001', qn: '20260103000000001', ...data }));
    await client.write(packet({ mn: INVALID, qn: '20260103000000002', ...data }));
    await client.write(packet({ mn: PROTECTED, qn: '20260103000000003', pw: 'wrong', ...data }));
    await expect.poll(() => rejected.map((r) => r.reason)).toEqual(['unknown MN', 'device not valid', 'wrong PW']);
    expect((await originals('NOBODY0000000001'))[0]).toMatchObject({ accepted: 0, reason: 'unknown MN' });
    expect(await measurements(ids[INVALID] ?? 0)).toEqual([]);
    expect(await measurements(ids[PROTECTED] ?? 0)).toEqual([]);
    expect(client.received).toEqual([]);

    await client.write(packet({ mn: PROTECTED, qn: '20260103000000004', pw: 'secret', ...data }));
    await client.waitFor(isAnswer('9014', '20260103000000004'));
    expect((await measurements(ids[PROTECTED] ?? 0)).map((r) => r.value)).toEqual([30]);
  });

  it('answers a 1013 time-calibration request with 9013, then sets the time with 1012', async () => {
    const client = await station();
    const qn = '20260104000000001';
    await client.write(packet({ mn: WATER, cn: '1013', qn, flag: 4 }));
    const answer = await client.waitFor(isAnswer('9013', qn));
    expect(answer.st).toBe('91');
    const setTime = await client.waitFor((m) => m.cn === '1012');
    expect(setTime.mn).toBe(WATER);
    expect(setTime.flag?.ack).toBe(true);
    expect(setTime.cp.SystemTime).toMatch(/^\d{14}$/);
    await client.write(packet({ mn: WATER, cn: '9011', st: '91', qn: setTime.qn, flag: 4, cp: { QnRtn: '1' } }));
    await client.write(packet({ mn: WATER, cn: '9012', st: '91', qn: setTime.qn, flag: 4, cp: { ExeRtn: '1' } }));
  });

  it('joins split uploads (PNUM/PNO, parts out of order) and acknowledges each part', async () => {
    const client = await station();
    const common = { mn: WATER, cn: '2061', flag: 7, pnum: 2, dataTime: '20260105080000' };
    await client.write(packet({ ...common, qn: '20260105090000002', pno: 2, factors: { w21003: { Avg: '0.52' } } }));
    await client.waitFor(isAnswer('9014', '20260105090000002'));
    expect((await measurements(ids[WATER] ?? 0)).filter((r) => r.kind === 'hour')).toEqual([]);
    await client.write(packet({ ...common, qn: '20260105090000001', pno: 1, factors: { w01018: { Avg: '18.0' } } }));
    await client.waitFor(isAnswer('9014', '20260105090000001'));
    const hour = (await measurements(ids[WATER] ?? 0)).filter((r) => r.kind === 'hour');
    expect(hour.map((r) => [r.factorCode, r.value])).toEqual([
      ['w01018', 18],
      ['w21003', 0.52],
    ]);
  });

  it('overwrites a duplicate upload instead of adding a row, and keeps the newest latest value', async () => {
    const client = await station();
    const base = { mn: WATER, cn: '2011', dataTime: '20260106100000' };
    await client.write(packet({ ...base, qn: '20260106100000001', factors: { w01009: { Rtd: '8.1', Flag: 'N' } } }));
    await client.waitFor(isAnswer('9014', '20260106100000001'));
    await client.write(packet({ ...base, qn: '20260106100000002', factors: { w01009: { Rtd: '8.4', Flag: 'C' } } }));
    await client.waitFor(isAnswer('9014', '20260106100000002'));
    // An older value arriving later (a backfill) does not replace the latest one.
    await client.write(
      packet({ ...base, dataTime: '20260106090000', qn: '20260106100000003', factors: { w01009: { Rtd: '5.0' } } }),
    );
    await client.waitFor(isAnswer('9014', '20260106100000003'));
    const rtd = (await measurements(ids[WATER] ?? 0)).filter((r) => r.kind === 'rtd' && r.factorCode === 'w01009');
    expect(rtd.map((r) => [r.dataTime, r.value, r.flag])).toEqual([
      [Date.UTC(2026, 0, 6, 1), 5, null],
      [Date.UTC(2026, 0, 6, 2), 8.4, 'C'],
    ]);
    const latest = await query(t(), (db) =>
      db
        .selectFrom('latestValues')
        .selectAll()
        .where('deviceId', '=', ids[WATER] ?? 0)
        .where('factorCode', '=', 'w01009')
        .executeTakeFirst(),
    );
    expect(latest).toMatchObject({ value: 8.4, flag: 'C', kind: 'rtd', dataTime: Date.UTC(2026, 0, 6, 2) });
  });

  it('stores the later of a duplicate pair that arrives together (one batch)', async () => {
    const client = await station();
    const base = { mn: WATER, cn: '2011', dataTime: '20260106110000' };
    await client.write(
      packet({ ...base, qn: '20260106110000001', factors: { w01014: { Rtd: '300' } } }) +
        packet({ ...base, qn: '20260106110000002', factors: { w01014: { Rtd: '310' } } }),
    );
    await client.waitFor(isAnswer('9014', '20260106110000002'));
    await client.waitFor(isAnswer('9014', '20260106110000001'));
    const rows = (await measurements(ids[WATER] ?? 0)).filter((r) => r.factorCode === 'w01014');
    expect(rows.map((r) => r.value)).toEqual([310]);
  });

  it('flags values beside the station flag: SH2 for a zero concentration, SH1 for an impossible pH', async () => {
    const client = await station();
    const qn = '20260107000000001';
    await client.write(
      packet({
        mn: WATER,
        cn: '2011',
        qn,
        dataTime: '20260107000000',
        factors: { w21011: { Rtd: '0', Flag: 'D' }, w01001: { Rtd: '15.2', Flag: 'N' } },
      }),
    );
    await client.waitFor(isAnswer('9014', qn));
    const rows = (await measurements(ids[WATER] ?? 0)).filter((r) => r.dataTime === Date.UTC(2026, 0, 6, 16));
    expect(rows.map((r) => [r.factorCode, r.flag, r.quality])).toEqual([
      ['w01001', 'N', 'SH1'],
      ['w21011', 'D', 'SH2'],
    ]);
  });

  it('keeps month and year values from the valid day values, and the flow of every day', async () => {
    const client = await station();
    const days = [
      ['20260201000000', '10', '8', '12', undefined],
      ['20260202000000', '20', '15', '30', 'N'],
      // A fault day (flag D): left out of the statistics, its flow still counts.
      ['20260203000000', '100', '90', '110', 'D'],
      ['20260301000000', '40', '40', '40', 'N'],
    ] as const;
    for (const [i, [dataTime, avg, min, max, flag]] of days.entries()) {
      const qn = `2026030200000000${i}`;
      await client.write(
        packet({
          mn: WATER,
          cn: '2031',
          qn,
          dataTime,
          factors: { w21001: { Avg: avg, Min: min, Max: max, Cou: '1', ...(flag ? { Flag: flag } : {}) } },
        }),
      );
      await client.waitFor(isAnswer('9014', qn));
    }
    const rows = (await measurements(ids[WATER] ?? 0)).filter((r) => r.factorCode === 'w21001');
    const monthStart = (m: number) => Date.UTC(2026, m, 1) - 8 * 3_600_000;
    expect(rows.filter((r) => r.kind === 'month').map((r) => [r.dataTime, r.value, r.min, r.max, r.cou])).toEqual([
      [monthStart(1), 15, 8, 30, 3],
      [monthStart(2), 40, 40, 40, 1],
    ]);
    expect(rows.filter((r) => r.kind === 'year').map((r) => [r.dataTime, r.value, r.min, r.max, r.cou])).toEqual([
      [monthStart(0), 70 / 3, 8, 40, 4],
    ]);
  });

  it('reports a station online with its first valid packet and offline when its connection closes', async () => {
    const online = events('device.online');
    const offline = events('device.offline');
    const client = await station();
    await client.write(
      packet({
        mn: PROTECTED,
        pw: 'secret',
        qn: '20260108000000001',
        dataTime: '20260108000000',
        factors: { w01018: { Avg: '1' } },
      }),
    );
    await expect.poll(() => online.map((e) => e.deviceCode)).toEqual([PROTECTED]);
    expect(t().app.stations?.gateway.isConnected(PROTECTED)).toBe(true);
    await client.close();
    // Announced once stored (an earlier test's station may still be going offline meanwhile).
    const ofStation = () => offline.filter((e) => e.deviceCode === PROTECTED).map((e) => e.reason);
    await expect.poll(ofStation).toEqual(['closed']);
    const status = await query(t(), (db) =>
      db
        .selectFrom('deviceStatus')
        .selectAll()
        .where('deviceId', '=', ids[PROTECTED] ?? 0)
        .executeTakeFirst(),
    );
    expect(status?.online).toBe(0);
  });

  it('resends an unanswered command with the same QN, then reports the timeout', async () => {
    const client = await station();
    await client.write(
      packet({ mn: WATER, qn: '20260109000000001', dataTime: '20260109000000', factors: { w01018: { Avg: '1' } } }),
    );
    await client.waitFor(isAnswer('9014', '20260109000000001'));
    const outcome = await t().app.stations?.gateway.sendCommand(WATER, { cn: '1062', cp: { RtdInterval: '60' } });
    expect(outcome).toMatchObject({ ok: false, reason: 'timeout', attempts: 4 });
    const sent = client.received.filter((m) => m.cn === '1062');
    expect(sent).toHaveLength(4);
    expect(new Set(sent.map((m) => m.qn)).size).toBe(1);
    expect(sent[0]?.cp.RtdInterval).toBe('60');
  });

  it('backfills: a simulated station answers a 2051 request with 9011, its minute data and 9012, and the data is stored', async () => {
    const [spec] = simulatedStationSpecs(1, 'BACKFILL');
    if (!spec) throw new Error('no station spec');
    const deviceId = await registerStation(t(), { deviceCode: spec.mn, password: spec.pw });
    const sim = new SimulatedStation({
      mn: spec.mn,
      pw: spec.pw,
      kind: spec.kind,
      seed: spec.seed,
      host: '127.0.0.1',
      port: t().app.stations?.port ?? 0,
      rtdIntervalMs: 3_600_000,
      minuteIntervalMs: 10 * 60_000,
    });
    sim.start();
    try {
      expect(await sim.sendNow('2011', Date.now())).toBe(true);
      const outcome = await t().app.stations?.gateway.sendCommand(spec.mn, {
        cn: '2051',
        cp: { BeginTime: '20260110080000', EndTime: '20260110095000' },
      });
      expect(outcome).toMatchObject({ ok: true, qnRtn: 1, exeRtn: 1 });
      // The station writes its uploads between its 9011 and 9012, so by now all 12 went out. The gateway answers a
      // committed batch's uploads together, and those answers reach the station a few turns of the event loop after
      // the rows are readable: wait for the station to hold every upload answered, not for the rows.
      expect(sim.stats.sent).toBeGreaterThanOrEqual(1 + 12);
      // Answered, not given up on (which also leaves nothing waiting).
      await expect
        .poll(() => ({ unacked: sim.stats.unacked, allAnswered: sim.stats.acked >= 1 + 12 }), POLL)
        .toEqual({ unacked: 0, allAnswered: true });
      // Answered means committed (the gateway sends 9014 after the commit): the rows are there without waiting.
      // 08:00 … 09:50 Beijing time at a 10-minute interval: 12 periods, each with every factor.
      const backfilled = (await measurements(deviceId)).filter(
        (r) => r.kind === 'min' && r.dataTime < Date.UTC(2026, 0, 11),
      );
      const periods = Array.from({ length: 12 }, (_, i) => Date.UTC(2026, 0, 10, 0, i * 10));
      expect([...new Set(backfilled.map((r) => r.dataTime))].sort((a, b) => a - b)).toEqual(periods);
      expect(backfilled).toHaveLength(12 * spec.factors.length);
    } finally {
      await sim.stop();
    }
  });

  it('reports a command to a station that is not connected as offline', async () => {
    const outcome = await t().app.stations?.gateway.sendCommand('NOT-CONNECTED', { cn: '1011' });
    expect(outcome).toMatchObject({ ok: false, reason: 'offline', attempts: 0 });
  });
});
