import { formatHj212Time } from '@envmon/hj212';
import {
  type Page,
  REISSUE_LIMITS,
  type ReissueReason,
  type ReissueInput,
  type ReissueKind,
  type ReissueListQuery,
  type ReissueMode,
  type ReissueStatus,
  type ReissueTask,
  reissueTaskSchema,
} from '@envmon/shared';
import {
  type CommandOptions,
  type CommandOutcome,
  type CommandRequest,
  commandFailure,
} from '../../gateway/command-channel.js';
import type { StationCommands } from '../../gateway/station-commands.js';
import type { Clock } from '../../lib/clock.js';
import { DomainError } from '../../lib/errors.js';
import { type ScopeReader, scopeOf } from '../device/device-scope.js';
import type { Actor } from '../session/permission.js';
import { KIND_OF, missingStretches, periodStarts, repairRequests, type Stretch } from './reissue-periods.js';
import type { ReissueDevice, ReissueRepository, ReissueTaskRow } from './reissue.repository.js';

interface Logger {
  warn(obj: object, msg: string): void;
}

/** HJ 212 ExeRtn 100 (HJ212.md Table 6): the station has no data for the periods asked. */
const NO_DATA = 100;

const toTask = (row: ReissueTaskRow): ReissueTask => reissueTaskSchema.parse(row);

/**
 * Settings › reissue: asks stations for their data again over HJ 212 — the whole range (add) or only the
 * periods missing from the database (repair). Each device is a task, answered at once as running and carried
 * on in the background: the station answers 9011, streams its uploads (stored like any other, rollups
 * included) and ends with 9012. The task then records how many periods of the range are stored.
 */
export class ReissueService {
  /** The tasks this process is carrying on, by id. */
  private readonly running = new Map<number, Promise<void>>();

  constructor(
    private readonly repo: ReissueRepository,
    private readonly gateway: () => StationCommands | null,
    private readonly clock: Clock,
    private readonly log: Logger,
    private readonly commandOptions?: CommandOptions,
  ) {}

  /** Tasks left running by a previous process are marked interrupted. */
  recover(): Promise<void> {
    return this.repo.interruptRunning(this.clock.now());
  }

  add(input: ReissueInput, actor: Actor): Promise<ReissueTask[]> {
    return this.start('add', input, actor);
  }

  /** `actor` null: the platform itself asked (a scheduled gap fill), recorded without a user like the op log's "System". */
  repair(input: ReissueInput, actor: Actor | null): Promise<ReissueTask[]> {
    return this.start('repair', input, actor);
  }

  /** The devices as their stations are asked: MN, report interval and clock offset (scheduled jobs read them too). */
  stations(deviceIds: readonly number[]): Promise<ReissueDevice[]> {
    return deviceIds.length === 0 ? Promise.resolve([]) : this.repo.devices([...new Set(deviceIds)]);
  }

  /**
   * The starts of the device's periods of the kind in [beginTime, endTime] not stored, oldest first, and how many
   * the range holds: what a repair would ask for (a scheduled gap fill asks only devices with some).
   */
  async missing(
    device: ReissueDevice,
    cn: ReissueKind,
    beginTime: number,
    endTime: number,
  ): Promise<{ expected: number; missing: number[] }> {
    const expected = periodStarts(cn, device, beginTime, endTime);
    if (expected.length === 0) return { expected: 0, missing: [] };
    const stored = await this.repo.storedTimes(device.id, KIND_OF[cn], beginTime, endTime);
    return { expected: expected.length, missing: expected.filter((t) => !stored.has(t)) };
  }

  async list(query: ReissueListQuery, reader: ScopeReader): Promise<Page<ReissueTask>> {
    const { rows, total } = await this.repo.list(query, scopeOf(query, reader));
    return { list: rows.map(toTask), total, pageNum: query.pageNum, pageSize: query.pageSize };
  }

  /** Resolves when every task started so far has ended (shutdown, tests). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running.values()]);
  }

  /**
   * The tasks once each has ended — or, when `signal` aborts first, as they stand then (a scheduled gap fill waits
   * on the repairs it started; they go on in the background).
   */
  async settled(ids: readonly number[], signal?: AbortSignal): Promise<ReissueTask[]> {
    const pending = Promise.all(ids.flatMap((id) => this.running.get(id) ?? []));
    if (!signal) {
      await pending;
    } else if (!signal.aborted) {
      let onAbort = (): void => undefined;
      const aborted = new Promise<void>((resolve) => {
        onAbort = resolve;
        signal.addEventListener('abort', onAbort, { once: true });
      });
      try {
        await Promise.race([pending, aborted]);
      } finally {
        signal.removeEventListener('abort', onAbort);
      }
    }
    return (await this.repo.find(ids)).map(toTask);
  }

  private async start(mode: ReissueMode, input: ReissueInput, actor: Actor | null): Promise<ReissueTask[]> {
    const wanted = [...new Set(input.deviceIds)];
    const devices = await this.repo.devices(wanted);
    if (devices.length !== wanted.length) throw new DomainError('notFound');
    const gateway = this.gateway();
    const ids: number[] = [];
    for (const device of devices) {
      const expected = periodStarts(input.cn, device, input.beginTime, input.endTime);
      const stored = await this.repo.storedTimes(device.id, KIND_OF[input.cn], input.beginTime, input.endTime);
      const stretches = missingStretches(expected, stored);
      const requests =
        mode === 'repair'
          ? repairRequests(stretches, REISSUE_LIMITS.maxRepairRanges)
          : [{ from: input.beginTime, to: input.endTime }];
      const blocked: ReissueReason | null = !gateway
        ? 'gatewayNotRunning'
        : (await gateway.isConnected(device.deviceCode))
          ? null
          : 'notConnected';
      const status: ReissueStatus = requests.length === 0 ? 'complete' : blocked ? 'failed' : 'running';
      const now = this.clock.now();
      const id = await this.repo.insert({
        deviceId: device.id,
        mode,
        cn: input.cn,
        beginTime: input.beginTime,
        endTime: input.endTime,
        status,
        reason: status === 'failed' ? blocked : null,
        missing: mode === 'repair' ? expected.filter((t) => !stored.has(t)).length : null,
        requests: status === 'running' ? requests.length : 0,
        stored: status === 'running' ? null : stored.size,
        expected: expected.length,
        createdBy: actor?.userName ?? null,
        createTime: now,
        finishTime: status === 'running' ? null : now,
      });
      ids.push(id);
      if (status === 'running' && gateway) this.track(id, this.run(id, gateway, device, input.cn, requests, input));
    }
    return (await this.repo.find(ids)).map(toTask);
  }

  private track(id: number, task: Promise<void>): void {
    this.running.set(
      id,
      task.finally(() => this.running.delete(id)),
    );
  }

  /**
   * Sends the requests one after another; the first that fails ends the task. A station with nothing for a
   * stretch (ExeRtn 100) has done what it could: the task goes on, and ends done with that noted.
   */
  private async run(
    id: number,
    gateway: StationCommands,
    device: ReissueDevice,
    cn: ReissueKind,
    requests: readonly Stretch[],
    range: Pick<ReissueInput, 'beginTime' | 'endTime'>,
  ): Promise<void> {
    let failure: ReissueReason | null = null;
    let noData = false;
    try {
      for (const { from, to } of requests) {
        const cp = {
          BeginTime: formatHj212Time(from, device.utcOffsetMinutes),
          EndTime: formatHj212Time(to, device.utcOffsetMinutes),
        };
        const outcome = await this.send(gateway, device.deviceCode, { cn, cp });
        if (outcome.ok) continue;
        if (outcome.reason === 'failed' && outcome.exeRtn === NO_DATA) {
          noData = true;
          continue;
        }
        failure = commandFailure(outcome);
        break;
      }
      const stored = await this.repo.storedTimes(device.id, KIND_OF[cn], range.beginTime, range.endTime);
      await this.repo.finish(id, {
        status: failure ? 'failed' : 'done',
        reason: failure ?? (noData ? 'noData' : null),
        stored: stored.size,
        finishTime: this.clock.now(),
      });
    } catch (err) {
      this.log.warn({ err, taskId: id, mn: device.deviceCode }, 'reissue: the task could not be recorded');
    }
  }

  /** A gateway that holds the station but does not answer (a cluster) ends the task as a timeout would. */
  private async send(gateway: StationCommands, deviceCode: string, request: CommandRequest): Promise<CommandOutcome> {
    try {
      return await gateway.sendCommand(deviceCode, request, this.commandOptions);
    } catch (err) {
      if (!(err instanceof DomainError && err.reason === 'gatewayNoAnswer')) throw err;
      this.log.warn({ err, mn: deviceCode }, 'reissue: the gateway holding the station did not answer');
      return { ok: false, qn: null, reason: 'timeout', qnRtn: null, exeRtn: null, attempts: 0 };
    }
  }
}
