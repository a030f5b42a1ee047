import { formatHj212Time } from '@envmon/hj212';
import { type CommandOptions, type CommandOutcome, commandFailure } from '../../../gateway/command-channel.js';
import type { StationCommands } from '../../../gateway/station-commands.js';
import type { Clock } from '../../../lib/clock.js';
import { DomainError } from '../../../lib/errors.js';
import type { JobAction } from '../job-action.js';
import { counted, forEachBounded, messageOf } from './run-helpers.js';

/** A device as its station's clock is set: its MN and the UTC offset its station keeps time in. */
export interface ClockSyncStation {
  id: number;
  deviceName: string;
  deviceCode: string;
  utcOffsetMinutes: number;
}

export interface ClockSyncDeps {
  /** Through this process's gateway, or in a cluster through whichever gateway holds the station. */
  stationCommands: () => StationCommands | null;
  /** The devices' MN and UTC offset (ReissueService.stations reads them). */
  stations: (deviceIds: readonly number[]) => Promise<ClockSyncStation[]>;
  clock: Clock;
  /** The gateway's own waits unless a test shortens them. */
  commandOptions?: CommandOptions;
  /** Stations set at once. */
  concurrency?: number;
}

export const CLOCK_SYNC_CONCURRENCY = 16;

/** How one station's 1012 ended. */
type StationResult = 'set' | 'notConnected' | 'failed';

/** The run's one line: `3 stations set, 1 not connected, 0 failed`. */
export function clockSyncSummary(counts: Record<StationResult, number>): string {
  return `${counted(counts.set, 'station')} set, ${counts.notConnected.toLocaleString('en-US')} not connected, ${counts.failed.toLocaleString('en-US')} failed`;
}

/** `refused (QnRtn 2)`, `failed (ExeRtn 2)`, `timeout`: a command's failure with the station's return codes. */
function failureText(outcome: Extract<CommandOutcome, { ok: false }>): string {
  const codes = [
    outcome.qnRtn === null ? null : `QnRtn ${outcome.qnRtn}`,
    outcome.exeRtn === null ? null : `ExeRtn ${outcome.exeRtn}`,
  ].filter((c) => c !== null);
  return codes.length > 0 ? `${commandFailure(outcome)} (${codes.join(', ')})` : commandFailure(outcome);
}

/**
 * Clock sync (issue 21): CN 1012 with the platform's time, in each station's own UTC offset, to every connected
 * station of the run's devices (the time read when each command goes out, so a long run does not set stale
 * clocks). Stations not connected are skipped and counted; a refused or unanswered command is logged per station.
 * The run fails only when every connected station failed.
 */
export function clockSyncAction({
  stationCommands,
  stations,
  clock,
  commandOptions,
  concurrency = CLOCK_SYNC_CONCURRENCY,
}: ClockSyncDeps): JobAction<'clockSync'> {
  return async (run) => {
    const gateway = stationCommands();
    if (!gateway) throw new Error('no gateway runs in this process or its cluster: no station can be reached');
    const devices = await stations(run.devices.map((d) => d.deviceId));
    const counts: Record<StationResult, number> = { set: 0, notConnected: 0, failed: 0 };

    const setOne = async (device: ClockSyncStation): Promise<StationResult> => {
      const label = `${device.deviceName} (${device.deviceCode})`;
      if (!(await gateway.isConnected(device.deviceCode))) {
        run.log.info(`${label}: not connected, skipped`);
        return 'notConnected';
      }
      const systemTime = formatHj212Time(clock.now(), device.utcOffsetMinutes);
      try {
        const outcome = await gateway.sendCommand(
          device.deviceCode,
          { cn: '1012', cp: { SystemTime: systemTime } },
          commandOptions,
        );
        if (outcome.ok) return 'set';
        // Gone between the check and the command.
        if (outcome.reason === 'offline') {
          run.log.info(`${label}: not connected, skipped`);
          return 'notConnected';
        }
        run.log.info(`${label}: 1012 SystemTime=${systemTime} ${failureText(outcome)}`);
      } catch (err) {
        // In a cluster the gateway holding the station may not answer at all.
        const why =
          err instanceof DomainError && err.reason === 'gatewayNoAnswer'
            ? 'timeout (its gateway did not answer)'
            : messageOf(err);
        run.log.info(`${label}: 1012 SystemTime=${systemTime} ${why}`);
      }
      return 'failed';
    };

    await forEachBounded(devices, concurrency, run.signal, async (device) => {
      counts[await setOne(device)] += 1;
    });
    if (run.signal.aborted) run.log.info('the run was stopped: stations not reached yet were not set');
    const summary = clockSyncSummary(counts);
    run.log.info(summary);
    if (counts.failed > 0 && counts.set === 0) throw new Error(`every connected station failed: ${summary}`);
    return { summary };
  };
}
