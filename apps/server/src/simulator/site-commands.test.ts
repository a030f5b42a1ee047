import { makeFactor, makeFlag, type Hj212Message } from '@envmon/hj212';
import { describe, expect, it } from 'vitest';
import { MAX_LOG_LINES } from './station-instruments.js';
import { TEST_MN, useSimulatedStations } from './simulated-station.test-support.js';
import type { ReceivedPacket, TestHost } from './test-host.js';

const MN = TEST_MN;
/** 2026-01-01 12:00:00 Beijing. */
const NOON = Date.UTC(2026, 0, 1, 4, 0);
const NOON_TEXT = '20260101120000';

const setup = useSimulatedStations({ clock: () => NOON });

let qnCounter = 0;

/** Sends a request (Flag=5) and resolves with every packet carrying its QN once its 9012 (or a refusal) came. */
async function ask(
  host: TestHost,
  cn: string,
  cp: Record<string, string> = {},
  pw = '123456',
): Promise<Hj212Message[]> {
  const qn = `20260101120000${String(++qnCounter).padStart(3, '0')}`;
  // Fields named `code-suffix` go as factors (`i13001-Info`, `w21003-i13009-Info`), the rest as plain CP fields.
  const plain: Record<string, string> = {};
  const factors = new Map<string, Record<string, string>>();
  for (const [name, value] of Object.entries(cp)) {
    const dash = name.indexOf('-');
    if (dash < 0) plain[name] = value;
    else factors.set(name.slice(0, dash), { ...factors.get(name.slice(0, dash)), [name.slice(dash + 1)]: value });
  }
  host.sendMessage({
    qn,
    st: '21',
    cn,
    pw,
    mn: MN,
    flag: makeFlag(5),
    cp: plain,
    factors: [...factors].map(([code, values]) => makeFactor(code, values)),
  });
  const mine = (): ReceivedPacket[] => host.received.filter((p) => p.message.qn === qn);
  await host.until(
    () => mine().some((p) => p.message.cn === '9012' || (p.message.cn === '9011' && p.message.cp.QnRtn !== '1')),
    `the answer to ${cn}`,
  );
  return mine().map((p) => p.message);
}

/** The CN and the plain CP fields of each packet, in order. */
const flow = (messages: Hj212Message[]): [string, Record<string, string>][] => messages.map((m) => [m.cn, m.cp]);

const field = (m: Hj212Message | undefined, code: string, suffix: string): string | undefined =>
  m?.factors.find((f) => f.code === code)?.values[suffix];

describe('instrument commands on a water station', () => {
  it('answers 3011 with 9011 and 9012 carrying its QN, ST=91, Flag=4, and logs the calibration for 3020 i11001', async () => {
    const { host, station } = await setup();
    const answers = await ask(host, '3011', { PolId: 'w01018' });
    expect(flow(answers)).toEqual([
      ['9011', { QnRtn: '1' }],
      ['9012', { ExeRtn: '1' }],
    ]);
    expect(answers.every((m) => m.st === '91' && m.flag?.value === 4 && m.mn === MN && m.pw === '123456')).toBe(true);

    const logs = await ask(host, '3020', { PolId: 'w01018', InfoId: 'i11001' });
    expect(logs[0]?.cn).toBe('9011');
    expect(logs.at(-1)?.cp).toEqual({ ExeRtn: '1' });
    const uploads = logs.slice(1, -1);
    expect(uploads.every((m) => m.cn === '3020' && m.st === '21' && m.flag?.value === 5)).toBe(true);
    // Startup lines of the station and of this instrument, then the calibration; none of another instrument.
    expect(uploads.map((m) => [m.cp.PolId, field(m, 'i11001', 'Info')])).toEqual([
      ['w01018', '//power on, data logger started//'],
      ['w01018', '//self-check passed//'],
      ['w01018', '//zero and span calibration done//'],
    ]);
    expect(uploads.every((m) => m.dataTime === NOON_TEXT)).toBe(true);
    await host.until(() => station.stats.unacked === 0, 'uploads answered');
  });

  it('calibrates every instrument when 3011 names no PolId, and refuses a PolId the station does not measure', async () => {
    const { host, station } = await setup();
    expect(flow(await ask(host, '3011'))[1]).toEqual(['9012', { ExeRtn: '1' }]);
    const calibrated = station.instruments.log().filter((l) => l.text === 'zero and span calibration done');
    expect(calibrated.map((l) => l.polId)).toEqual(station.model.factors.map((f) => f.code));
    expect(flow(await ask(host, '3011', { PolId: 'a34002' }))).toEqual([
      ['9011', { QnRtn: '1' }],
      ['9012', { ExeRtn: '3' }],
    ]);
  });

  it('retains a sample on 3012 and 3015, reporting each bottle with a 3015 upload', async () => {
    const { host, station } = await setup();
    const sampled = await ask(host, '3012');
    expect(sampled.map((m) => m.cn)).toEqual(['9011', '3015', '9012']);
    expect(sampled[1]).toMatchObject({ cp: { VaseNo: '1' }, dataTime: NOON_TEXT, flag: { value: 5 }, st: '21' });
    expect(sampled[2]?.cp).toEqual({ ExeRtn: '1' });
    const retained = await ask(host, '3015', { PolId: 'w21003' });
    expect(retained[1]).toMatchObject({ cn: '3015', cp: { PolId: 'w21003', VaseNo: '2' }, dataTime: NOON_TEXT });
    expect(station.instruments.log().slice(-2)).toEqual([
      { timeMs: NOON, text: 'immediate sampling: sample kept in bottle 1' },
      { timeMs: NOON, polId: 'w21003', text: 'over-limit sample retention: sample kept in bottle 2' },
    ]);
    await host.until(() => station.stats.unacked === 0, 'the 3015 uploads answered');
    expect(station.stats.acked).toBe(2);
  });

  it('sets the sampling period with 3016 and reports it with 3017', async () => {
    const { host } = await setup();
    const before = await ask(host, '3017', { PolId: 'w01018' });
    expect(flow(before)).toEqual([
      ['9011', { QnRtn: '1' }],
      ['3017', { PolId: 'w01018', CstartTime: '000000', Ctime: '4' }],
      ['9012', { ExeRtn: '1' }],
    ]);
    expect(flow(await ask(host, '3016', { PolId: 'w01018', CstartTime: '083000', Ctime: '6' }))[1]).toEqual([
      '9012',
      { ExeRtn: '1' },
    ]);
    expect(flow(await ask(host, '3017', { PolId: 'w01018' }))[1]).toEqual([
      '3017',
      { PolId: 'w01018', CstartTime: '083000', Ctime: '6' },
    ]);
    const bads: Record<string, string>[] = [
      { PolId: 'w01018', CstartTime: '250000', Ctime: '6' },
      { PolId: 'w01018', CstartTime: '083000', Ctime: '25' },
      { PolId: 'w01018', Ctime: '6' },
    ];
    for (const bad of bads) {
      expect(flow(await ask(host, '3016', bad))[1]).toEqual(['9012', { ExeRtn: '3' }]);
    }
  });

  it('reports the sample output time (3018) and the instruments’ serial numbers (3019)', async () => {
    const { host, station } = await setup();
    const stime = await ask(host, '3018', { PolId: 'w01018' });
    expect(stime.map((m) => m.cn)).toEqual(['9011', '3018', '9012']);
    expect(stime[1]?.cp).toEqual({ PolId: 'w01018' });
    expect(field(stime[1], 'w01018', 'Stime')).toBe('60');

    const sn = await ask(host, '3019');
    const codes = station.model.factors.map((f) => f.code);
    const uploads = sn.slice(1, -1);
    expect(uploads.map((m) => m.cp.PolId)).toEqual(codes);
    for (const [i, m] of uploads.entries()) {
      expect(m).toMatchObject({ cn: '3019', dataTime: NOON_TEXT, flag: { value: 5 } });
      expect(field(m, codes[i] ?? '', 'SN')).toMatch(/^[0-9A-F]{24}$/);
    }
    expect(new Set(uploads.map((m, i) => field(m, codes[i] ?? '', 'SN'))).size).toBe(codes.length);
    // Serial numbers are the instrument's: the same when asked again.
    const again = await ask(host, '3019', { PolId: 'w21011' });
    expect(field(again[1], 'w21011', 'SN')).toBe(field(uploads[codes.indexOf('w21011')], 'w21011', 'SN'));
    expect(again).toHaveLength(3);
    // Uploads sharing the request's QN are each answered by one 9014 with it.
    await host.until(() => station.stats.unacked === 0, 'every 3018/3019 upload answered');
    expect(station.stats).toMatchObject({ sent: codes.length + 2, acked: codes.length + 2, resent: 0 });
  });

  it('returns a parameter that 3021 changed from 3020, in both 3021 forms, and refuses bad values', async () => {
    const { host } = await setup();
    const before = await ask(host, '3020', { PolId: 'w01018', InfoId: 'i13001' });
    expect(before.map((m) => m.cn)).toEqual(['9011', '3020', '9012']);
    expect(before[1]).toMatchObject({ cp: { PolId: 'w01018' }, dataTime: NOON_TEXT });
    expect(field(before[1], 'i13001', 'Info')).toBe('100');

    const set = await ask(host, '3021', { PolId: 'w01018', InfoId: 'i13001', 'i13001-Info': '500' });
    expect(flow(set)).toEqual([
      ['9011', { QnRtn: '1' }],
      ['9012', { ExeRtn: '1' }],
    ]);
    const after = await ask(host, '3020', { PolId: 'w01018', InfoId: 'i13001' });
    expect(field(after[1], 'i13001', 'Info')).toBe('500');

    expect(flow(await ask(host, '3021', { 'w21003-i13009-Info': '0.02' }))[1]).toEqual(['9012', { ExeRtn: '1' }]);
    const limit = await ask(host, '3020', { PolId: 'w21003', InfoId: 'i13009' });
    expect(field(limit[1], 'i13009', 'Info')).toBe('0.02');

    // No digestion in a dissolved-oxygen probe; not a number; no instrument named: nothing changes.
    const bads: Record<string, string>[] = [
      { PolId: 'w01009', InfoId: 'i13004', 'i13004-Info': '150' },
      { PolId: 'w01018', InfoId: 'i13001', 'i13001-Info': 'lots' },
      { InfoId: 'i13001', 'i13001-Info': '100' },
      { PolId: 'w01018', InfoId: 'i13002', 'i13001-Info': '100' },
    ];
    for (const bad of bads) {
      expect(flow(await ask(host, '3021', bad))[1]).toEqual(['9012', { ExeRtn: '3' }]);
    }
    const unchanged = await ask(host, '3020', { PolId: 'w01018', InfoId: 'i13001' });
    expect(field(unchanged[1], 'i13001', 'Info')).toBe('500');
    const log = await ask(host, '3020', { PolId: 'w01018', InfoId: 'i11001', BeginTime: NOON_TEXT });
    expect(log.slice(1, -1).map((m) => field(m, 'i11001', 'Info'))).toContain('//parameter i13001 set to 500//');
  });

  it('reports states and parameters of each instrument when 3020 names no InfoId, following standby and run mode', async () => {
    const { host, station } = await setup();
    const all = await ask(host, '3020');
    const uploads = all.slice(1, -1);
    expect(uploads.map((m) => m.cp.PolId)).toEqual(station.model.factors.map((f) => f.code));
    const cod = uploads.find((m) => m.cp.PolId === 'w01018');
    expect(cod?.factors.map((f) => [f.code, f.values.Info])).toEqual([
      ['i12001', '0'],
      ['i12002', '0'],
      ['i12003', '0'],
      ['i13001', '100'],
      ['i13002', '0.1'],
      ['i13003', '240'],
      ['i13004', '165'],
      ['i13005', '15'],
      ['i13007', '0'],
      ['i13008', '1'],
      ['i13009', '4'],
    ]);
    const state = async (): Promise<string | undefined> =>
      field((await ask(host, '3020', { PolId: 'w01009', InfoId: 'i12001' }))[1], 'i12001', 'Info');
    expect(flow(await ask(host, '3046'))[1]).toEqual(['9012', { ExeRtn: '1' }]);
    expect(await state()).toBe('9');
    expect(flow(await ask(host, '3042', { RunMode: '2' }))[1]).toEqual(['9012', { ExeRtn: '1' }]);
    expect(await state()).toBe('0');
    expect(station.instruments.runMode).toBe('2');
    expect(flow(await ask(host, '3045'))[1]).toEqual(['9012', { ExeRtn: '1' }]);
    expect(await state()).toBe('9');
    station.instruments.setStandby(false);
    station.setFault('flag-D');
    expect(await state()).toBe('2');
    expect(flow(await ask(host, '3042', { RunMode: 'fast' }))[1]).toEqual(['9012', { ExeRtn: '3' }]);
  });

  it('answers 3020 with ExeRtn=100 for information it does not have, and 3 for a bad time', async () => {
    const { host } = await setup();
    expect(flow(await ask(host, '3020', { PolId: 'w01009', InfoId: 'i12003' }))).toEqual([
      ['9011', { QnRtn: '1' }],
      ['9012', { ExeRtn: '100' }],
    ]);
    expect(flow(await ask(host, '3020', { InfoId: 'i11001', BeginTime: '20300101000000' }))[1]).toEqual([
      '9012',
      { ExeRtn: '100' },
    ]);
    expect(flow(await ask(host, '3020', { InfoId: 'i11001', BeginTime: 'yesterday' }))[1]).toEqual([
      '9012',
      { ExeRtn: '3' },
    ]);
  });

  it('logs cleaning, comparison sampling, tests, QC and stops, each answered ExeRtn=1', async () => {
    const { host, station } = await setup();
    const commands: [string, string][] = [
      ['3013', 'cleaning and back-flush done'],
      ['3014', 'comparison sample taken'],
      ['3044', 'single water-sample test done'],
      ['3080', 'standard solution check done'],
      ['3081', 'zero check done'],
      ['3082', 'span check done'],
      ['3083', 'spike recovery test done'],
      ['3084', 'parallel sample test done'],
      ['3085', 'blank calibration done'],
      ['3086', 'standard calibration done'],
      ['3100', 'current action stopped'],
    ];
    for (const [cn, text] of commands) {
      expect(flow(await ask(host, cn, { PolId: 'w21011' }))).toEqual([
        ['9011', { QnRtn: '1' }],
        ['9012', { ExeRtn: '1' }],
      ]);
      expect(station.instruments.log().at(-1)).toEqual({ timeMs: NOON, polId: 'w21011', text });
    }
  });

  it('reboots on 3043: answers, closes the connection and connects again', async () => {
    const { host, station } = await setup();
    const reconnected = new Promise<void>((resolve) => station.once('connected', resolve));
    expect(flow(await ask(host, '3043'))).toEqual([
      ['9011', { QnRtn: '1' }],
      ['9012', { ExeRtn: '1' }],
    ]);
    await reconnected;
    expect(host.connections).toBe(2);
    expect(station.instruments.log().at(-1)?.text).toBe('data logger reboot');
  });

  it('keeps only the latest log lines', async () => {
    const { host, station } = await setup();
    for (let i = 0; i < MAX_LOG_LINES + 5; i++) station.instruments.record(`line ${i}`);
    expect(station.instruments.log()).toHaveLength(MAX_LOG_LINES);
    expect(station.instruments.log()[0]?.text).toBe('line 5');
    const logs = await ask(host, '3020', { InfoId: 'i11001' });
    expect(logs).toHaveLength(MAX_LOG_LINES + 2);
    // A line that would break the packet is cleaned before it is kept.
    station.instruments.record('a/b && c//d');
    expect(station.instruments.log().at(-1)?.text).toBe('a b c d');
  });

  it('answers a wrong password with QnRtn=3 and does nothing', async () => {
    const { host, station } = await setup();
    const before = station.instruments.log().length;
    expect(flow(await ask(host, '3011', { PolId: 'w01018' }, '654321'))).toEqual([['9011', { QnRtn: '3' }]]);
    expect(station.instruments.log()).toHaveLength(before);
  });
});

describe('commands a kind of station does not support', () => {
  it('air stations refuse the sampler and water control (QnRtn=2) but calibrate and report', async () => {
    const { host, station } = await setup({ kind: 'air' });
    for (const cn of ['3012', '3013', '3014', '3015', '3016', '3017', '3018', '3042', '3043', '3045', '3080', '3100']) {
      expect(flow(await ask(host, cn))).toEqual([['9011', { QnRtn: '2' }]]);
    }
    expect(host.ofCn('3015')).toHaveLength(0);
    expect(flow(await ask(host, '3011', { PolId: 'a21026' }))).toEqual([
      ['9011', { QnRtn: '1' }],
      ['9012', { ExeRtn: '1' }],
    ]);
    expect(station.instruments.log().at(-1)).toEqual({
      timeMs: NOON,
      polId: 'a21026',
      text: 'zero and span calibration done',
    });
    const sn = await ask(host, '3019', { PolId: 'a21026' });
    expect(sn.map((m) => m.cn)).toEqual(['9011', '3019', '9012']);
    expect(sn[1]?.st).toBe('22');
  });

  it('overflow stations refuse sampling and water control', async () => {
    const { host } = await setup({ kind: 'overflow' });
    for (const cn of ['3012', '3015', '3016', '3044', '3046']) {
      expect(flow(await ask(host, cn))).toEqual([['9011', { QnRtn: '2' }]]);
    }
    expect(flow(await ask(host, '3011'))[1]).toEqual(['9012', { ExeRtn: '1' }]);
  });
});
