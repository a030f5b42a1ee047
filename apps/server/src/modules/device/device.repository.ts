import { DEPLOY_TYPE, type PageQuery } from '@envmon/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { deployGroupType } from '../../db/queries/devices.js';
import { containsText, selectPage } from '../../db/sql.js';
import { placeInGroup } from '../deploy/deploy.repository.js';
import { type DeviceScope, devicesInScope } from '../../db/queries/device-scope.js';
import type { DeviceFields, DeviceRow, DeviceStatusRow, DeviceUserRow } from './device.mapper.js';

/** What the gateway needs to know of a station. */
export interface StationIdentity {
  id: number;
  deviceCode: string;
  deviceName: string;
  password: string | null;
  intervalTime: number;
  utcOffsetMinutes: number;
  ifValid: number;
  /** Accept the byte-swapped Modbus CRC some loggers send (HJ212.md §3). */
  acceptModbusCrc: number;
}

/** getAll's filters; `boundTo` keeps only the devices whose codes that user is bound to (ifFilter). */
export interface DeviceFilter {
  deviceName?: string;
  deviceCode?: string;
  deviceType?: string;
  ifValid?: number;
  projectId?: number;
  boundTo?: number;
}

/**
 * Where the device form puts a device in the tree: its project (deploy group of type 1) and address
 * group (type 2), null for none; a group left out stays as it is.
 */
export interface DevicePlacement {
  projectId?: number | null;
  addressId?: number | null;
}

/** A unique-constraint violation, on either database (a concurrent add of the same code). */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

export class DeviceRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async findStation(deviceCode: string): Promise<StationIdentity | undefined> {
    return this.db
      .selectFrom('devices')
      .select([
        'id',
        'deviceCode',
        'deviceName',
        'password',
        'intervalTime',
        'utcOffsetMinutes',
        'ifValid',
        'acceptModbusCrc',
      ])
      .where('deviceCode', '=', deviceCode)
      .executeTakeFirst();
  }

  async list(filter: DeviceFilter, page: PageQuery): Promise<{ rows: DeviceRow[]; total: number }> {
    return selectPage(this.filtered(filter), page, (query) => query.selectAll('devices').orderBy('devices.id'));
  }

  async find(id: number): Promise<DeviceRow | null> {
    return (await this.db.selectFrom('devices').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
  }

  async codeTaken(deviceCode: string, exceptId: number | null): Promise<boolean> {
    let query = this.db.selectFrom('devices').select('id').where('deviceCode', '=', deviceCode);
    if (exceptId !== null) query = query.where('id', '<>', exceptId);
    return (await query.executeTakeFirst()) !== undefined;
  }

  /** The device and its groups in one transaction: a device is never stored half placed. */
  async insert(fields: DeviceFields, placement: DevicePlacement, now: number): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('devices')
        .values({ ...fields, createTime: now, updateTime: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await place(trx, id, placement);
      return id;
    });
  }

  async update(id: number, fields: DeviceFields, placement: DevicePlacement, now: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('devices')
        .set({ ...fields, updateTime: now })
        .where('id', '=', id)
        .execute();
      await place(trx, id, placement);
    });
  }

  /** The type of a deploy group (1 project, 2 address), or null when no group has the id. */
  groupType(deployId: number): Promise<number | null> {
    return deployGroupType(this.db, deployId);
  }

  /**
   * Removes the device with its live state (online status, latest values) and its hourly tiles. Stored measurements and
   * original packets stay: they are the environmental record of what the station reported, deleting
   * years of rows would hold a write transaction for long, and ids are never reused, so nothing
   * else can pick them up.
   */
  async delete(id: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('deviceStatus').where('deviceId', '=', id).execute();
      await trx.deleteFrom('latestValues').where('deviceId', '=', id).execute();
      // The hourly tiles are derived for its charts, which go with it.
      await trx.deleteFrom('measurementTiles').where('deviceId', '=', id).execute();
      await trx.deleteFrom('measurementTilesDirty').where('deviceId', '=', id).execute();
      await trx.deleteFrom('devices').where('id', '=', id).execute();
    });
  }

  /** True when a user who is not built in has the code among its device codes. */
  async boundToCustomUser(deviceCode: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('userDevices')
      .innerJoin('users', 'users.id', 'userDevices.userId')
      .select('users.id')
      .where('userDevices.deviceCode', '=', deviceCode)
      .where('users.builtIn', '=', 0)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** True when monitor factors of its own (not of the built-in catalogue) are configured for the device. */
  async boundToFactors(deviceId: number): Promise<boolean> {
    // Built-in factors (the HJ 212 catalogue) bind nothing, as built-in users do not.
    const row = await this.db
      .selectFrom('deviceFactors')
      .innerJoin('factors', 'factors.factorCode', 'deviceFactors.factorCode')
      .select('deviceFactors.id')
      .where('deviceFactors.deviceId', '=', deviceId)
      .where('factors.builtIn', '=', 0)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The users whose device codes hold the code, by user name. */
  async usersOf(deviceCode: string): Promise<DeviceUserRow[]> {
    return this.db
      .selectFrom('userDevices')
      .innerJoin('users', 'users.id', 'userDevices.userId')
      .select(['users.id', 'users.userName', 'users.name', 'users.builtIn'])
      .where('userDevices.deviceCode', '=', deviceCode)
      .orderBy('users.userName')
      .execute();
  }

  /** Whether the device (by id or code) exists within the scope. */
  async inScope(device: { id: number } | { deviceCode: string }, scope: DeviceScope): Promise<boolean> {
    let query = this.db
      .selectFrom('devices')
      .select('devices.id')
      .where((eb) => devicesInScope(eb, scope));
    query =
      'id' in device
        ? query.where('devices.id', '=', device.id)
        : query.where('devices.deviceCode', '=', device.deviceCode);
    return (await query.executeTakeFirst()) !== undefined;
  }

  /** The devices whose codes the user is bound to, by id. */
  async boundTo(userId: number): Promise<DeviceRow[]> {
    return this.filtered({ boundTo: userId }).selectAll('devices').orderBy('devices.id').execute();
  }

  /** Every matching device with its recorded connection state (none for a device never heard from). */
  async statuses(filter: Pick<DeviceFilter, 'projectId' | 'boundTo'>): Promise<DeviceStatusRow[]> {
    return this.filtered(filter)
      .leftJoin('deviceStatus', 'deviceStatus.deviceId', 'devices.id')
      .select(['devices.id as deviceId', 'deviceStatus.online', 'deviceStatus.changedAt', 'deviceStatus.lastPacketAt'])
      .orderBy('devices.id')
      .execute();
  }

  private filtered(filter: DeviceFilter) {
    return matchingDevices(this.db, filter);
  }
}

async function place(trx: Kysely<Database>, deviceId: number, placement: DevicePlacement): Promise<void> {
  if (placement.projectId !== undefined) await placeInGroup(trx, deviceId, DEPLOY_TYPE.project, placement.projectId);
  if (placement.addressId !== undefined) await placeInGroup(trx, deviceId, DEPLOY_TYPE.address, placement.addressId);
}

/** The devices matching the list's filters: the device list, its status and its export use it. */
export function matchingDevices(db: Kysely<Database>, filter: DeviceFilter) {
  let query = db.selectFrom('devices');
  const { deviceName, deviceCode, deviceType, ifValid, projectId, boundTo } = filter;
  if (deviceName) query = query.where((eb) => containsText(eb.ref('devices.deviceName'), deviceName));
  if (deviceCode) query = query.where((eb) => containsText(eb.ref('devices.deviceCode'), deviceCode));
  if (deviceType) query = query.where('devices.deviceType', '=', deviceType);
  if (ifValid !== undefined) query = query.where('devices.ifValid', '=', ifValid);
  if (projectId !== undefined || boundTo !== undefined) {
    query = query.where((eb) => devicesInScope(eb, { projectId, boundTo }));
  }
  return query;
}
