import { createRequire } from 'node:module';
import {
  ALARM_TYPE,
  type Alarm,
  type CommandExchange,
  type DeviceSyncResult,
  type Page,
  type StationCommand,
  THRESHOLD_OPERATOR,
} from '@envmon/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Cluster, type ClusterNode, startCluster } from '../../../../scripts/cluster.mjs';
import { openDatabase } from '../db/connection.js';
import { LEADER_LOCK_KEY, SCHEDULER_LOCK_KEY } from './leadership.js';
import { packet, StationClient } from '../test/station-client.js';

/**
 * The cluster as `npm run cluster` starts it — NATS, PostgreSQL, two gateway and two HTTP processes of the
 * built server, haproxy in front — driven as a station and two consoles would (README 'Beyond one machine').
 */

interface WsClient {
  close(): void;
  on(event: 'message', listener: (data: Buffer) => void): void;
  on(event: 'open', listener: () => void): void;
  on(event: 'error', listener: (err: Error) => void): void;
}
const { WebSocket } = createRequire(import.meta.url)('ws') as { WebSocket: new (url: string) => WsClient };

const MN = 'CLUSTER0000000000001';
const COD = 'w01018';
const WAIT = { timeout: 20_000, interval: 200 };

/** A console's live socket on one HTTP process: the alarm frames it received. */
class Console {
  readonly alarms: Alarm[] = [];
  private readonly socket: WsClient;
  readonly opened: Promise<void>;

  constructor(url: string) {
    this.socket = new WebSocket(url);
    this.socket.on('error', () => undefined);
    this.socket.on('message', (data) => {
      const frame: unknown = JSON.parse(data.toString('utf8'));
      if (Array.isArray(frame)) this.alarms.push(...(frame as Alarm[]));
    });
    this.opened = new Promise((resolve) => this.socket.on('open', resolve));
  }

  close(): void {
    this.socket.close();
  }
}

let cluster: Cluster;
let db: ReturnType<typeof openDatabase>['db'];
let token: string;
let deviceId: number;
const consoles: Console[] = [];
const stations: StationClient[] = [];
const logTail: string[] = [];
let seq = 0;

const node = (name: string): ClusterNode => {
  const found = cluster.nodes.find((n) => n.name === name);
  if (!found) throw new Error(`no node ${name}`);
  return found;
};

/** A call to one HTTP process (not through the load balancer): POST with a body, or GET without one. */
async function api<T>(on: ClusterNode, path: string, payload?: unknown): Promise<T> {
  const response = await fetch(`http://127.0.0.1:${on.port}${path}`, {
    method: payload === undefined ? 'GET' : 'POST',
    headers: { ...(payload === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { token } : {}) },
    ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
  });
  const envelope = (await response.json()) as { status: number; desc: string; data: T };
  if (envelope.status !== 200) throw new Error(`${on.name} ${path}: ${envelope.desc}`);
  return envelope.data;
}

/** Sends a minute upload of COD and resolves once the gateway acknowledged it (after its commit). */
async function upload(station: StationClient, cod: number): Promise<void> {
  seq += 1;
  const qn = `20270101000000${String(seq).padStart(3, '0')}`;
  const dataTime = `20270101${String(Math.floor(seq / 60)).padStart(2, '0')}${String(seq % 60).padStart(2, '0')}00`;
  await station.write(packet({ mn: MN, qn, dataTime, factors: { [COD]: { Avg: String(cod), Flag: 'N' } } }));
  await station.waitFor((m) => m.qn === qn && m.cn === '9014', 10_000);
}

/** Answers the platform's requests (set time, intervals) as a station does: accepted, then executed. */
function answerCommands(station: StationClient): () => void {
  const answered = new Set<string>();
  const timer = setInterval(() => {
    for (const m of station.received) {
      if (!m.qn || answered.has(m.qn) || !['1012', '1062'].includes(m.cn)) continue;
      answered.add(m.qn);
      const reply = (cn: string, cp: Record<string, string>) =>
        station.write(packet({ mn: MN, cn, st: '91', flag: 4, qn: m.qn, cp }));
      void reply('9011', { QnRtn: '1' }).then(() => reply('9012', { ExeRtn: '1' }));
    }
  }, 50);
  return () => clearInterval(timer);
}

/** A station connection through the load balancer, retried while a dead gateway is being taken out. */
async function connectStation(): Promise<StationClient> {
  for (let attempt = 0; ; attempt++) {
    try {
      const station = await StationClient.connect(cluster.gatewayPort);
      stations.push(station);
      return station;
    } catch (err) {
      if (attempt > 50) throw err;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

const holder = async () =>
  (await db
    .selectFrom('deviceStatus')
    .select(['online', 'nodeId'])
    .where('deviceId', '=', deviceId)
    .executeTakeFirst()) ?? null;
/** The processes holding an advisory lock (the cluster's duties by default; the scheduler has its own). */
const leader = async (key: number = LEADER_LOCK_KEY) => {
  const { rows } = await sql<{ name: string }>`
    select a.application_name as name from pg_locks l join pg_stat_activity a on a.pid = l.pid
    where l.locktype = 'advisory' and l.granted and a.application_name like 'envmon-leader:%'
      and (l.classid::bigint << 32) + l.objid::bigint = ${key}`.execute(db);
  return rows.map((r) => r.name.slice('envmon-leader:'.length));
};
const alarmsOf = (c: Console) =>
  c.alarms.filter((a) => a.deviceId === deviceId && a.alarmType === ALARM_TYPE.threshold);

beforeAll(async () => {
  cluster = await startCluster({
    demo: false,
    log: (line) => {
      logTail.push(line);
      if (logTail.length > 200) logTail.shift();
    },
  });
  db = openDatabase({ dialect: 'postgres', url: cluster.databaseUrl }).db;
  const login = await api<{ token: string }>(node('http-1'), '/manager/system/login/rest/login', {
    userName: 'admin',
    password: cluster.adminPassword,
  });
  token = login.token;
  const now = Date.now();
  ({ id: deviceId } = await db
    .insertInto('devices')
    .values({
      deviceName: 'Cluster station',
      deviceCode: MN,
      deviceType: '21',
      password: '123456',
      createTime: now,
      updateTime: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow());
}, 240_000);

afterAll(async () => {
  for (const c of consoles) c.close();
  for (const s of stations) await s.close().catch(() => undefined);
  await db?.destroy();
  await cluster?.stop();
  if (expect.getState().assertionCalls === 0) process.stdout.write(logTail.join('\n'));
}, 120_000);

describe('the cluster through its load balancer', () => {
  it('raises an alarm on a threshold edited through the other HTTP process, shows it on both, clears it, and syncs from either', async () => {
    // Rules edited through http-2 reach the engine beside whichever gateway holds the station.
    await api(node('http-2'), '/manager/alarm/threshold/rest/add', {
      deviceId,
      factorCode: COD,
      operator: THRESHOLD_OPERATOR.gt,
      limit1: 30,
    });
    await api(node('http-1'), '/manager/system/alarm/strategy/rest/update', {
      deviceId,
      alarmType: ALARM_TYPE.threshold,
      consecutiveCount: 2,
    });
    for (const name of ['http-1', 'http-2']) {
      const c = new Console(`ws://127.0.0.1:${node(name).port}/websocket/${encodeURIComponent(token)}`);
      consoles.push(c);
      await c.opened;
    }

    const station = await connectStation();
    const stopAnswering = answerCommands(station);
    try {
      await upload(station, 45);
      await upload(station, 46);
      for (const c of consoles) {
        await expect.poll(() => alarmsOf(c).map((a) => [a.active, a.count]), WAIT).toEqual([[true, 2]]);
      }
      const current = await api<Alarm[]>(node('http-1'), '/manager/alarm/rest/getCurrent');
      expect(current.filter((a) => a.deviceId === deviceId).map((a) => [a.alarmType, a.count])).toEqual([
        [ALARM_TYPE.threshold, 2],
      ]);

      await upload(station, 10);
      for (const c of consoles) {
        await expect.poll(() => alarmsOf(c).at(-1)?.active, WAIT).toBe(false);
      }

      for (const name of ['http-1', 'http-2']) {
        const results = await api<DeviceSyncResult[]>(node(name), '/manager/system/device/setting/rest/sync', {
          deviceId,
          items: ['time'],
        });
        expect(results).toEqual([{ item: 'time', cn: '1012', outcome: 'ok', qnRtn: 1, exeRtn: 1 }]);
      }

      // A command queued through either HTTP process is sent by the leader's queue, through the gateway holding
      // the station, and its record is read the same through the other.
      for (const [from, reader] of [
        ['http-1', 'http-2'],
        ['http-2', 'http-1'],
      ] as const) {
        const queued = await api<StationCommand>(node(from), '/manager/settings/countercontrol/rest/update', {
          deviceId,
          cn: '1062',
          parameters: { RtdInterval: '30' },
        });
        const state = async () =>
          (
            await api<Page<StationCommand>>(
              node(reader),
              `/manager/settings/countercontrol/rest/get?deviceId=${deviceId}`,
            )
          ).list.find((c) => c.id === queued.id);
        await expect.poll(async () => (await state())?.state, WAIT).toBe('executed');
        expect(await state()).toMatchObject({ qnRtn: 1, exeRtn: 1, attempts: 1 });
        // The exchange came back from the gateway with the outcome: the request, 9011 and 9012.
        const exchange = await api<CommandExchange>(
          node(reader),
          `/manager/settings/countercontrol/rest/uploadList?id=${queued.id}`,
        );
        expect(exchange.packets.map((p) => [p.direction, /CN=(\d+)/.exec(p.raw)?.[1]])).toEqual([
          ['sent', '1062'],
          ['received', '9011'],
          ['received', '9012'],
        ]);
      }
    } finally {
      stopAnswering();
    }
  }, 180_000);

  it('moves a station to the other gateway when its gateway dies, losing no acknowledged packet and keeping its count', async () => {
    for (const c of consoles) c.alarms.length = 0;
    const station = stations.at(-1);
    if (!station) throw new Error('no station from the first test');
    for (const cod of [12, 13, 14]) await upload(station, cod);
    // One exceedance of the two the strategy wants: the engine beside this gateway stores it as its streak
    // (just after the packet's acknowledgement; a gateway killed in between loses that one count).
    await upload(station, 47);
    const streak = () => db.selectFrom('alarmStreaks').select('count').where('deviceId', '=', deviceId).execute();
    await expect.poll(streak, WAIT).toEqual([{ count: 1 }]);
    const before = await holder();
    expect(before).toMatchObject({ online: 1 });
    const dying = node(String(before?.nodeId));
    expect(dying.services).toBe('gateway');

    await dying.kill('SIGKILL');
    await station.waitClosed(15_000);
    const moved = await connectStation();
    // The second exceedance, judged beside the other gateway, raises the alarm with the count carried over.
    await upload(moved, 48);
    await expect.poll(async () => (await holder())?.nodeId, WAIT).not.toBe(dying.name);
    expect(await holder()).toMatchObject({ online: 1 });
    // The dead gateway said nothing; the live one said online: no offline alarm stands.
    const offline = await db
      .selectFrom('alarms')
      .select('id')
      .where('deviceId', '=', deviceId)
      .where('alarmType', '=', ALARM_TYPE.offline)
      .where('active', '=', 1)
      .execute();
    expect(offline).toEqual([]);
    for (const c of consoles) {
      await expect.poll(() => alarmsOf(c).map((a) => [a.active, a.count, a.alarmValue]), WAIT).toEqual([[true, 2, 48]]);
    }
    const stored = await db
      .selectFrom('measurements')
      .innerJoin('devices', 'devices.id', 'measurements.deviceId')
      .select('measurements.dataTime')
      .where('devices.deviceCode', '=', MN)
      .where('measurements.kind', '=', 'min')
      .where('measurements.factorCode', '=', COD)
      .execute();
    // Every upload of this file was acknowledged, each for its own minute: all of them are stored.
    expect(stored).toHaveLength(seq);
  }, 180_000);

  it('hands the once-per-cluster duties and the scheduler to another process when the elected one dies', async () => {
    await expect.poll(() => leader(), WAIT).toHaveLength(1);
    // One scheduler of the two HTTP processes that run it fires the jobs.
    await expect.poll(() => leader(SCHEDULER_LOCK_KEY), WAIT).toHaveLength(1);
    const [elected] = await leader();
    const [scheduler] = await leader(SCHEDULER_LOCK_KEY);
    const victim = cluster.nodes.find((n) => n.name === elected && n.running);
    if (!victim) throw new Error(`the leader ${String(elected)} is not a running node`);
    await victim.kill('SIGKILL');
    await expect.poll(async () => (await leader()).filter((name) => name !== elected), WAIT).toHaveLength(1);
    // The scheduler's process dies too (when it was another one): the other HTTP process takes the jobs over.
    const schedulerNode = cluster.nodes.find((n) => `${n.name}/scheduler` === scheduler && n.running);
    if (schedulerNode) await schedulerNode.kill('SIGKILL');
    await expect
      .poll(async () => (await leader(SCHEDULER_LOCK_KEY)).filter((name) => name !== scheduler), WAIT)
      .toHaveLength(1);
  }, 120_000);
});
