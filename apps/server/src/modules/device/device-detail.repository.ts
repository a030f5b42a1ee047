import type { PageQuery } from '@envmon/shared';
import { type ExpressionBuilder, type Kysely, sql, type SqlBool, type Expression } from 'kysely';
import type { Database, MeasurementKind } from '../../db/schema.js';
import { effectiveUnit, ownFactorSettings } from '../../db/queries/factors.js';
import { selectPage } from '../../db/sql.js';
import type { OperationLogRow } from '../log/log.mapper.js';
import type { DeviceLatestValueRow } from './device-detail.mapper.js';

/** The kinds stations send; month and year values are the platform's own rollups of day values. */
const STATION_KINDS: readonly MeasurementKind[] = ['rtd', 'min', 'hour', 'day'];

/** URLs whose `id` parameter is a device id. */
const DEVICE_ROUTES = '/manager/system/device/rest/%';

/** Sorts after any display order an operator gives. */
const UNORDERED = 2_147_483_647;

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** `params` (JSON) holds `"key":value` exactly: the value is followed by `,` or `}` so 5 does not match 50. */
function paramIs(column: Expression<string | null>, key: string, value: number | string): Expression<SqlBool> {
  const name = likeEscape(JSON.stringify(key));
  const patterns =
    typeof value === 'number'
      ? [`%${name}:${value},%`, `%${name}:${value}}%`, `%${name}:"${value}"%`]
      : [`%${name}:${likeEscape(JSON.stringify(value))}%`];
  return sql<SqlBool>`(${sql.join(
    patterns.map((p) => sql`${column} like ${p} escape '\\'`),
    sql` or `,
  )})`;
}

export interface PacketCounts {
  total: number;
  rejected: number;
}

/** What the device detail tabs read: stored data, packets, latest values and the operation log. */
export class DeviceDetailRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Station values with a data time in [from, to), counted kind by kind along the primary key. */
  async countMeasurements(deviceId: number, from: number, to: number): Promise<number> {
    let total = 0;
    for (const kind of STATION_KINDS) {
      const { n } = await this.db
        .selectFrom('measurements')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('deviceId', '=', deviceId)
        .where('kind', '=', kind)
        .where('dataTime', '>=', from)
        .where('dataTime', '<', to)
        .executeTakeFirstOrThrow();
      total += Number(n);
    }
    return total;
  }

  /** Earliest and latest data time of the device's station values (min and max per kind use the key). */
  async dataTimeRange(deviceId: number): Promise<{ first: number | null; last: number | null }> {
    let first: number | null = null;
    let last: number | null = null;
    for (const kind of STATION_KINDS) {
      const row = await this.db
        .selectFrom('measurements')
        .select((eb) => [eb.fn.min('dataTime').as('first'), eb.fn.max('dataTime').as('last')])
        .where('deviceId', '=', deviceId)
        .where('kind', '=', kind)
        .executeTakeFirst();
      const lo = row?.first === null || row?.first === undefined ? null : Number(row.first);
      const hi = row?.last === null || row?.last === undefined ? null : Number(row.last);
      if (lo !== null && (first === null || lo < first)) first = lo;
      if (hi !== null && (last === null || hi > last)) last = hi;
    }
    return { first, last };
  }

  /**
   * Packets received since `from` that concern the device: those matched to it, and those refused
   * with its MN (the gateway stores a refused packet — wrong PW, invalid device — without a device id).
   */
  async countPackets(deviceId: number, deviceCode: string, from: number): Promise<PacketCounts> {
    const matched = await this.db
      .selectFrom('originalPackets')
      .select((eb) => [
        eb.fn.countAll<number>().as('total'),
        eb.fn.sum<number | null>(eb.case().when('accepted', '=', 0).then(1).else(0).end()).as('rejected'),
      ])
      .where('deviceId', '=', deviceId)
      .where('receivedAt', '>=', from)
      .executeTakeFirstOrThrow();
    const refused = await this.db
      .selectFrom('originalPackets')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('deviceId', 'is', null)
      .where('mn', '=', deviceCode)
      .where('receivedAt', '>=', from)
      .executeTakeFirstOrThrow();
    return {
      total: Number(matched.total) + Number(refused.n),
      rejected: Number(matched.rejected ?? 0) + Number(refused.n),
    };
  }

  async countLatest(deviceId: number): Promise<number> {
    const { n } = await this.db
      .selectFrom('latestValues')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('deviceId', '=', deviceId)
      .executeTakeFirstOrThrow();
    return Number(n);
  }

  /**
   * The device's latest value per factor with the factor's catalogue entry, the unit the device's
   * factor settings give (else the catalogue's), in the device's display order, unconfigured last.
   */
  async latest(deviceId: number): Promise<DeviceLatestValueRow[]> {
    return this.db
      .selectFrom('latestValues')
      .leftJoin('factors', 'factors.factorCode', 'latestValues.factorCode')
      .leftJoin('deviceFactors', ownFactorSettings('latestValues'))
      .select((eb) => [
        'latestValues.factorCode',
        'factors.factorName',
        'factors.factorNameEn',
        effectiveUnit(eb).as('unit'),
        'factors.decimals',
        'latestValues.kind',
        'latestValues.dataTime',
        'latestValues.value',
        'latestValues.flag',
        'latestValues.quality',
        'latestValues.receivedAt',
      ])
      .where('latestValues.deviceId', '=', deviceId)
      .orderBy((eb) => eb.fn.coalesce('deviceFactors.displayOrder', eb.lit(UNORDERED)))
      .orderBy('latestValues.factorCode')
      .execute();
  }

  /**
   * Operation log entries about the device, newest first: device calls naming its id, any call
   * naming it as `deviceId`, and any call naming its code as `deviceCode` (an add, before the
   * device had an id). Matching is on the logged JSON; on SQLite `like` ignores ASCII case.
   */
  async operationLogs(
    deviceId: number,
    deviceCode: string,
    page: PageQuery,
  ): Promise<{ rows: OperationLogRow[]; total: number }> {
    const base = this.db
      .selectFrom('operationLogs')
      .where((eb: ExpressionBuilder<Database, 'operationLogs'>) =>
        eb.or([
          eb.and([eb('url', 'like', DEVICE_ROUTES), paramIs(eb.ref('params'), 'id', deviceId)]),
          paramIs(eb.ref('params'), 'deviceId', deviceId),
          paramIs(eb.ref('params'), 'deviceCode', deviceCode),
        ]),
      );
    return selectPage(base, page, (query) => query.selectAll().orderBy('createTime', 'desc').orderBy('id', 'desc'));
  }
}
