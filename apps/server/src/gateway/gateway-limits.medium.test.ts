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
const upload = (qn: string, dataTime = '20260201000000') =>
  packet({ mn: MN, qn, dataTime, factors: { w01018: { Avg: '5' } } });

describe('gateway limits', () => {
  it('closes a connection that stays silent past the idle timeout', async () => {
    const app = await gatewayWith({ idleTimeoutMs: 200 });
    const client = await station(app);
    await client.waitClosed(5000);
    expect(client.closed).toBe(true);
  });

  it('refuses connections beyond the limit and keeps serving the ones it holds', async () => {
    const app = await gatewayWith({ maxConnections: 2 });
    await registerStation(app, { deviceCode: MN });
    const [a] = [await station(app), await station(app)];
    const third = await station(app);
    await third.waitClosed(5000);
    await a?.write(upload('20260201000000001'));
    await a?.waitFor((m) => m.cn === '9014');
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
