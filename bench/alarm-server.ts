// The server half of `npm run bench:alarm`, forked by bench/alarm.ts: the real app with its HJ 212
// gateway, HTTP API and WebSocket push on a migrated database; the background and probe stations are
// registered as devices, and every background station gets thresholds on its ten factors that its
// values never break (so the engine judges every value, and raises nothing). The probes' thresholds
// are added by the parent through the threshold route, which also loads all of them into the engine.
// Not meant to be run by hand.
import { type Alarm, THRESHOLD_OPERATOR } from '@envmon/shared';
import { buildApp } from '@envmon/server/dist/app.js';
import { openDatabase } from '@envmon/server/dist/db/connection.js';
import { type AlarmDraft, AlarmRepository } from '@envmon/server/dist/modules/alarm/alarm.repository.js';
import { LiveHub } from '@envmon/server/dist/modules/live/live.hub.js';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { answerParent, benchConfig, registerStations, runServerChild, timeWriteBatches } from './bench-server-side.js';
import { FACTORS, monotonicMs, type ProbeTrace, stationCode, type ToServer } from './ingest-common.js';

export interface AlarmServerSetup {
  databaseUrl: string;
  dir: string;
  /** Background stations (group 'load'). */
  stations: number;
  /** Probe stations (group 'probe'). */
  probes: number;
  maxConnections: number;
}

/** A threshold each background value stays well inside: pH out of (6, 9), dissolved oxygen under 2, others over 4× their level. */
function backgroundRule(code: string, level: number) {
  if (code === 'w01001') return { operator: THRESHOLD_OPERATOR.notIn, limit1: 6, limit2: 9 };
  if (code === 'w01009') return { operator: THRESHOLD_OPERATOR.lt, limit1: 2, limit2: null };
  return { operator: THRESHOLD_OPERATOR.gt, limit1: level * 4, limit2: null };
}

async function addBackgroundThresholds(
  config: ReturnType<typeof benchConfig>,
  deviceIds: Record<string, number>,
  stations: number,
): Promise<void> {
  const { db } = openDatabase(config.database);
  try {
    const now = Date.now();
    const rows = Array.from({ length: stations }, (_, i) => deviceIds[stationCode('load', i)] ?? 0).flatMap(
      (deviceId) =>
        FACTORS.map((f) => ({
          deviceId,
          factorCode: f.code,
          overflowType: 0,
          ...backgroundRule(f.code, f.level),
          limitId: null,
          alarmLevel: 1,
          enabled: 1,
          updateTime: now,
        })),
    );
    for (let i = 0; i < rows.length; i += 500)
      await db
        .insertInto('thresholds')
        .values(rows.slice(i, i + 500))
        .execute();
  } finally {
    await db.destroy();
  }
}

// Before the app exists: its repositories are patched on their prototypes.
const writes = timeWriteBatches();
const trace: ProbeTrace = {
  events: {},
  alarmWrites: { count: 0, ms: 0, maxMs: 0 },
  fanOuts: { count: 0, ms: 0, maxMs: 0 },
};
const alarmWrite = Object.getOwnPropertyDescriptor(AlarmRepository.prototype, 'write')?.value as (
  this: AlarmRepository,
  drafts: readonly AlarmDraft[],
) => Promise<void>;
AlarmRepository.prototype.write = async function timedAlarmWrite(this: AlarmRepository, drafts) {
  const t0 = performance.now();
  try {
    await alarmWrite.call(this, drafts);
  } finally {
    const ms = performance.now() - t0;
    trace.alarmWrites.count += 1;
    trace.alarmWrites.ms += ms;
    trace.alarmWrites.maxMs = Math.max(trace.alarmWrites.maxMs, ms);
  }
};

const isProbe = (mn: string) => mn.startsWith(stationCode('probe', 0).slice(0, 6));
function traced(mn: string, what: 'data' | 'raised' | 'cleared', at = monotonicMs()): void {
  (trace.events[mn] ??= []).push({ at, what });
}

// The alarms' arrival at the live hub, and how long handing each frame to every socket takes.
const publishAlarms = Object.getOwnPropertyDescriptor(LiveHub.prototype, 'publishAlarms')?.value as (
  this: LiveHub,
  alarms: readonly Alarm[],
) => void;
LiveHub.prototype.publishAlarms = function timedPublishAlarms(this: LiveHub, alarms) {
  const at = monotonicMs();
  publishAlarms.call(this, alarms);
  const ms = monotonicMs() - at;
  trace.fanOuts.count += 1;
  trace.fanOuts.ms += ms;
  trace.fanOuts.maxMs = Math.max(trace.fanOuts.maxMs, ms);
  for (const alarm of alarms)
    if (isProbe(alarm.deviceCode)) traced(alarm.deviceCode, alarm.active ? 'raised' : 'cleared', at);
};

runServerChild('bench/alarm-server.js', async (s: AlarmServerSetup) => {
  const config = benchConfig(s.databaseUrl, s.dir, { maxConnections: s.maxConnections });
  const app = await buildApp({ config, gateway: true });
  const deviceIds = await registerStations(config, [
    { group: 'load', count: s.stations },
    { group: 'probe', count: s.probes },
  ]);
  await addBackgroundThresholds(config, deviceIds, s.stations);
  app.bus.subscribe('data.received', (event) => {
    if (isProbe(event.deviceCode)) traced(event.deviceCode, 'data');
  });
  process.on('message', (message: ToServer) => {
    if (message.type === 'window-start') {
      trace.alarmWrites = { count: 0, ms: 0, maxMs: 0 };
      trace.fanOuts = { count: 0, ms: 0, maxMs: 0 };
    }
    if (message.type === 'trace') process.send?.({ type: 'trace', trace });
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port: httpPort } = app.server.address() as AddressInfo;
  answerParent(app, writes, { type: 'ready', port: app.stations?.port ?? 0, httpPort, deviceIds });
});
