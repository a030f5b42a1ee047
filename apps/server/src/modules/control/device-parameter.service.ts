import {
  commandParameterProblem,
  commandSpec,
  type DeviceParameter,
  type DeviceParameterInput,
  type DeviceParametersRead,
  type DeviceParameterUpdate,
  deviceParameterSchema,
  READ_ALL_COMMANDS,
  SECOND_MS,
  settingCommand,
  type StationCommand,
} from '@envmon/shared';
import type { CommandOptions } from '../../gateway/command-channel.js';
import type { Clock } from '../../lib/clock.js';
import { DomainError } from '../../lib/errors.js';
import { type DeviceScopeReader, type ScopeReader, scopeOf } from '../device/device-scope.js';
import { commandUploads } from './command-packets.js';
import type { CommandEnd, DueCommand } from './command.repository.js';
import type { CommandCaller, CommandService } from './command.service.js';
import type { DeviceParameterRepository, DeviceParameterRow, ParameterKey } from './device-parameter.repository.js';

/** HJ 212 Table 1: a station's time-out and resends until it is told otherwise (CN 1000). */
const DEFAULT_OVER_TIME = '10';
const DEFAULT_RE_COUNT = '3';

/** Upload fields that are not parameters: the time of the data, a retained sample, logs (i11xxx, i21xxx), answers. */
const NOT_PARAMETERS = /^(DataTime|VaseNo|QnRtn|ExeRtn|i[12]1\d{3})$/;

const toParameter = (row: DeviceParameterRow): DeviceParameter =>
  deviceParameterSchema.parse({ ...row, settable: settingCommand(row.name) !== undefined });

/**
 * Settings › device parameters: what each station last reported — read from the uploads of the commands it
 * answered, or confirmed by a set command it executed — beside what the platform wants; a wanted value is set
 * on the station by the counter-control command of its parameter (settingCommand).
 */
export class DeviceParameterService {
  constructor(
    private readonly repo: DeviceParameterRepository,
    private readonly commands: CommandService,
    private readonly scopes: DeviceScopeReader,
    private readonly clock: Clock,
  ) {}

  async list(deviceId: number, caller: ScopeReader): Promise<DeviceParameter[]> {
    await this.visible(deviceId, caller);
    return (await this.repo.list(deviceId)).map(toParameter);
  }

  async update(input: DeviceParameterInput, caller: CommandCaller): Promise<DeviceParameterUpdate> {
    await this.visible(input.deviceId, caller);
    const key: ParameterKey = { deviceId: input.deviceId, name: input.name, polId: input.polId };
    const cn = settingCommand(input.name);
    const command = cn === undefined ? undefined : commandSpec(cn);
    if (!cn || !command) throw new DomainError('commandNotSupported');
    const parameters = await this.commandParameters(cn, key, input.value);
    if (commandParameterProblem(command, parameters)) throw new DomainError('invalidInput');
    const queued = await this.commands.update(
      { deviceId: input.deviceId, cn, parameters, waitMinutes: input.waitMinutes, code: input.code },
      caller,
    );
    await this.repo.wanted(key, input.value, this.clock.now(), queued.id);
    const parameter = await this.repo.findByKey(key);
    if (!parameter) throw new DomainError('notFound');
    return { parameter: toParameter(parameter), command: queued };
  }

  async remove(id: number, caller: ScopeReader): Promise<void> {
    const row = await this.repo.find(id);
    if (!row) throw new DomainError('notFound');
    await this.visible(row.deviceId, caller);
    await this.repo.remove(id);
  }

  /** Queues every read the station answers with its parameters. */
  async readAll(input: DeviceParametersRead, caller: CommandCaller): Promise<StationCommand[]> {
    await this.visible(input.deviceId, caller);
    const queued: StationCommand[] = [];
    for (const cn of READ_ALL_COMMANDS) {
      queued.push(
        await this.commands.update(
          { deviceId: input.deviceId, cn, parameters: {}, waitMinutes: input.waitMinutes },
          caller,
        ),
      );
    }
    return queued;
  }

  /**
   * Records what an ended command tells of the station's parameters: the values a set command carried once the
   * station executed it, and the fields of its uploads (a read's answer).
   */
  async record(command: DueCommand, end: CommandEnd): Promise<void> {
    if (end.state !== 'executed') return;
    const parameters = JSON.parse(command.cp) as Record<string, string>;
    const polId = parameters.PolId ?? '';
    const values: { name: string; polId: string; value: string }[] = [];
    const station = (name: string) => {
      const value = parameters[name];
      if (value !== undefined) values.push({ name, polId: command.cn === '3016' ? polId : '', value });
    };
    switch (command.cn) {
      case '1000':
        station('OverTime');
        station('ReCount');
        break;
      case '1062':
        station('RtdInterval');
        break;
      case '1064':
        station('MinInterval');
        break;
      case '3016':
        station('CstartTime');
        station('Ctime');
        break;
      case '3021':
        if (parameters.InfoId && parameters.Info !== undefined) {
          values.push({ name: parameters.InfoId, polId, value: parameters.Info });
        }
        break;
    }
    for (const upload of commandUploads(end.packets, command.utcOffsetMinutes)) {
      for (const field of upload.fields) {
        if (!NOT_PARAMETERS.test(field.key))
          values.push({ name: field.key, polId: field.item ?? '', value: field.value });
      }
    }
    for (const { name, polId: item, value } of values) {
      await this.repo.reported({ deviceId: command.deviceId, name, polId: item }, value, end.finishTime, command.id);
    }
  }

  /** The station's own time-out and resends, once a 1000 it executed set them. */
  async stationOptions(deviceId: number): Promise<CommandOptions | null> {
    const [overTime, reCount] = await Promise.all([
      this.repo.findByKey({ deviceId, name: 'OverTime', polId: '' }),
      this.repo.findByKey({ deviceId, name: 'ReCount', polId: '' }),
    ]);
    if (!overTime?.reportedValue || !reCount?.reportedValue) return null;
    return { timeoutMs: Number(overTime.reportedValue) * SECOND_MS, retries: Number(reCount.reportedValue) };
  }

  /** The set command's parameters: the value, and what goes with it (the other half of 1000 and 3016, the factor). */
  private async commandParameters(cn: string, key: ParameterKey, value: string): Promise<Record<string, string>> {
    const current = async (name: string, fallback: string) => {
      const row = await this.repo.findByKey({ ...key, name });
      return row?.wantedValue ?? row?.reportedValue ?? fallback;
    };
    const withPolId: Record<string, string> = key.polId ? { PolId: key.polId } : {};
    switch (cn) {
      case '1000':
        return key.name === 'OverTime'
          ? { OverTime: value, ReCount: await current('ReCount', DEFAULT_RE_COUNT) }
          : { OverTime: await current('OverTime', DEFAULT_OVER_TIME), ReCount: value };
      case '3016':
        return key.name === 'CstartTime'
          ? { ...withPolId, CstartTime: value, Ctime: await current('Ctime', '') }
          : { ...withPolId, CstartTime: await current('CstartTime', ''), Ctime: value };
      case '3021':
        return { ...withPolId, InfoId: key.name, Info: value };
      case '1012':
        return value ? { SystemTime: value } : {};
      default:
        return { [key.name]: value };
    }
  }

  private async visible(deviceId: number, caller: ScopeReader): Promise<void> {
    if (!(await this.scopes.visible(deviceId, scopeOf({}, caller)))) throw new DomainError('notFound');
  }
}
