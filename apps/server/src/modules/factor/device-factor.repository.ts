import type { DeviceFactorItem, PageQuery } from '@envmon/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { selectPage } from '../../db/sql.js';
import { type DeviceScope, deviceInScope, devicesInScope } from '../../db/queries/device-scope.js';
import type { DeviceFactorRow, FactorRow } from './factor.mapper.js';

export interface DeviceFactorFilter {
  deviceId?: number;
  factorCode?: string;
  deviceCodes?: readonly string[];
  /** Only the factors of devices in this scope. */
  scope?: DeviceScope;
}

export class DeviceFactorRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private filtered(filter: DeviceFactorFilter) {
    let query = this.db
      .selectFrom('deviceFactors')
      .innerJoin('devices', 'devices.id', 'deviceFactors.deviceId')
      .innerJoin('factors', 'factors.factorCode', 'deviceFactors.factorCode');
    if (filter.deviceId !== undefined) query = query.where('deviceFactors.deviceId', '=', filter.deviceId);
    if (filter.factorCode) query = query.where('deviceFactors.factorCode', '=', filter.factorCode);
    if (filter.deviceCodes) query = query.where('devices.deviceCode', 'in', filter.deviceCodes);
    const scope = filter.scope;
    if (scope) query = query.where((eb) => devicesInScope(eb, scope));
    return query;
  }

  private selectRows(query: ReturnType<DeviceFactorRepository['filtered']>) {
    return query
      .selectAll('deviceFactors')
      .select([
        'devices.deviceCode',
        'devices.deviceName',
        'factors.factorName',
        'factors.factorNameEn',
        'factors.unit as factorUnit',
      ])
      .orderBy('deviceFactors.deviceId')
      .orderBy('deviceFactors.displayOrder')
      .orderBy('deviceFactors.factorCode');
  }

  list(filter: DeviceFactorFilter, page: PageQuery): Promise<{ rows: DeviceFactorRow[]; total: number }> {
    return selectPage(this.filtered(filter), page, (q) => this.selectRows(q));
  }

  all(filter: DeviceFactorFilter): Promise<DeviceFactorRow[]> {
    if (filter.deviceCodes?.length === 0) return Promise.resolve([]);
    return this.selectRows(this.filtered(filter)).execute();
  }

  /** The distinct factors of the devices, in the devices' display order. */
  async factorsOfDevices(deviceCodes: readonly string[], scope: DeviceScope): Promise<FactorRow[]> {
    if (deviceCodes.length === 0) return [];
    const codes = await this.filtered({ deviceCodes, scope })
      .select(['deviceFactors.factorCode'])
      .select((eb) => eb.fn.min('deviceFactors.displayOrder').as('firstOrder'))
      .groupBy('deviceFactors.factorCode')
      .orderBy('firstOrder')
      .orderBy('deviceFactors.factorCode')
      .execute();
    if (codes.length === 0) return [];
    const rows = await this.db
      .selectFrom('factors')
      .selectAll()
      .where(
        'factorCode',
        'in',
        codes.map((c) => c.factorCode),
      )
      .execute();
    const byCode = new Map(rows.map((r) => [r.factorCode, r]));
    return codes.flatMap((c) => byCode.get(c.factorCode) ?? []);
  }

  /** Of the device codes, those of devices outside the scope. */
  async codesOutOfScope(deviceCodes: readonly string[], scope: DeviceScope): Promise<Set<string>> {
    if (deviceCodes.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('devices')
      .select('devices.deviceCode')
      .where('devices.deviceCode', 'in', [...deviceCodes])
      .where((eb) => eb.not(devicesInScope(eb, scope)))
      .execute();
    return new Set(rows.map((r) => r.deviceCode));
  }

  deviceExists(deviceId: number, scope: DeviceScope = {}): Promise<boolean> {
    return deviceInScope(this.db, deviceId, scope);
  }

  /** The device's whole list, replaced in one transaction; order defaults to the list's. */
  async replace(deviceId: number, items: readonly DeviceFactorItem[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('deviceFactors').where('deviceId', '=', deviceId).execute();
      if (items.length === 0) return;
      await trx
        .insertInto('deviceFactors')
        .values(
          items.map((item, index) => ({
            deviceId,
            factorCode: item.factorCode,
            unit: item.unit,
            standardLimit: item.standardLimit,
            displayOrder: item.displayOrder ?? index + 1,
            rangeMin: item.rangeMin,
            rangeMax: item.rangeMax,
            zeroIsSuspect: item.zeroIsSuspect === null ? null : item.zeroIsSuspect ? 1 : 0,
            constantCount: item.constantCount,
            riseRatio: item.riseRatio,
            dropRatio: item.dropRatio,
          })),
        )
        .execute();
    });
  }
}
