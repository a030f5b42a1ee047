import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { type GatewaySettings, loadConfig } from '../config/config.js';
import type { DomainEvents } from '../events/bus.js';
import { createTestApp, query, type TestApp } from '../test/harness.js';
import { packet, registerStation, StationClient } from '../test/station-client.js';

/** Connection limits, idle and silent stations, hostile streams: each with a gateway configured for it. */
let t: TestApp | undefined;
const clients: StationClient[] = [];

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  await t?.close();
  t = undefined;
});

async function gatewayWith(settings: Partial<GatewaySettings>): Promise<TestApp> {
  t = await createTestApp({
    gateway: true,
    config: { gateway: { ...loadConfig({}).gateway, port: 0, host: '127.0.0.1', ...settings } },
  });
  return t;
}

async function station(app: TestApp): Promise<StationClient> {
  const client = await StationClient.connect(app.app.stations?.port ?? 0);
  clients.push(client);
  return client;
}

const MN = 'LIMIT000000000000001';
const OTHER = 'LIMIT000000000000002';
const upload = (qn: string, dataTime = '20260201000000') =>
  packet({ mn: MN, qn, dataTime, factors: { w01018: { Avg: '5' } } });

describe('gateway limits', () => {
  it('closes a connection that stays silent past the idle timeout', async () => {
    const app = await gatewayWith({ idleTimeoutMs: 200 });
    const client = await station(app);
    await client.waitClosed(5000);
    expect(client.closed).toBe(true);
  });

  it('refuses connections beyond the limit when every held one is a proven station, and keeps serving those', async () => {
    const app = await gatewayWith({ maxConnections: 2 });
    await registerStation(app, { deviceCode: MN });
    await registerStation(app, { deviceCode: OTHER });
    const a = await station(app);
    const b = await station(app);
    await a.write(upload('20260201000000001'));
    await b.write(packet({ mn: OTHER, qn: '20260201000000011', dataTime: '20260201000000' }));
    await a.waitFor((m) => m.cn === '9014');
    await b.waitFor((m) => m.cn === '9014');
    const third = await station(app);
    await third.waitClosed(5000);
    await a.write(upload('20260201000000010', '20260201000100'));
    await a.waitFor((m) => m.qn === '20260201000000010');
  });

  it('closes connections that never prove themselves, however busily they trickle bytes or rejected packets', async () => {
    const app = await gatewayWith({ proveTimeoutMs: 300, idleTimeoutMs: 60_000 });
    await registerStation(app, { deviceCode: MN });
    const real = await station(app);
    await real.write(upload('20260201000000020'));
    await real.waitFor((m) => m.qn === '20260201000000020');
    const bytes = await station(app);
    const strangers = await station(app);
    let n = 0;
    const trickle = setInterval(() => {
      n += 1;
      bytes.socket.write('x', () => undefined);
      strangers.socket.write(packet({ mn: 'STRANGER000000000001', qn: `2026020100000${1000 + n}` }), () => undefined);
    }, 50);
    try {
      await bytes.waitClosed(5000);
      await strangers.waitClosed(5000);
    } finally {
      clearInterval(trickle);
    }
    // The station that proved itself in time stays connected and served.
    expect(real.closed).toBe(false);
    await real.write(upload('20260201000000021', '20260201000100'));
    await real.waitFor((m) => m.qn === '20260201000000021');
  });

  it('counts only accepted packets of its station as activity on a proven connection', async () => {
    const app = await gatewayWith({ idleTimeoutMs: 400 });
    // upload() sends PW=123456.
    await registerStation(app, { deviceCode: MN, password: '123456' });
    const client = await station(app);
    await client.write(upload('20260201000000030'));
    await client.waitFor((m) => m.qn === '20260201000000030');
    let n = 0;
    const trickle = setInterval(() => {
      n += 1;
      client.socket.write('junk', () => undefined);
      client.socket.write(packet({ mn: MN, pw: 'wrong', qn: `2026020100000${2000 + n}` }), () => undefined);
    }, 50);
    try {
      await client.waitClosed(5000);
    } finally {
      clearInterval(trickle);
    }
  });

  it('lets a station in when junk connections hold every slot, by closing the oldest junk', async () => {
    const app = await gatewayWith({ maxConnections: 3 });
    await registerStation(app, { deviceCode: MN });
    const junk = [await station(app), await station(app), await station(app)];
    for (const j of junk) await j.write('x');
    const real = await station(app);
    await real.write(upload('20260201000000040'));
    await real.waitFor((m) => m.qn === '20260201000000040');
    await junk[0]?.waitClosed(5000);
    expect(junk.map((j) => j.closed)).toEqual([true, false, false]);
    expect(app.app.stations?.gateway.connections).toBe(3);
  });

  it('holds at most the configured unproven connections per remote address; proven stations do not count', async () => {
    const app = await gatewayWith({ maxUnprovenPerAddress: 2 });
    await registerStation(app, { deviceCode: MN });
    const [a, b] = [await station(app), await station(app)];
    const third = await station(app);
    await third.waitClosed(5000);
    expect([a?.closed, b?.closed]).toEqual([false, false]);
    await a?.write(upload('20260201000000050'));
    await a?.waitFor((m) => m.qn === '20260201000000050');
    // a proved itself: its slot among the address's unproven ones is free again.
    const fourth = await station(app);
    await fourth.write(upload('20260201000000051', '20260201000100'));
    await fourth.waitFor((m) => m.qn === '20260201000000051');
  });

  it('keeps a bounded sample of rejected packets, truncated, and a bounded number of log lines, with the counts', async () => {
    const app = await gatewayWith({});
    await registerStation(app, { deviceCode: MN });
    const client = await station(app);
    // About 9.9 KB each, every one from another unknown MN.
    const factors = Object.fromEntries(
      Array.from({ length: 535 }, (_, i) => [`a${String(i).padStart(5, '0')}`, { Rtd: '1.2345' }]),
    );
    const flood = Array.from({ length: 1000 }, (_, i) =>
      packet({ mn: `UNKNOWN${String(i).padStart(13, '0')}`, qn: `20260201000${String(i).padStart(6, '0')}`, factors }),
    );
    expect(flood[0]?.length).toBeGreaterThan(9000);
    for (let i = 0; i < flood.length; i += 100) await client.write(flood.slice(i, i + 100).join(''));
    // Packets of a connection are handled in order: once this one is acknowledged, the flood has been handled.
    await client.write(upload('20260201000000060'));
    await client.waitFor((m) => m.qn === '20260201000000060', 30_000);

    const rejected = await query(app, (db) =>
      db.selectFrom('originalPackets').select(['mn', 'raw', 'reason']).where('accepted', '=', 0).execute(),
    );
    expect(rejected.length).toBeGreaterThan(0);
    expect(rejected.length).toBeLessThanOrEqual(100);
    expect(rejected.every((r) => r.reason === 'unknown MN' && r.raw.length <= 2048)).toBe(true);
    const lines = () => app.logLines.filter((l) => String(l.msg).includes('reject'));
    expect(lines().length).toBeLessThanOrEqual(50);

    // The counts per remote and MN come with the next window's first rejection.
    app.clock.advance(61_000);
    await client.write(packet({ mn: 'UNKNOWN-AFTER', qn: '20260201000999999' }));
    await expect
      .poll(() => lines().some((l) => l.total === 1000 && Array.isArray(l.senders)), { timeout: 10_000 })
      .toBe(true);
    expect(lines().length).toBeLessThanOrEqual(52);
  });

  it('survives a flood of garbage and an oversize length, then takes a valid packet on the same connection', async () => {
    const app = await gatewayWith({});
    await registerStation(app, { deviceCode: MN });
    const client = await station(app);
    await client.write(Buffer.alloc(200_000, 0x41));
    await client.write('##9999QN=1;ST=21;CN=2051;CP=&&');
    await client.write(`${'x'.repeat(20_000)}\r\n`);
    await client.write(upload('20260201000000002'));
    const ack = await client.waitFor((m) => m.cn === '9014', 10_000);
    expect(ack.qn).toBe('20260201000000002');
    const originals = await query(app, (db) => db.selectFrom('originalPackets').select(['qn', 'accepted']).execute());
    expect(originals).toEqual([{ qn: '20260201000000002', accepted: 1 }]);
  });

  it('reports a station offline when it falls silent for its intervals, and online again when it speaks', async () => {
    const app = await gatewayWith({ offlineAfterIntervals: 1 });
    await registerStation(app, { deviceCode: MN, intervalTime: 1 });
    const seen: [string, string][] = [];
    const record = (kind: string) => (e: DomainEvents['device.online'] | DomainEvents['device.offline']) =>
      seen.push([kind, 'reason' in e ? e.reason : e.deviceCode]);
    app.app.bus.subscribe('device.online', record('online'));
    app.app.bus.subscribe('device.offline', record('offline'));
    const client = await station(app);
    await client.write(upload('20260201000000003'));
    await expect.poll(() => seen).toEqual([['online', MN]]);
    // The test app's clock is manual: a second and a half of silence is one and a half intervals.
    app.clock.advance(1500);
    await expect
      .poll(() => seen, { timeout: 10_000 })
      .toEqual([
        ['online', MN],
        ['offline', 'silent'],
      ]);
    await client.write(upload('20260201000000004', '20260201000100'));
    await expect.poll(() => seen.length, { timeout: 10_000 }).toBe(3);
    expect(seen[2]).toEqual(['online', MN]);
  });

  it('accepts the byte-swapped Modbus CRC only from a station allowed it', async () => {
    const app = await gatewayWith({});
    await registerStation(app, { deviceCode: MN, acceptModbusCrc: 1 });
    await registerStation(app, { deviceCode: 'STRICT00000000000001' });
    const rejected: DomainEvents['packet.rejected'][] = [];
    app.app.bus.subscribe('packet.rejected', (e) => rejected.push(e));
    const client = await station(app);
    await client.write(withModbusCrc(upload('20260201000000005')));
    await client.waitFor((m) => m.qn === '20260201000000005');
    await client.write(
      withModbusCrc(
        packet({
          mn: 'STRICT00000000000001',
          qn: '20260201000000006',
          dataTime: '20260201000000',
          factors: { w01018: { Avg: '5' } },
        }),
      ),
    );
    await expect.poll(() => rejected.map((r) => r.mn)).toEqual(['STRICT00000000000001']);
  });

  it('writes connected stations offline when it shuts down, before the database closes', async () => {
    const app = await gatewayWith({});
    await registerStation(app, { deviceCode: MN });
    const offline: DomainEvents['device.offline'][] = [];
    app.app.bus.subscribe('device.offline', (e) => offline.push(e));
    const client = await station(app);
    await client.write(upload('20260201000000009'));
    await client.waitFor((m) => m.qn === '20260201000000009');
    await app.app.close();
    expect(offline.map((e) => [e.deviceCode, e.reason])).toEqual([[MN, 'closed']]);
    expect(app.logLines.filter((l) => (l.level as number) >= 50)).toEqual([]);
  });

  it('does not crash on a connection reset in the middle of a packet', async () => {
    const app = await gatewayWith({});
    await registerStation(app, { deviceCode: MN });
    const socket = connect({ host: '127.0.0.1', port: app.app.stations?.port ?? 0 });
    await new Promise((r) => socket.once('connect', r));
    socket.write(upload('20260201000000007').slice(0, 40));
    socket.resetAndDestroy();
    const client = await station(app);
    await client.write(upload('20260201000000008'));
    await client.waitFor((m) => m.qn === '20260201000000008');
  });
});

/** The packet with its CRC replaced by CRC-16/MODBUS written low byte first, as the N03 logger does. */
function withModbusCrc(text: string): string {
  const body = text.slice(6, text.length - 6);
  let crc = 0xffff;
  for (const byte of Buffer.from(body, 'utf8')) {
    crc ^= byte;
    for (let i = 0; i < 8; i++) crc = crc & 1 ? (crc >> 1) ^ 0xa001 : crc >> 1;
  }
  const swapped = ((crc & 0xff) << 8) | (crc >> 8);
  return `${text.slice(0, 6)}${body}${swapped.toString(16).toUpperCase().padStart(4, '0')}\r\n`;
}
