import type { CommandListQuery, CommandReason, CommandState } from '@envmon/shared';
import type { Kysely, Selectable } from 'kysely';
import type { Database, DevicesTable, StationCommandsTable } from '../../db/schema.js';
import { type DeviceScope, devicesInScope } from '../../db/queries/device-scope.js';
import { selectPage } from '../../db/sql.js';
import type { ExchangedPacket } from '../../gateway/command-channel.js';

export type CommandDevice = Pick<
  Selectable<DevicesTable>,
  'id' | 'deviceName' | 'deviceCode' | 'deviceType' | 'utcOffsetMinutes'
>;

export type CommandRow = Omit<Selectable<StationCommandsTable>, 'packets'> & {
  deviceName: string | null;
  deviceCode: string | null;
};

export type NewCommand = Pick<
  CommandRow,
  'deviceId' | 'cn' | 'cp' | 'createdBy' | 'createTime' | 'notBefore' | 'expireTime' | 'resentFrom'
>;

/** A queued command as the queue sends it: with its device's identity and clock. */
export type DueCommand = Pick<CommandRow, 'id' | 'deviceId' | 'cn' | 'cp' | 'expireTime'> &
  Pick<CommandDevice, 'deviceCode' | 'utcOffsetMinutes'>;

export interface CommandEnd {
  state: CommandState;
  reason: CommandReason | null;
  qn: string | null;
  qnRtn: number | null;
  exeRtn: number | null;
  attempts: number;
  finishTime: number;
  packets: readonly ExchangedPacket[];
  droppedPackets: number;
}

const COMMAND_COLUMNS = [
  'stationCommands.id',
  'stationCommands.deviceId',
  'stationCommands.cn',
  'stationCommands.cp',
  'stationCommands.state',
  'stationCommands.reason',
  'stationCommands.qn',
  'stationCommands.qnRtn',
  'stationCommands.exeRtn',
  'stationCommands.attempts',
  'stationCommands.createdBy',
  'stationCommands.createTime',
  'stationCommands.notBefore',
  'stationCommands.expireTime',
  'stationCommands.sendTime',
  'stationCommands.finishTime',
  'stationCommands.droppedPackets',
  'stationCommands.resentFrom',
  'stationCommands.nodeId',
] as const;

/** Most stations one pass of the queue looks at (those whose next command is oldest first). */
const DUE_BATCH = 500;

/**
 * The station_commands table. A command moves queued → sent → a final state; each move is conditional on the
 * state it leaves, so a withdrawal and a send cannot both win. Sent commands name the node whose queue sends
 * them: that node's successor marks the ones it left interrupted.
 */
export class CommandRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly nodeId: string,
  ) {}

  device(id: number): Promise<CommandDevice | undefined> {
    return this.db
      .selectFrom('devices')
      .select(['id', 'deviceName', 'deviceCode', 'deviceType', 'utcOffsetMinutes'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async insert(command: NewCommand): Promise<number> {
    const { id } = await this.db
      .insertInto('stationCommands')
      .values({ ...command, state: 'queued' })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  async queuedCount(deviceId: number): Promise<number> {
    const { n } = await this.db
      .selectFrom('stationCommands')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('deviceId', '=', deviceId)
      .where('state', '=', 'queued')
      .executeTakeFirstOrThrow();
    return Number(n);
  }

  find(id: number): Promise<CommandRow | undefined> {
    return this.base().where('stationCommands.id', '=', id).executeTakeFirst();
  }

  async list(query: CommandListQuery, scope: DeviceScope): Promise<{ rows: CommandRow[]; total: number }> {
    let filtered = this.db
      .selectFrom('stationCommands')
      .innerJoin('devices', 'devices.id', 'stationCommands.deviceId')
      .where((eb) => devicesInScope(eb, scope));
    if (query.deviceId !== undefined) filtered = filtered.where('stationCommands.deviceId', '=', query.deviceId);
    if (query.cn !== undefined) filtered = filtered.where('stationCommands.cn', '=', query.cn);
    if (query.state !== undefined) filtered = filtered.where('stationCommands.state', '=', query.state);
    if (query.beginTime !== undefined) filtered = filtered.where('stationCommands.createTime', '>=', query.beginTime);
    if (query.endTime !== undefined) filtered = filtered.where('stationCommands.createTime', '<=', query.endTime);
    const { rows: ids, total } = await selectPage(filtered, query, (q) =>
      q.select('stationCommands.id').orderBy('stationCommands.id', 'desc'),
    );
    if (ids.length === 0) return { rows: [], total: Number(total) };
    const rows = await this.base()
      .where(
        'stationCommands.id',
        'in',
        ids.map((r) => r.id),
      )
      .orderBy('stationCommands.id', 'desc')
      .execute();
    return { rows, total: Number(total) };
  }

  async packets(id: number): Promise<ExchangedPacket[]> {
    const row = await this.db.selectFrom('stationCommands').select('packets').where('id', '=', id).executeTakeFirst();
    return row ? (JSON.parse(row.packets) as ExchangedPacket[]) : [];
  }

  /**
   * Each station's next command: its oldest queued one whose time has come, stations in the order of those
   * commands. One a station, so that stations with many commands waiting cannot hide the others'.
   */
  due(now: number): Promise<DueCommand[]> {
    return this.db
      .selectFrom('stationCommands')
      .innerJoin('devices', 'devices.id', 'stationCommands.deviceId')
      .select([
        'stationCommands.id',
        'stationCommands.deviceId',
        'stationCommands.cn',
        'stationCommands.cp',
        'stationCommands.expireTime',
        'devices.deviceCode',
        'devices.utcOffsetMinutes',
      ])
      .where('stationCommands.id', 'in', (eb) =>
        eb
          .selectFrom('stationCommands')
          .select((inner) => inner.fn.min('id').as('id'))
          .where('state', '=', 'queued')
          .where('notBefore', '<=', now)
          .groupBy('deviceId'),
      )
      .orderBy('stationCommands.id')
      .limit(DUE_BATCH)
      .execute();
  }

  /** queued → sent; false when the command was withdrawn meanwhile. */
  async markSent(id: number, sendTime: number): Promise<boolean> {
    const result = await this.db
      .updateTable('stationCommands')
      .set({ state: 'sent', sendTime, nodeId: this.nodeId })
      .where('id', '=', id)
      .where('state', '=', 'queued')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** sent → accepted (QnRtn 1): the station works on it. Not once it ended (the result may come first). */
  async markAccepted(id: number, qn: string): Promise<void> {
    await this.db
      .updateTable('stationCommands')
      .set({ state: 'accepted', qn, qnRtn: 1 })
      .where('id', '=', id)
      .where('state', '=', 'sent')
      .execute();
  }

  async finish(id: number, end: CommandEnd): Promise<void> {
    const { packets, ...rest } = end;
    await this.db
      .updateTable('stationCommands')
      .set({ ...rest, packets: JSON.stringify(packets) })
      .where('id', '=', id)
      .execute();
  }

  /** A queued command ends without being sent (withdrawn, expired); false when it was no longer queued. */
  async endQueued(id: number, state: CommandState, reason: CommandReason | null, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('stationCommands')
      .set({ state, reason, finishTime: now })
      .where('id', '=', id)
      .where('state', '=', 'queued')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** This node's commands (or those of no node) still out: the station's answer will not be heard. */
  async interruptSent(now: number): Promise<void> {
    await this.db
      .updateTable('stationCommands')
      .set({ state: 'interrupted', finishTime: now })
      .where('state', 'in', ['sent', 'accepted'])
      .where((eb) => eb.or([eb('nodeId', '=', this.nodeId), eb('nodeId', 'is', null)]))
      .execute();
  }

  private base() {
    return this.db
      .selectFrom('stationCommands')
      .innerJoin('devices', 'devices.id', 'stationCommands.deviceId')
      .select([...COMMAND_COLUMNS, 'devices.deviceName', 'devices.deviceCode']);
  }
}
