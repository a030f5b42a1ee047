import { formatHj212Time } from '@envmon/hj212';
import { DAY_MS, HOUR_MS } from '@envmon/shared';
import type { CommandOutcome, CommandRequest } from '../gateway/command-channel.js';
import type { Clock } from '../lib/clock.js';

/** Hourly history the demo asks each station for on its first start: the queries and day reports have data. */
export const DEMO_HOUR_HISTORY_DAYS = 31;
/** Daily history: a year and a little more, so month and year rollups, and last year's contrast, have data. */
export const DEMO_DAY_HISTORY_DAYS = 400;
/** How long a demo station may take to connect before its history is given up. */
const CONNECT_WAIT_MS = 60_000;
const CONNECT_POLL_MS = 500;

/** Logged once every station's history has been asked for: the demo's start-up load is over. */
export const DEMO_HISTORY_DONE = 'demo history: done';

const BEIJING = 8 * HOUR_MS;

export interface DemoHistoryDeps {
  gateway: {
    isConnected(deviceCode: string): boolean;
    sendCommand(deviceCode: string, request: CommandRequest): Promise<CommandOutcome>;
  };
  clock: Clock;
  sleep?: (ms: number) => Promise<void>;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The backfill requests (HJ212.md §9: 2061 hour data, 2031 day data) for the history before `now`. */
export function demoHistoryRequests(now: number): CommandRequest[] {
  const lastHour = Math.floor(now / HOUR_MS) * HOUR_MS - HOUR_MS;
  // Station days start at midnight Beijing time (the simulator's and the spec's default zone).
  const lastDay = Math.floor((now + BEIJING) / DAY_MS) * DAY_MS - BEIJING - DAY_MS;
  const range = (from: number, to: number) => ({ BeginTime: formatHj212Time(from), EndTime: formatHj212Time(to) });
  return [
    { cn: '2061', cp: range(lastHour - (DEMO_HOUR_HISTORY_DAYS * DAY_MS - HOUR_MS), lastHour) },
    { cn: '2031', cp: range(lastDay - (DEMO_DAY_HISTORY_DAYS - 1) * DAY_MS, lastDay) },
  ];
}

/**
 * The demo's history, asked of its simulated stations over HJ 212 the way a platform recovers missed
 * data (补数): once each station is connected, the hour and day data of the past weeks and year.
 * The station answers from its model, the gateway stores it like any upload and the rollups follow,
 * so a fresh `npm start` has history, summaries and reports to show. A restart asks again: the model
 * answers with the same values, which overwrite the stored ones, and the hours since are filled in.
 */
export async function requestDemoHistory(deps: DemoHistoryDeps, deviceCodes: readonly string[]): Promise<void> {
  const sleep = deps.sleep ?? defaultSleep;
  await Promise.all(
    deviceCodes.map(async (code) => {
      for (let waited = 0; !deps.gateway.isConnected(code); waited += CONNECT_POLL_MS) {
        if (waited >= CONNECT_WAIT_MS) {
          deps.log.warn({ mn: code }, 'demo history: the station did not connect');
          return;
        }
        await sleep(CONNECT_POLL_MS);
      }
      for (const request of demoHistoryRequests(deps.clock.now())) {
        // A long backfill may outlast the wait for its 9012; what arrived is stored all the same.
        const outcome = await deps.gateway.sendCommand(code, request);
        if (outcome.ok) deps.log.info({ mn: code, cn: request.cn }, 'demo history: backfilled');
        else deps.log.warn({ mn: code, cn: request.cn, reason: outcome.reason }, 'demo history: backfill unfinished');
      }
    }),
  );
  deps.log.info({ stations: deviceCodes.length }, DEMO_HISTORY_DONE);
}
