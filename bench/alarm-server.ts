// The server half of `npm run bench:alarm`, forked by bench/alarm.ts: the real app with its HJ 212
// gateway, HTTP API and WebSocket push on a migrated database; the background and probe stations are
// registered as devices, and every background station gets thresholds on its ten factors that its
// values never break (so the engine judges every value, and raises nothing). The probes' thresholds
// are added by the parent through the threshold route, which also loads all of them into the engine.
// Not meant to be run by hand.
import type { Alarm } from '@envmon/shared';
import { buildApp } from '@envmon/server/dist/app.js';
import { AlarmRepository } from '@envmon/server/dist/modules/alarm/alarm.repository.js';
import { LiveHub } from '@envmon/server/dist/modules/live/live.hub.js';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { answerParent, benchConfig, registerStations, runServerChild, timeWriteBatches } from './bench-server-side.js';
import { addBackgroundThresholds } from './alarm-thresholds.js';
import { monotonicMs, type ProbeTrace, stationCode, type ToServer } from './ingest-common.js';

export interface AlarmServerSetup {
  databaseUrl: string;
  dir: string;
  /** Background stations (group 'load'). */
  stations: number;
  /** Probe stations (group 'probe'). */
  probes: number;
  maxConnections: number;
}

// Before the app exists: its repositories are patched on their prototypes.
const writes = timeWriteBatches();
const trace: ProbeTrace = {
  events: {},
  alarmWrites: { count: 0, ms: 0, maxMs: 0 },
  fanOuts: { count: 0, ms: 0, maxMs: 0 },
};
// Every argument passed on, whatever write takes (the alarm streaks joined the drafts).
type AlarmWrite = AlarmRepository['write'];
const alarmWrite = Object.getOwnPropertyDescriptor(AlarmRepository.prototype, 'write')?.value as AlarmWrite;
AlarmRepository.prototype.write = async function timedAlarmWrite(
  this: AlarmRepository,
  ...args: Parameters<AlarmWrite>
) {
  const t0 = performance.now();
  try {
    return await alarmWrite.apply(this, args);
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
