import type { PageQuery } from '@envmon/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { containsText, selectPage } from '../../db/sql.js';
import { type DeviceScope, devicesInScope } from '../../db/queries/device-scope.js';
import type { DeviceSummaryRow, VirtualDeviceRow } from './virtual-device.mapper.js';

export interface VirtualDeviceFilter {
  deviceId?: number;
  virtualName?: string;
  /** Only the virtual devices of devices in this scope. */
  scope?: DeviceScope;
}

export interface VirtualDeviceValues {
  deviceId: number;
  virtualName: string;
  virtualCode: string;
  factorCodes: string;
  remark: string | null;
}

export class VirtualDeviceRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private filtered(filter: VirtualDeviceFilter) {
    let query = this.db.selectFrom('virtualDevices').innerJoin('devices', 'devices.id', 'virtualDevices.deviceId');
    if (filter.deviceId !== undefined) query = query.where('virtualDevices.deviceId', '=', filter.deviceId);
    const scope = filter.scope;
    if (scope) query = query.where((eb) => devicesInScope(eb, scope));
    const needle = filter.virtualName;
    if (needle) {
      query = query.where((eb) =>
        eb.or([
          containsText(eb.ref('virtualDevices.virtualName'), needle),
          containsText(eb.ref('virtualDevices.virtualCode'), needle),
        ]),
      );
    }
    return query;
  }

  private selectRows(query: ReturnType<VirtualDeviceRepository['filtered']>) {
    return query
      .selectAll('virtualDevices')
      .select(['devices.deviceCode', 'devices.deviceName'])
      .orderBy('virtualDevices.deviceId')
      .orderBy('virtualDevices.id');
  }

  list(filter: VirtualDeviceFilter, page: PageQuery): Promise<{ rows: VirtualDeviceRow[]; total: number }> {
    return selectPage(this.filtered(filter), page, (q) => this.selectRows(q));
  }

  all(scope: DeviceScope): Promise<VirtualDeviceRow[]> {
    return this.selectRows(this.filtered({ scope })).execute();
  }

  async find(id: number): Promise<VirtualDeviceRow | null> {
    return (await this.selectRows(this.filtered({})).where('virtualDevices.id', '=', id).executeTakeFirst()) ?? null;
  }

  /** Of the codes, those a virtual device already has (other than `exceptId`). */
  async takenCodes(codes: readonly string[], exceptId: number | null): Promise<Set<string>> {
    if (codes.length === 0) return new Set();
    let query = this.db.selectFrom('virtualDevices').select('virtualCode').where('virtualCode', 'in', codes);
    if (exceptId !== null) query = query.where('id', '<>', exceptId);
    return new Set((await query.execute()).map((r) => r.virtualCode));
  }

  /** deviceCode → id for the codes that name a device. */
  async deviceIds(deviceCodes: readonly string[]): Promise<Map<string, number>> {
    if (deviceCodes.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('devices')
      .select(['id', 'deviceCode'])
      .where('deviceCode', 'in', deviceCodes)
      .execute();
    return new Map(rows.map((r) => [r.deviceCode, r.id]));
  }

  async deviceExists(deviceId: number): Promise<boolean> {
    return (
      (await this.db.selectFrom('devices').select('id').where('id', '=', deviceId).executeTakeFirst()) !== undefined
    );
  }

  devices(scope: DeviceScope): Promise<DeviceSummaryRow[]> {
    return this.db
      .selectFrom('devices')
      .select(['id', 'deviceName', 'deviceCode', 'deviceType', 'ifValid'])
      .where((eb) => devicesInScope(eb, scope))
      .orderBy('id')
      .execute();
  }

  async insert(values: VirtualDeviceValues, now: number): Promise<number> {
    const { id } = await this.db
      .insertInto('virtualDevices')
      .values({ ...values, createTime: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  /** All or nothing: an import writes every row or none. */
  async insertMany(rows: readonly VirtualDeviceValues[], now: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      for (let i = 0; i < rows.length; i += 100) {
        await trx
          .insertInto('virtualDevices')
          .values(rows.slice(i, i + 100).map((r) => ({ ...r, createTime: now })))
          .execute();
      }
    });
  }

  async update(id: number, values: VirtualDeviceValues): Promise<void> {
    await this.db.updateTable('virtualDevices').set(values).where('id', '=', id).execute();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('virtualDevices').where('id', '=', id).execute();
  }
}
