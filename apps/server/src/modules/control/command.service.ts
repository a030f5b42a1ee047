import {
  COMMAND_LIMITS,
  type CommandExchange,
  type CommandInput,
  type CommandListQuery,
  commandOffered,
  commandSpec,
  DAY_MS,
  MINUTE_MS,
  type Page,
  type StationCommand,
  stationCommandSchema,
} from '@envmon/shared';
import type { Clock } from '../../lib/clock.js';
import { DomainError } from '../../lib/errors.js';
import { MASK, maskStationPasswords } from '../../lib/mask.js';
import { type DeviceScopeReader, type ScopeReader, scopeOf } from '../device/device-scope.js';
import type { DynamicCodeService } from '../dynamic-code/dynamic-code.service.js';
import type { Actor } from '../session/permission.js';
import { commandUploads } from './command-packets.js';
import type { CommandQueue } from './command-queue.js';
import type { CommandRepository, CommandRow } from './command.repository.js';

/**
 * A caller of the counter-control calls: who (and from where, for the operation log), the devices they reach, and
 * whether they may see station passwords.
 */
export type CommandCaller = Actor & ScopeReader & { seesStationPasswords: boolean; ip?: string };

/** The parameters as shown: a new station password never (it is the device's, edited on the device form). */
function shownParameters(cp: string): Record<string, string> {
  const parameters = JSON.parse(cp) as Record<string, string>;
  return 'NewPW' in parameters ? { ...parameters, NewPW: MASK } : parameters;
}

const toCommand = (row: CommandRow): StationCommand =>
  stationCommandSchema.parse({ ...row, parameters: shownParameters(row.cp) });

/**
 * Settings › counter control (反控): commands to stations are recorded and queued here, and sent by the queue.
 * Every call reaches only the devices in the caller's scope; a guarded command needs the caller's dynamic code.
 */
export class CommandService {
  constructor(
    private readonly repo: CommandRepository,
    private readonly queue: CommandQueue,
    private readonly scopes: DeviceScopeReader,
    private readonly dynamicCodes: DynamicCodeService,
    private readonly clock: Clock,
  ) {}

  async list(query: CommandListQuery, caller: ScopeReader): Promise<Page<StationCommand>> {
    const { rows, total } = await this.repo.list(query, scopeOf(query, caller));
    return { list: rows.map(toCommand), total, pageNum: query.pageNum, pageSize: query.pageSize };
  }

  /** Queues a new command, or again one already recorded (a new record that names the first). */
  async update(input: CommandInput, caller: CommandCaller): Promise<StationCommand> {
    const earlier = input.id === undefined ? undefined : await this.visibleCommand(input.id, caller);
    const deviceId = earlier?.deviceId ?? input.deviceId;
    const cn = earlier?.cn ?? input.cn;
    if (deviceId === undefined || cn === undefined) throw new DomainError('invalidInput');
    const device = await this.repo.device(deviceId);
    if (!device || !(await this.scopes.visible(deviceId, scopeOf({}, caller)))) throw new DomainError('notFound');
    const command = commandSpec(cn);
    if (!command || !commandOffered(command, device.deviceType)) throw new DomainError('commandNotSupported');
    const now = this.clock.now();
    const notBefore = Math.max(now, input.notBefore ?? now);
    if (notBefore > now + COMMAND_LIMITS.maxScheduleDays * DAY_MS) throw new DomainError('invalidInput');
    await this.dynamicCodes.guard(caller, cn, input.code);
    if ((await this.repo.queuedCount(deviceId)) >= COMMAND_LIMITS.maxQueuedPerDevice) {
      throw new DomainError('commandQueueFull');
    }
    const id = await this.repo.insert({
      deviceId,
      cn,
      cp: earlier?.cp ?? JSON.stringify(input.parameters),
      createdBy: caller.userName,
      createTime: now,
      notBefore,
      expireTime: notBefore + input.waitMinutes * MINUTE_MS,
      resentFrom: earlier?.id ?? null,
    });
    this.queue.kick();
    return toCommand(await this.found(id));
  }

  /** Withdraws a command not yet sent. */
  async withdraw(id: number, caller: ScopeReader): Promise<StationCommand> {
    await this.visibleCommand(id, caller);
    if (!(await this.repo.endQueued(id, 'withdrawn', null, this.clock.now()))) {
      throw new DomainError('commandNotWithdrawable');
    }
    return toCommand(await this.found(id));
  }

  /** A command's packets (station passwords masked unless the caller may edit devices) and its uploads, parsed. */
  async exchange(id: number, caller: CommandCaller): Promise<CommandExchange> {
    const row = await this.visibleCommand(id, caller);
    const packets = await this.repo.packets(id);
    const device = await this.repo.device(row.deviceId);
    const uploads = commandUploads(packets, device?.utcOffsetMinutes ?? 0);
    return {
      command: toCommand(row),
      packets: caller.seesStationPasswords
        ? packets
        : packets.map((packet) => ({ ...packet, raw: maskStationPasswords(packet.raw) })),
      droppedPackets: row.droppedPackets,
      uploads,
    };
  }

  private async visibleCommand(id: number, caller: ScopeReader): Promise<CommandRow> {
    const row = await this.repo.find(id);
    if (!row || !(await this.scopes.visible(row.deviceId, scopeOf({}, caller)))) throw new DomainError('notFound');
    return row;
  }

  private async found(id: number): Promise<CommandRow> {
    const row = await this.repo.find(id);
    if (!row) throw new DomainError('notFound');
    return row;
  }
}
