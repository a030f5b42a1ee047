import { type GapFillParams, HOUR_MS, type JobGranule, type ReissueKind, type ReissueTask } from '@envmon/shared';
import type { ReissueDevice } from '../../reissue/reissue.repository.js';
import type { ReissueService } from '../../reissue/reissue.service.js';
import { periodMs } from '../../reissue/reissue-periods.js';
import type { JobAction, JobRunContext } from '../job-action.js';
import { counted, forEachBounded, localTime, messageOf } from './run-helpers.js';

/** What gap filling needs of Settings › reissue: the devices' clocks, their missing periods, a repair and its end. */
export type GapFillReissue = Pick<ReissueService, 'stations' | 'missing' | 'repair' | 'settled'>;

export interface GapFillDeps {
  reissue: GapFillReissue;
  /** Devices asked at once: each waits for its station's answers, so a run of a thousand devices stays a trickle. */
  concurrency?: number;
}

export const GAP_FILL_CONCURRENCY = 8;

/** The HJ 212 request of each granule (HJ212.md §9): 2061 hour data, 2031 day data. */
export const GAP_FILL_CN: Record<JobGranule, ReissueKind> = { hour: '2061', day: '2031' };

const NOUN: Record<JobGranule, string> = { hour: 'hour', day: 'day' };

/** Stretches listed per device and granule in the log line; the rest are counted. */
const STRETCHES_LISTED = 5;

/**
 * The range of period starts whose whole period lies in the `windowHours` before `at`: a period counts once it
 * has ended, so the hour under way (or the day) is not asked for. `endTime < beginTime` when no period fits.
 */
export function gapWindow(cn: ReissueKind, at: number, windowHours: number): { beginTime: number; endTime: number } {
  // Hour and day periods do not depend on the device's report interval.
  return {
    beginTime: at - windowHours * HOUR_MS,
    endTime: at - periodMs(cn, { intervalTime: 0, utcOffsetMinutes: 0 }),
  };
}

/** Consecutive starts (one `step` apart) joined into [from, to] stretches. */
export function stretchesOf(starts: readonly number[], step: number): { from: number; to: number }[] {
  const stretches: { from: number; to: number }[] = [];
  for (const t of starts) {
    const last = stretches[stretches.length - 1];
    if (last && t - last.to === step) last.to = t;
    else stretches.push({ from: t, to: t });
  }
  return stretches;
}

/** `2026-03-01 02:00–03:00, 2026-03-01 05:00` in the job's time zone, the first few stretches and a count of the rest. */
export function describeStretches(starts: readonly number[], step: number, timeZone: string): string {
  const stretches = stretchesOf(starts, step);
  const shown = stretches.slice(0, STRETCHES_LISTED).map(({ from, to }) => {
    if (from === to) return localTime(from, timeZone);
    const [fromText, toText] = [localTime(from, timeZone), localTime(to, timeZone)];
    // The same day: only the time of the stretch's end.
    return fromText.slice(0, 10) === toText.slice(0, 10) ? `${fromText}–${toText.slice(11)}` : `${fromText}–${toText}`;
  });
  const rest = stretches.length - shown.length;
  return rest > 0 ? `${shown.join(', ')} and ${counted(rest, 'more stretch', 'more stretches')}` : shown.join(', ');
}

/** What a run found and did, summed over its devices. */
export interface GapFillTally {
  devices: number;
  withGaps: number;
  asked: number;
  missingAsked: Record<JobGranule, number>;
  missingNotAsked: Record<JobGranule, number>;
  notAsked: number;
  stored: number;
  failed: number;
  stillRunning: number;
}

/** `12 missing hours and 1 missing day` (the granules with any). */
function missingText(missing: Record<JobGranule, number>, granules: readonly JobGranule[]): string {
  const parts = granules.filter((g) => missing[g] > 0).map((g) => counted(missing[g], `missing ${NOUN[g]}`));
  return parts.join(' and ');
}

/** The run's one line: `12 missing hours in 2 devices asked for; 12 stored`. */
export function gapFillSummary(tally: GapFillTally, granules: readonly JobGranule[]): string {
  if (tally.withGaps === 0) {
    const words = granules.map((g) => `${NOUN[g]}s`).join(' or ');
    return `no missing ${words} in ${counted(tally.devices, 'device')}`;
  }
  const parts: string[] = [];
  if (tally.asked > 0) {
    parts.push(
      `${missingText(tally.missingAsked, granules)} in ${counted(tally.asked, 'device')} asked for`,
      `${tally.stored.toLocaleString('en-US')} stored`,
    );
  }
  if (tally.notAsked > 0) {
    parts.push(
      `${missingText(tally.missingNotAsked, granules)} in ${counted(tally.notAsked, 'device')} not asked (not connected)`,
    );
  }
  if (tally.failed > 0) parts.push(`${counted(tally.failed, 'request')} failed`);
  if (tally.stillRunning > 0) parts.push(`${counted(tally.stillRunning, 'request')} still running`);
  // Gaps found, then filled by the stations' own uploads before they were asked for.
  if (parts.length === 0) return `${counted(tally.withGaps, 'device')} with gaps, filled meanwhile`;
  return parts.join('; ');
}

/** The periods a finished repair added: stored at its end less those stored when it began. */
function newlyStored(task: ReissueTask): number {
  if (task.stored === null || task.missing === null) return 0;
  return Math.max(0, task.stored - (task.expected - task.missing));
}

function outcomeText(task: ReissueTask): string {
  if (task.status === 'running') return 'still running when the run stopped (it goes on in the background)';
  const reason = task.reason ? ` (${task.reason})` : '';
  return `${task.status}${reason}, ${newlyStored(task).toLocaleString('en-US')} of ${task.missing ?? 0} stored`;
}

/**
 * Gap filling (issue 21): for each of the run's devices, the hour and/or day periods missing in the window are
 * asked for again through Settings › reissue's repair (one task per device and granule, recorded there without a
 * user), at most `concurrency` devices at a time, each waiting for its station's answers. Devices with nothing
 * missing are not asked; a station not connected is logged and counted, and fails the run only when no device with
 * gaps could be asked at all.
 */
export function gapFillAction({ reissue, concurrency = GAP_FILL_CONCURRENCY }: GapFillDeps): JobAction<'gapFill'> {
  return async (run) => {
    const { granules, windowHours } = run.params;
    const devices = await reissue.stations(run.devices.map((d) => d.deviceId));
    const tally: GapFillTally = {
      devices: devices.length,
      withGaps: 0,
      asked: 0,
      missingAsked: { hour: 0, day: 0 },
      missingNotAsked: { hour: 0, day: 0 },
      notAsked: 0,
      stored: 0,
      failed: 0,
      stillRunning: 0,
    };
    for (const granule of granules) {
      const { beginTime, endTime } = gapWindow(GAP_FILL_CN[granule], run.at, windowHours);
      if (endTime < beginTime) run.log.info(`no whole ${NOUN[granule]} fits in a window of ${windowHours} h`);
    }
    run.log.info(
      `looking for missing ${granules.map((g) => `${NOUN[g]}s`).join(' and ')} in the ${windowHours} h before ` +
        `${localTime(run.at, run.timeZone)} (${run.timeZone}) in ${counted(devices.length, 'device')}`,
    );

    await forEachBounded(devices, concurrency, run.signal, async (device) => {
      try {
        await fillDevice(reissue, run, device, tally);
      } catch (err) {
        tally.failed += 1;
        run.log.info(`${label(device)}: ${messageOf(err)}`);
      }
    });

    if (run.signal.aborted) run.log.info('the run was stopped: devices not reached yet were not looked at');
    const summary = gapFillSummary(tally, granules);
    if (tally.withGaps > 0 && tally.asked === 0 && tally.notAsked > 0)
      throw new Error(`nothing could be asked: ${summary}`);
    return { summary };
  };
}

const label = (device: ReissueDevice) => `${device.deviceName} (${device.deviceCode})`;

async function fillDevice(
  reissue: GapFillReissue,
  run: JobRunContext<GapFillParams>,
  device: ReissueDevice,
  tally: GapFillTally,
): Promise<void> {
  let hadGaps = false;
  let asked = false;
  let notAsked = false;
  for (const granule of run.params.granules) {
    if (run.signal.aborted) break;
    const cn = GAP_FILL_CN[granule];
    const { beginTime, endTime } = gapWindow(cn, run.at, run.params.windowHours);
    if (endTime < beginTime) continue;
    const { missing } = await reissue.missing(device, cn, beginTime, endTime);
    if (missing.length === 0) continue;
    hadGaps = true;
    const what = `${counted(missing.length, `missing ${NOUN[granule]}`)}: ${describeStretches(missing, periodMs(cn, device), run.timeZone)}`;
    const [task] = await reissue.repair({ deviceIds: [device.id], cn, beginTime, endTime }, null);
    if (!task) continue;
    if (task.status === 'failed') {
      // notConnected, or no gateway in this process or cluster: the station could not be asked.
      notAsked = true;
      tally.missingNotAsked[granule] += missing.length;
      run.log.info(`${label(device)}: ${what}; not asked (${task.reason ?? 'failed'})`);
      continue;
    }
    if (task.status === 'complete') {
      run.log.info(`${label(device)}: ${what}; stored meanwhile, nothing asked`);
      continue;
    }
    asked = true;
    tally.missingAsked[granule] += missing.length;
    run.log.info(`${label(device)}: ${what}; asked (${cn}, reissue task ${task.id})`);
    const [ended] = await reissue.settled([task.id], run.signal);
    if (!ended) continue;
    tally.stored += newlyStored(ended);
    if (ended.status === 'failed') tally.failed += 1;
    if (ended.status === 'running') tally.stillRunning += 1;
    run.log.info(`${label(device)}: ${cn} ${outcomeText(ended)}`);
  }
  if (hadGaps) tally.withGaps += 1;
  if (asked) tally.asked += 1;
  else if (notAsked) tally.notAsked += 1;
}
