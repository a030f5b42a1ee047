import { once } from 'node:events';
import { makeFlag, parseHj212Time } from '@envmon/hj212';
import { HOUR_MS } from '@envmon/shared';
import { describe, expect, it } from 'vitest';
import { formatBeijingTime } from './packets.js';
import { TEST_MN, useSimulatedStations } from './simulated-station.test-support.js';
import type { ReceivedPacket, TestHost } from './test-host.js';

const MN = TEST_MN;
/** 2026-01-01 12:00:00 Beijing. */
const NOON = Date.UTC(2026, 0, 1, 4, 0);
const REQUEST_QN = '20260101120000123';

const setup = useSimulatedStations();

/** A host → station request with Flag=5. */
function request(host: TestHost, cn: string, cp: Record<string, string> = {}, qn = REQUEST_QN): void {
  host.sendMessage({ qn, st: '21', cn, pw: '123456', mn: MN, flag: makeFlag(5), cp });
}

function repliesTo(host: TestHost, qn: string): ReceivedPacket[] {
  return host.received.filter((p) => p.message.qn === qn);
}

describe('SimulatedStation uploads and acknowledgements', () => {
  it('sends an upload with Flag=5 and counts the 9014 answer', async () => {
    const { host, station } = await setup();
    const acked = once(station, 'acked');
    const t = Date.UTC(2026, 0, 1, 2, 30, 15);
    await expect(station.sendNow('2011', t)).resolves.toBe(true);
    const [event] = (await acked) as [{ qn: string; cn: string }];
    const [packet] = host.ofCn('2011');
    expect(packet?.message).toMatchObject({ st: '21', mn: MN, pw: '123456', dataTime: '20260101103015' });
    expect(packet?.message.flag?.value).toBe(5);
    expect(event).toEqual({ qn: packet?.message.qn, cn: '2011' });
    expect(packet?.message.factors.map((f) => f.code)).toContain('w01009');
    // The values are the model's at that instant: the station's history is the model.
    expect(packet?.message.factors.map((f) => f.rtd)).toEqual(station.model.sample(t).map((s) => s.value));
    expect(station.stats).toEqual({ sent: 1, acked: 1, resent: 0, unacked: 0 });
  });

  it('resends an unanswered upload with the same QN and text, then gives up', async () => {
    const { host, station } = await setup({ ackTimeoutMs: 40, maxResends: 2 });
    host.autoAck = false;
    await expect(station.sendNow('2051', NOON)).resolves.toBe(false);
    const sent = host.ofCn('2051');
    expect(sent).toHaveLength(3);
    expect(new Set(sent.map((p) => p.message.qn)).size).toBe(1);
    expect(new Set(sent.map((p) => p.text)).size).toBe(1);
    expect(station.stats).toEqual({ sent: 1, acked: 0, resent: 2, unacked: 0 });
  });

  it('stops resending once the answer comes', async () => {
    const { host, station } = await setup({ ackTimeoutMs: 40, maxResends: 5 });
    host.autoAck = false;
    const result = station.sendNow('2061', NOON);
    await host.until(() => host.ofCn('2061').length >= 2, 'a resend');
    const qn = host.ofCn('2061')[0]?.message.qn;
    host.sendMessage({ qn, st: '91', cn: '9014', pw: '123456', mn: MN, flag: makeFlag(4) });
    await expect(result).resolves.toBe(true);
    expect(station.stats.acked).toBe(1);
    expect(station.stats.unacked).toBe(0);
  });

  it('sends 2011 and 2051 on schedule, aligned to their periods', async () => {
    const { host, station } = await setup({ rtdIntervalMs: 40, minuteIntervalMs: 1000 });
    await host.until(() => host.ofCn('2011').length >= 3 && host.ofCn('2051').length >= 1, 'scheduled uploads');
    await host.until(() => station.stats.unacked === 0, 'all answered');
    const minute = host.ofCn('2051')[0]?.message;
    // Sent at a period boundary for the period that just ended.
    const start = parseHj212Time(minute?.dataTime ?? '')?.getTime() ?? NaN;
    const sentAt = parseHj212Time(minute?.qn ?? '')?.getTime() ?? NaN;
    expect(sentAt - start).toBeGreaterThanOrEqual(1000);
    expect(sentAt - start).toBeLessThan(2000);
    for (const f of minute?.factors ?? []) {
      expect(Object.keys(f.values)).toEqual(['Avg', 'Min', 'Max', 'Flag']);
      expect(f.min).toBeLessThanOrEqual(f.avg ?? NaN);
      expect(f.avg).toBeLessThanOrEqual(f.max ?? NaN);
    }
    const qns = host.received.filter((p) => p.message.cn.startsWith('20')).map((p) => p.message.qn);
    expect(new Set(qns).size).toBe(qns.length);
    expect(station.stats.acked).toBe(station.stats.sent);
  });
});

describe('SimulatedStation requests from the host', () => {
  it('answers a 2051 backfill with 9011, one upload per minute in [Begin, End], then 9012', async () => {
    const { host, station } = await setup({ clock: () => NOON, minuteIntervalMs: 60_000 });
    const commands: string[] = [];
    station.on('command', (m) => commands.push(m.cn));
    request(host, '2051', { BeginTime: '20260101100000', EndTime: '20260101100400' });
    await host.until(() => repliesTo(host, REQUEST_QN).some((p) => p.message.cn === '9012'), '9012');

    const flow = host.received.filter((p) => p.message.cn !== '9014');
    expect(flow.map((p) => p.message.cn)).toEqual(['9011', '2051', '2051', '2051', '2051', '2051', '9012']);
    expect(flow[0]?.message).toMatchObject({ qn: REQUEST_QN, st: '91', cp: { QnRtn: '1' }, flag: { value: 4 } });
    expect(flow[6]?.message).toMatchObject({ qn: REQUEST_QN, st: '91', cp: { ExeRtn: '1' } });
    const uploads = flow.slice(1, 6).map((p) => p.message);
    expect(uploads.map((m) => m.dataTime)).toEqual([
      '20260101100000',
      '20260101100100',
      '20260101100200',
      '20260101100300',
      '20260101100400',
    ]);
    expect(uploads.every((m) => m.flag?.value === 5 && m.qn !== REQUEST_QN)).toBe(true);
    expect(new Set(uploads.map((m) => m.qn)).size).toBe(5);
    expect(commands).toEqual(['2051']);
    await host.until(() => station.stats.acked === 5, 'backfill answered');

    // History is deterministic: asking again gives the same values.
    const firstValues = uploads.map((m) => m.factors);
    request(host, '2051', { BeginTime: '20260101100000', EndTime: '20260101100400' }, '20260101120000999');
    await host.until(() => repliesTo(host, '20260101120000999').length === 2, 'second backfill');
    const again = host.ofCn('2051').slice(5);
    expect(again.map((p) => p.message.factors)).toEqual(firstValues);
  });

  it('backfills only complete hours, and answers 9012 ExeRtn=100 when there is nothing', async () => {
    const { host } = await setup({ clock: () => NOON + 30 * 60_000 });
    // 10:00–14:00 asked at 12:30: 10:00 and 11:00 are complete, 12:00 is not, 13:00 is in the future.
    request(host, '2061', { BeginTime: '20260101100000', EndTime: '20260101140000' });
    await host.until(() => repliesTo(host, REQUEST_QN).length === 2, '9011 and 9012');
    expect(host.ofCn('2061').map((p) => p.message.dataTime)).toEqual(['20260101100000', '20260101110000']);
    request(host, '2031', { BeginTime: '20260105000000', EndTime: '20260106000000' }, '20260101120000777');
    await host.until(() => repliesTo(host, '20260101120000777').length === 2, 'empty backfill');
    expect(repliesTo(host, '20260101120000777')[1]?.message.cp).toEqual({ ExeRtn: '100' });
    expect(host.ofCn('2031')).toHaveLength(0);
  });

  it('answers a backfill without times with ExeRtn=3', async () => {
    const { host } = await setup();
    request(host, '2051', { BeginTime: '20260101100000' });
    await host.until(() => repliesTo(host, REQUEST_QN).length === 2, '9011 and 9012');
    expect(repliesTo(host, REQUEST_QN).map((p) => [p.message.cn, p.message.cp])).toEqual([
      ['9011', { QnRtn: '1' }],
      ['9012', { ExeRtn: '3' }],
    ]);
  });

  it('sets its clock on 1012 and reports it on 1011', async () => {
    const { host, station } = await setup({ clock: () => NOON });
    request(host, '1012', { SystemTime: '20300601083000' });
    await host.until(() => repliesTo(host, REQUEST_QN).length === 2, '9011 and 9012');
    expect(repliesTo(host, REQUEST_QN).map((p) => [p.message.cn, p.message.cp])).toEqual([
      ['9011', { QnRtn: '1' }],
      ['9012', { ExeRtn: '1' }],
    ]);
    expect(station.now()).toBe(parseHj212Time('20300601083000')?.getTime());

    request(host, '1011', {}, '20300601083000001');
    await host.until(() => repliesTo(host, '20300601083000001').length === 2, '1011 flow');
    expect(host.received.slice(-3).map((p) => p.message.cn)).toEqual(['9011', '1011', '9012']);
    expect(host.ofCn('1011')[0]?.message.cp).toEqual({ SystemTime: '20300601083000' });
    // Its uploads now carry the new time.
    await station.sendNow('2011', station.now());
    expect(host.ofCn('2011')[0]?.message.dataTime).toBe('20300601083000');
  });

  it('asks for time calibration with 1013, which the 9013 answers', async () => {
    const { host, station } = await setup({ clock: () => NOON });
    host.onPacket = (p) => {
      if (p.message.cn === '1013') request(host, '1012', { SystemTime: '20260101120500' }, '20260101120000555');
    };
    await expect(station.requestTimeCalibration()).resolves.toBe(true);
    await host.until(() => repliesTo(host, '20260101120000555').length === 2, '1012 answered');
    expect(formatBeijingTime(station.now())).toBe('20260101120500');
  });

  it('applies 1062 and 1064 intervals, refusing a minute interval the standard does not allow', async () => {
    const { host, station } = await setup();
    request(host, '1062', { RtdInterval: '120' }, '20260101120000001');
    request(host, '1064', { MinInterval: '10' }, '20260101120000002');
    request(host, '1064', { MinInterval: '7' }, '20260101120000003');
    await host.until(() => repliesTo(host, '20260101120000003').length === 2, 'three answers');
    expect(repliesTo(host, '20260101120000001')[1]?.message.cp).toEqual({ ExeRtn: '1' });
    expect(repliesTo(host, '20260101120000002')[1]?.message.cp).toEqual({ ExeRtn: '1' });
    expect(repliesTo(host, '20260101120000003')[1]?.message.cp).toEqual({ ExeRtn: '3' });
    expect(station.rtdIntervalMs).toBe(120_000);
    expect(station.minuteIntervalMs).toBe(600_000);
  });

  it('uploads real-time data at the interval a 1062 sets', async () => {
    const { host, station } = await setup();
    request(host, '1062', { RtdInterval: '1' });
    await host.until(() => repliesTo(host, REQUEST_QN).length === 2, '9011 and 9012');
    expect(repliesTo(host, REQUEST_QN)[1]?.message.cp).toEqual({ ExeRtn: '1' });
    // The hourly schedule is re-armed: uploads now come every second, on whole seconds.
    await host.until(() => host.ofCn('2011').length >= 3, 'three real-time uploads', 5000);
    const times = host.ofCn('2011').map((p) => parseHj212Time(p.message.dataTime ?? '')?.getTime() ?? NaN);
    expect((times[2] ?? NaN) - (times[1] ?? NaN)).toBe(1000);
    expect(station.rtdIntervalMs).toBe(1000);
  });

  it('requires the password a 1072 set from then on', async () => {
    const { host } = await setup();
    request(host, '1072', { NewPW: '654321' });
    await host.until(() => repliesTo(host, REQUEST_QN).length === 2, '9011 and 9012');
    // The answer to the request still carries the old password, the result the new one.
    expect(repliesTo(host, REQUEST_QN).map((p) => [p.message.cn, p.message.pw, p.message.cp])).toEqual([
      ['9011', '123456', { QnRtn: '1' }],
      ['9012', '654321', { ExeRtn: '1' }],
    ]);
    request(host, '1061', {}, '20260101120000002');
    await host.until(() => repliesTo(host, '20260101120000002').length === 1, 'old password refused');
    expect(repliesTo(host, '20260101120000002')[0]?.message.cp).toEqual({ QnRtn: '3' });
    host.sendMessage({ qn: '20260101120000003', st: '21', cn: '1061', pw: '654321', mn: MN, flag: makeFlag(5) });
    await host.until(() => repliesTo(host, '20260101120000003').length === 2, 'new password accepted');
    expect(repliesTo(host, '20260101120000003').map((p) => [p.message.cn, p.message.cp])).toEqual([
      ['9011', { QnRtn: '1' }],
      ['9012', { ExeRtn: '1' }],
    ]);
    expect(host.ofCn('1061').map((p) => [p.message.pw, p.message.cp])).toEqual([['654321', { RtdInterval: '3600' }]]);
  });

  it('rejects unknown commands and a wrong password, and survives garbage on the line', async () => {
    const { host } = await setup();
    host.send('garbage ## not a packet ##0010xx\r\n');
    host.send(new Uint8Array([0x23, 0x23, 0xff, 0xfe, 0x00]));
    request(host, '3099', {}, '20260101120000001');
    host.sendMessage({
      qn: '20260101120000002',
      st: '21',
      cn: '1011',
      pw: '999999',
      mn: MN,
      flag: makeFlag(5),
      cp: {},
    });
    await host.until(() => repliesTo(host, '20260101120000002').length === 1, 'PW answer');
    expect(repliesTo(host, '20260101120000001').map((p) => [p.message.cn, p.message.cp])).toEqual([
      ['9011', { QnRtn: '2' }],
    ]);
    expect(repliesTo(host, '20260101120000002').map((p) => [p.message.cn, p.message.cp])).toEqual([
      ['9011', { QnRtn: '3' }],
    ]);
  });
});

describe('SimulatedStation connection and faults', () => {
  it('reconnects after the host drops it and resends what was not answered, same QN', async () => {
    const { host, station } = await setup({ ackTimeoutMs: 60_000 });
    host.autoAck = false;
    const result = station.sendNow('2011', NOON);
    await host.until(() => host.ofCn('2011').length === 1, 'first send');
    const disconnected = once(station, 'disconnected');
    const reconnected = new Promise<void>((resolve) => station.once('connected', resolve));
    host.autoAck = true;
    host.dropConnections();
    await disconnected;
    await reconnected;
    await expect(result).resolves.toBe(true);
    const sends = host.ofCn('2011');
    expect(sends.map((p) => p.connection)).toEqual([1, 2]);
    expect(sends[1]?.message.qn).toBe(sends[0]?.message.qn);
    expect(station.stats).toEqual({ sent: 1, acked: 1, resent: 1, unacked: 0 });
  });

  it('goes offline on the offline fault, sends nothing, and comes back when it is cleared', async () => {
    const { host, station } = await setup({ rtdIntervalMs: 30 });
    const disconnected = once(station, 'disconnected');
    station.setFault('offline');
    await disconnected;
    await host.until(() => host.closedConnections === 1, 'host sees the close');
    expect(station.connected).toBe(false);
    await expect(station.sendNow('2011', NOON)).resolves.toBe(false);
    const before = host.received.length;
    // Several reconnect and real-time periods pass without a connection or a packet.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(host.connections).toBe(1);
    expect(host.received.length).toBe(before);

    const connected = once(station, 'connected');
    station.setFault(null);
    await connected;
    expect(host.connections).toBe(2);
    await host.until(() => host.received.some((p) => p.connection === 2 && p.message.cn === '2011'), 'uploads again');
  });

  it('flags every factor under flag-D, zeros values, holds constants, and spikes exactly one upload', async () => {
    const { host, station } = await setup();
    const t = NOON;
    const clean = station.model.sample(t).map((s) => s.value);

    station.setFault('flag-D');
    await station.sendNow('2011', t);
    expect(host.ofCn('2011')[0]?.message.factors.every((f) => f.flag === 'D')).toBe(true);

    station.setFault('zeros');
    await station.sendNow('2061', t);
    expect(host.ofCn('2061')[0]?.message.factors.every((f) => f.avg === 0 && f.max === 0 && f.flag === 'N')).toBe(true);

    station.setFault(null);
    await station.sendNow('2011', t);
    station.setFault('constant');
    await station.sendNow('2011', t + 6 * HOUR_MS);
    expect(host.ofCn('2011')[2]?.message.factors.map((f) => f.rtd)).toEqual(clean);

    station.setFault('spike');
    await station.sendNow('2011', t);
    await station.sendNow('2011', t);
    const [spiked, after] = host.ofCn('2011').slice(3);
    const ph = (p: ReceivedPacket | undefined): number | undefined => p?.message.factors[0]?.rtd;
    expect(ph(spiked)).toBeCloseTo((ph(after) ?? NaN) * 5, 1);
    expect(station.fault).toBeNull();
  });

  it('stops cleanly: timers cleared, connection closed, nothing left waiting', async () => {
    const { host, station } = await setup({ rtdIntervalMs: 30 });
    host.autoAck = false;
    await host.until(() => host.ofCn('2011').length >= 1, 'an upload');
    await station.stop();
    await host.until(() => host.closedConnections === 1, 'closed');
    expect(station.stats.unacked).toBe(0);
    const count = host.received.length;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(host.received.length).toBe(count);
    expect(host.connections).toBe(1);
  });
});
