import { formatHj212Time, type Hj212Message } from '@envmon/hj212';
import { connect, type NatsConnection, RequestError } from '@nats-io/transport-node';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startNats } from '../../../../scripts/nats.mjs';
import { InProcessEventBus } from '../events/bus.js';
import type { IngestPipeline } from '../ingest/ingest-pipeline.js';
import { systemClock } from '../lib/clock.js';
import { DomainError } from '../lib/errors.js';
import type { StationIdentity } from '../modules/device/device.repository.js';
import { simulatedStationSpecs } from '../simulator/fleet.js';
import { buildReplyPacket } from '../simulator/packets.js';
import { SimulatedStation } from '../simulator/simulated-station.js';
import { packet, StationClient } from '../test/station-client.js';
import type { CommandOptions } from './command-channel.js';
import { Gateway } from './gateway.js';
import {
  commandSilenceMs,
  NatsStationCommands,
  serveStationCommands,
  type StationCommandServer,
  stationSubject,
} from './nats-commands.js';
import type { OnlineTracker } from './online-tracker.js';
import type { StationDirectory } from './station-directory.js';

/**
 * Commands across processes on a real nats-server (this file's own, or TEST_NATS_URL's): gateway
 * processes ("A") hold stations over real TCP and answer on NATS; an HTTP process ("B") asks.
 * Storage is left out: the gateways' pipeline commits every packet at once.
 */
const OPTIONS: CommandOptions = { timeoutMs: 300, retries: 1 };
const [SPEC] = simulatedStationSpecs(1, 'NATSCMD');
if (!SPEC) throw new Error('no station spec');
const MN = SPEC.mn;

let server: Awaited<ReturnType<typeof startNats>>;
const connections: NatsConnection[] = [];
const cleanups: Array<() => Promise<void> | void> = [];

async function natsConnection(name: string): Promise<NatsConnection> {
  const connection = await connect({ servers: server.url, name });
  connections.push(connection);
  return connection;
}

const identity = (deviceCode: string, id: number): StationIdentity => ({
  id,
  deviceCode,
  deviceName: deviceCode,
  password: null,
  intervalTime: 60,
  utcOffsetMinutes: 480,
  ifValid: 1,
  acceptModbusCrc: 0,
});
const RAW = 'RAW0000000000000001';
const STATIONS = new Map([MN, RAW].map((code, i) => [code, identity(code, i + 1)]));

/** A gateway process: a Gateway on a free port answering commands on its own NATS connection. */
async function gatewayProcess(name: string) {
  const connection = await natsConnection(name);
  const lines: string[] = [];
  const log = { info: (_: object, msg: string) => lines.push(msg), warn: (_: object, msg: string) => lines.push(msg) };
  const gateway = new Gateway({
    settings: {
      port: 0,
      host: '127.0.0.1',
      maxConnections: 10,
      idleTimeoutMs: 60_000,
      proveTimeoutMs: 30_000,
      maxUnprovenPerAddress: 10,
      offlineAfterIntervals: 3,
    },
    directory: { find: (mn: string) => Promise.resolve(STATIONS.get(mn) ?? null) } as unknown as StationDirectory,
    pipeline: {
      submit: () => Promise.resolve(),
      saturated: false,
      onDrain: () => undefined,
    } as unknown as IngestPipeline,
    tracker: {
      start: () => Promise.resolve(),
      stop: () => Promise.resolve(),
      seen: () => undefined,
      closed: () => undefined,
    } as unknown as OnlineTracker,
    bus: new InProcessEventBus(() => undefined),
    clock: systemClock,
    log: pino({ level: 'silent' }),
    commandOptions: OPTIONS,
    // No station is held before listen(), so `served` is set by the time this is called.
    onStationHeld: (deviceCode, held) => served.onStationHeld(deviceCode, held),
  });
  const served: StationCommandServer = serveStationCommands(connection, gateway, log);
  const port = await gateway.listen();
  cleanups.push(async () => {
    await gateway.close();
    served.close();
  });
  return { connection, gateway, port, lines };
}

/** The simulated station, connected to a gateway and proven by one acknowledged upload. */
async function simulatedStation(port: number): Promise<SimulatedStation> {
  if (!SPEC) throw new Error('no station spec');
  const sim = new SimulatedStation({
    mn: SPEC.mn,
    pw: SPEC.pw,
    kind: SPEC.kind,
    seed: SPEC.seed,
    host: '127.0.0.1',
    port,
    rtdIntervalMs: 3_600_000,
  });
  sim.start();
  cleanups.push(() => sim.stop());
  expect(await sim.sendNow('2011', Date.now())).toBe(true);
  return sim;
}

/** The HTTP process's side. */
async function httpProcess(probeTimeoutMs?: number) {
  const connection = await natsConnection('http-1');
  return { commands: new NatsStationCommands(connection, OPTIONS, probeTimeoutMs), connection };
}

/** Every message sent so far by these connections has been handled by the server, and what it sent back by them. */
async function settle(...on: NatsConnection[]): Promise<void> {
  for (let round = 0; round < 2; round++) for (const c of on) await c.flush();
}

async function elapsed<T>(work: Promise<T>): Promise<{ value: T; ms: number }> {
  const start = performance.now();
  const value = await work;
  return { value, ms: performance.now() - start };
}

beforeAll(async () => {
  server = await startNats({ log: () => undefined });
});

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  await Promise.all(connections.splice(0).map((c) => c.drain()));
});

afterAll(async () => {
  await server.stop();
});

describe('commands to stations over NATS', () => {
  it('carries a command from another process to the station and back with its outcome', async () => {
    const a = await gatewayProcess('gateway-a');
    const sim = await simulatedStation(a.port);
    const commands: Hj212Message[] = [];
    sim.on('command', (m) => commands.push(m));
    const b = await httpProcess();

    const target = Date.UTC(2026, 4, 1, 4, 30, 0);
    const outcome = await b.commands.sendCommand(MN, { cn: '1012', cp: { SystemTime: formatHj212Time(target, 480) } });

    expect(outcome).toMatchObject({ ok: true, qnRtn: 1, exeRtn: 1, attempts: 1 });
    expect(commands.map((m) => [m.cn, m.cp.SystemTime])).toEqual([['1012', '20260501123000']]);
    // The station's clock now reads the time sent (12:30 Beijing time), give or take the test's own run.
    expect(Math.abs(sim.now() - target)).toBeLessThan(5_000);
    expect(await b.commands.isConnected(MN)).toBe(true);
  });

  it('says "not connected" at once when no gateway holds the station, and after it disconnects', async () => {
    const a = await gatewayProcess('gateway-a');
    const sim = await simulatedStation(a.port);
    // A long probe wait: an answer in much less is NATS's "no responders", not a timeout.
    const b = await httpProcess(5_000);

    const probe = await elapsed(b.commands.isConnected('NOT-HELD'));
    expect(probe.value).toBe(false);
    expect(probe.ms).toBeLessThan(1_000);
    const command = await elapsed(b.commands.sendCommand('NOT-HELD', { cn: '1011' }, { timeoutMs: 5_000, retries: 3 }));
    expect(command.value).toEqual({ ok: false, qn: null, reason: 'offline', qnRtn: null, exeRtn: null, attempts: 0 });
    expect(command.ms).toBeLessThan(1_000);

    expect(await b.commands.isConnected(MN)).toBe(true);
    await sim.stop();
    await expect.poll(() => a.gateway.isConnected(MN)).toBe(false);
    await settle(a.connection);
    expect(await b.commands.isConnected(MN)).toBe(false);
    expect(await b.commands.sendCommand(MN, { cn: '1011' })).toMatchObject({
      ok: false,
      reason: 'offline',
      attempts: 0,
    });
    // Nobody answers for it any more: "no responders", not a gateway answering that it is gone.
    await expect(b.connection.request(stationSubject(MN, 'probe'), '', { timeout: 1_000 })).rejects.toSatisfy(
      (err) => err instanceof RequestError && err.isNoResponders(),
    );
  });

  it('throws a clear error when the gateway holding the station does not answer', async () => {
    const stuck = await natsConnection('gateway-stuck');
    stuck.subscribe(stationSubject('STUCK.*>', '*'), { callback: () => undefined });
    await stuck.flush();
    const b = await httpProcess(200);

    await expect(b.commands.isConnected('STUCK.*>')).rejects.toSatisfy(
      (err) => err instanceof DomainError && err.reason === 'gatewayNoAnswer',
    );
    const { value, ms } = await elapsed(
      b.commands.sendCommand('STUCK.*>', { cn: '1011' }, { timeoutMs: 100, retries: 0 }).catch((e: unknown) => e),
    );
    expect(value).toBeInstanceOf(DomainError);
    expect((value as DomainError).reason).toBe('gatewayNoAnswer');
    expect((value as DomainError).message).toBe('设备网关无应答，请稍后重试！');
    // The gateway's heartbeat (timeoutMs) and the margin.
    expect(ms).toBeGreaterThanOrEqual(2_050);
  });

  it('waits for a command that runs longer than its silence limit while the gateway says it is still at it', async () => {
    const a = await gatewayProcess('gateway-a');
    const raw = await StationClient.connect(a.port);
    cleanups.push(() => raw.close());
    await raw.write(packet({ mn: RAW, qn: '20260501000000001', dataTime: '20260501000000', factors: {} }));
    await raw.waitFor((m) => m.cn === '9014');
    const b = await httpProcess();
    // The station's acceptance is heard here, across NATS, as it happens.
    const accepted: string[] = [];
    const options: CommandOptions = { timeoutMs: 300, retries: 0, onAccepted: (qn) => accepted.push(qn) };

    const asked = elapsed(b.commands.sendCommand(RAW, { cn: '2051', cp: { BeginTime: '20260501000000' } }, options));
    const request = await raw.waitFor((m) => m.cn === '2051');
    const answer = (cn: '9011' | '9012', cp: Record<string, string>) =>
      raw.write(buildReplyPacket({ qn: request.qn, mn: RAW, pw: '123456', cn, cp }));
    await answer('9011', { QnRtn: '1' });
    await expect.poll(() => accepted).toEqual([request.qn]);
    // A backfill: uploads for 3 s, each keeping the gateway waiting, then the result.
    for (let i = 0; i < 20; i++) {
      const qn = `202605010000010${String(i).padStart(2, '0')}`;
      await raw.write(packet({ mn: RAW, qn, dataTime: `2026050100${String(i).padStart(2, '0')}00`, factors: {} }));
      await new Promise((r) => setTimeout(r, 150));
    }
    await answer('9012', { ExeRtn: '1' });

    const { value, ms } = await asked;
    expect(value).toMatchObject({ ok: true, qnRtn: 1, exeRtn: 1, attempts: 1 });
    expect(ms).toBeGreaterThan(commandSilenceMs(options));
  });

  it('has the newest gateway holding a station answer for it, and the older one again once that lets go', async () => {
    const a1 = await gatewayProcess('gateway-a1');
    const sim = await simulatedStation(a1.port);
    const atSim: Hj212Message[] = [];
    sim.on('command', (m) => atSim.push(m));
    const a2 = await gatewayProcess('gateway-a2');
    const b = await httpProcess();

    // The station comes to a2 too (say, its old connection to a1 is not closed yet).
    const raw = await StationClient.connect(a2.port);
    cleanups.push(() => raw.close());
    await raw.write(packet({ mn: MN, qn: '20260501000000001', dataTime: '20260501000000', factors: {} }));
    await raw.waitFor((m) => m.cn === '9014');
    await expect
      .poll(() => a1.lines)
      .toContain('station commands: the station is held by a newer connection elsewhere');
    await settle(a2.connection, a1.connection);

    // a2's connection does not answer commands: the outcome is its timeout, and the station on a1 saw nothing.
    const viaA2 = await b.commands.sendCommand(MN, { cn: '1011' });
    expect(viaA2).toMatchObject({ ok: false, reason: 'timeout', attempts: OPTIONS.retries + 1 });
    expect(raw.received.filter((m) => m.cn === '1011')).toHaveLength(OPTIONS.retries + 1);
    expect(atSim).toEqual([]);

    await raw.close();
    await expect.poll(() => a2.gateway.isConnected(MN)).toBe(false);
    await settle(a2.connection, a1.connection);
    expect(await b.commands.sendCommand(MN, { cn: '1011' })).toMatchObject({ ok: true, qnRtn: 1, exeRtn: 1 });
    expect(atSim.map((m) => m.cn)).toEqual(['1011']);
  });
});
