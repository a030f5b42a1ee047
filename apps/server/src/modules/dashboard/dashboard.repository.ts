import {
  AQI_FACTORS,
  THRESHOLD_OPERATOR,
  WORK_ORDER_STATUS,
  type DashboardInput,
  type DashboardListQuery,
} from '@envmon/shared';
import { type ExpressionBuilder, type Kysely, type Selectable, sql } from 'kysely';
import type { DashboardsTable, Database } from '../../db/schema.js';
import { containsText, selectPage } from '../../db/sql.js';
import { type DeviceScope, devicesInScope } from '../../db/queries/device-scope.js';

export type DashboardRow = Selectable<DashboardsTable> & { userName: string };

/** The stations one dashboard covers: the user's scope, narrowed to the configuration's stations when it names some. */
export interface StationSet {
  scope: DeviceScope;
  /** Empty: every valid station in scope. */
  deviceIds: readonly number[];
}

const OPEN_ORDERS = [WORK_ORDER_STATUS.pending, WORK_ORDER_STATUS.inProgress];
const PARTICULATES = [AQI_FACTORS.pm10.code, AQI_FACTORS.pm25.code];
const AQI_CODES = Object.values(AQI_FACTORS).map((factor) => factor.code);

const ALARM_COLUMNS = [
  'alarms.id',
  'alarms.deviceId',
  'devices.deviceName',
  'alarms.factorCode',
  'alarms.alarmType',
  'alarms.alarmLevel',
  'alarms.alarmValue',
  'alarms.standardValue',
  'alarms.beginDate',
  'alarms.active',
  'alarms.orderStatus',
] as const;

/** A value broken against its threshold, in SQL (thresholdBroken of shared/schemas/alarm.ts). */
function brokenSql(eb: ExpressionBuilder<Database, 'measurements' | 'thresholds'>) {
  const v = eb.ref('measurements.value');
  const l1 = eb.ref('thresholds.limit1');
  const l2 = eb.ref('thresholds.limit2');
  const O = THRESHOLD_OPERATOR;
  return sql<number>`case
    when ${l1} is null then 0
    when thresholds.operator = ${O.gt} and ${v} > ${l1} then 1
    when thresholds.operator = ${O.lt} and ${v} < ${l1} then 1
    when thresholds.operator = ${O.gte} and ${v} >= ${l1} then 1
    when thresholds.operator = ${O.lte} and ${v} <= ${l1} then 1
    when thresholds.operator = ${O.notIn} and ${l2} is not null and (${v} <= ${l1} or ${v} >= ${l2}) then 1
    when thresholds.operator = ${O.in} and ${l2} is not null and ${v} >= ${l1} and ${v} <= ${l2} then 1
    else 0 end`;
}

/** The dashboards table, and the reads behind one dashboard's figures (each one indexed pass over its stations). */
export class DashboardRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private base() {
    return this.db
      .selectFrom('dashboards')
      .innerJoin('users', 'users.id', 'dashboards.userId')
      .selectAll('dashboards')
      .select('users.userName');
  }

  list(query: DashboardListQuery, onlyUser: number | undefined): Promise<{ rows: DashboardRow[]; total: number }> {
    let filtered = this.db.selectFrom('dashboards').innerJoin('users', 'users.id', 'dashboards.userId');
    const userId = onlyUser ?? query.userId;
    if (userId !== undefined) filtered = filtered.where('dashboards.userId', '=', userId);
    const name = query.name;
    if (name) {
      filtered = filtered.where((eb) =>
        eb.or([containsText(eb.ref('dashboards.name'), name), containsText(eb.ref('users.userName'), name)]),
      );
    }
    return selectPage(filtered, query, (q) =>
      q.selectAll('dashboards').select('users.userName').orderBy('users.userName').orderBy('dashboards.id'),
    );
  }

  async find(id: number): Promise<DashboardRow | null> {
    return (await this.base().where('dashboards.id', '=', id).executeTakeFirst()) ?? null;
  }

  async findByUser(userId: number): Promise<DashboardRow | null> {
    return (await this.base().where('dashboards.userId', '=', userId).executeTakeFirst()) ?? null;
  }

  async userName(userId: number): Promise<string | null> {
    const row = await this.db.selectFrom('users').select('userName').where('id', '=', userId).executeTakeFirst();
    return row?.userName ?? null;
  }

  async projectExists(projectId: number): Promise<boolean> {
    const row = await this.db.selectFrom('deployClassify').select('id').where('id', '=', projectId).executeTakeFirst();
    return row !== undefined;
  }

  async insert(input: DashboardInput, now: number): Promise<number> {
    const { id } = await this.db
      .insertInto('dashboards')
      .values({ ...toColumns(input), createTime: now, updateTime: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  async update(id: number, input: DashboardInput, now: number): Promise<void> {
    await this.db
      .updateTable('dashboards')
      .set({ ...toColumns(input), updateTime: now })
      .where('id', '=', id)
      .execute();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('dashboards').where('id', '=', id).execute();
  }

  /** The ids of the set's stations, as a subquery. */
  private stationIds({ scope, deviceIds }: StationSet) {
    let query = this.db
      .selectFrom('devices')
      .select('devices.id')
      .where('devices.ifValid', '=', 1)
      .where((eb) => devicesInScope(eb, scope));
    if (deviceIds.length > 0) query = query.where('devices.id', 'in', [...deviceIds]);
    return query;
  }

  /** The stations with their connection state. */
  stations(set: StationSet) {
    return this.db
      .selectFrom('devices')
      .leftJoin('deviceStatus', 'deviceStatus.deviceId', 'devices.id')
      .select([
        'devices.id',
        'devices.deviceCode',
        'devices.deviceName',
        'devices.deviceType',
        'devices.projectId',
        'devices.lng',
        'devices.lat',
        'deviceStatus.online',
        'deviceStatus.lastPacketAt',
      ])
      .where('devices.id', 'in', this.stationIds(set))
      .orderBy('devices.deviceName')
      .orderBy('devices.id')
      .execute();
  }

  /** Every station's latest value of every factor. */
  latestValues(set: StationSet) {
    return this.db
      .selectFrom('latestValues')
      .select(['latestValues.deviceId', 'latestValues.factorCode', 'latestValues.value', 'latestValues.dataTime'])
      .where('latestValues.deviceId', 'in', this.stationIds(set))
      .execute();
  }

  /** The catalogue units of the AQI pollutants (their values are converted to HJ 633's units). */
  async aqiUnits(): Promise<Map<string, string>> {
    const rows = await this.db
      .selectFrom('factors')
      .select(['factorCode', 'unit'])
      .where('factorCode', 'in', AQI_CODES)
      .execute();
    return new Map(rows.map((row) => [row.factorCode, row.unit ?? '']));
  }

  /** The 24-hour means of PM10 and PM2.5 per station since `from` (HJ 633's hourly AQI takes those). */
  particulateMeans(set: StationSet, from: number) {
    return this.db
      .selectFrom('measurements')
      .select((eb) => [
        'measurements.deviceId',
        'measurements.factorCode',
        eb.fn.avg<number>('measurements.value').as('mean'),
      ])
      .where('measurements.deviceId', 'in', this.stationIds(set))
      .where('measurements.kind', '=', 'hour')
      .where('measurements.dataTime', '>=', from)
      .where('measurements.factorCode', 'in', PARTICULATES)
      .groupBy(['measurements.deviceId', 'measurements.factorCode'])
      .execute();
  }

  /** Active alarms per station, type and level. */
  activeAlarmCounts(set: StationSet) {
    return this.db
      .selectFrom('alarms')
      .select((eb) => [
        'alarms.deviceId',
        'alarms.alarmType',
        'alarms.alarmLevel',
        eb.fn.countAll<number>().as('count'),
      ])
      .where('alarms.active', '=', 1)
      .where('alarms.deviceId', 'in', this.stationIds(set))
      .groupBy(['alarms.deviceId', 'alarms.alarmType', 'alarms.alarmLevel'])
      .execute();
  }

  async pendingOrders(set: StationSet): Promise<number> {
    const row = await this.db
      .selectFrom('alarms')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('alarms.orderStatus', 'in', OPEN_ORDERS)
      .where('alarms.deviceId', 'in', this.stationIds(set))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  private alarms(set: StationSet) {
    return this.db
      .selectFrom('alarms')
      .innerJoin('devices', 'devices.id', 'alarms.deviceId')
      .select(ALARM_COLUMNS)
      .where('alarms.deviceId', 'in', this.stationIds(set));
  }

  /** The newest alarms, active or not. */
  latestAlarms(set: StationSet, limit: number) {
    return this.alarms(set).orderBy('alarms.beginDate', 'desc').orderBy('alarms.id', 'desc').limit(limit).execute();
  }

  /** Alarms whose work order is open, oldest first. */
  openOrders(set: StationSet, limit: number) {
    return this.alarms(set)
      .where('alarms.orderStatus', 'in', OPEN_ORDERS)
      .orderBy('alarms.beginDate')
      .orderBy('alarms.id')
      .limit(limit)
      .execute();
  }

  /** Distinct hourly uploads (station × hour) of the hours in [from, to). */
  async hourlyUploads(set: StationSet, from: number, to: number): Promise<number> {
    const row = await this.db
      .selectFrom((eb) =>
        eb
          .selectFrom('measurements')
          .select(['measurements.deviceId', 'measurements.dataTime'])
          .where('measurements.deviceId', 'in', this.stationIds(set))
          .where('measurements.kind', '=', 'hour')
          .where('measurements.dataTime', '>=', from)
          .where('measurements.dataTime', '<', to)
          .groupBy(['measurements.deviceId', 'measurements.dataTime'])
          .as('uploads'),
      )
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** Daily averages since `from` of factors with an enabled standard: how many there are and how many broke it. */
  async compliance(set: StationSet, from: number): Promise<{ checked: number; broken: number }> {
    const row = await this.db
      .selectFrom('measurements')
      .innerJoin('thresholds', (join) =>
        join
          .onRef('thresholds.deviceId', '=', 'measurements.deviceId')
          .onRef('thresholds.factorCode', '=', 'measurements.factorCode')
          .on('thresholds.overflowType', '=', 0)
          .on('thresholds.enabled', '=', 1),
      )
      .select((eb) => [eb.fn.countAll<number>().as('checked'), eb.fn.sum<number>(brokenSql(eb)).as('broken')])
      .where('measurements.deviceId', 'in', this.stationIds(set))
      .where('measurements.kind', '=', 'day')
      .where('measurements.dataTime', '>=', from)
      .where('measurements.value', 'is not', null)
      .executeTakeFirstOrThrow();
    return { checked: Number(row.checked), broken: Number(row.broken ?? 0) };
  }

  /** The stations' mean hourly average of each factor per hour since `from`. */
  trends(set: StationSet, factorCodes: readonly string[], from: number) {
    if (factorCodes.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('measurements')
      .select((eb) => [
        'measurements.factorCode',
        'measurements.dataTime',
        eb.fn.avg<number>('measurements.value').as('mean'),
      ])
      .where('measurements.deviceId', 'in', this.stationIds(set))
      .where('measurements.kind', '=', 'hour')
      .where('measurements.dataTime', '>=', from)
      .where('measurements.factorCode', 'in', [...factorCodes])
      .where('measurements.value', 'is not', null)
      .groupBy(['measurements.factorCode', 'measurements.dataTime'])
      .orderBy('measurements.dataTime')
      .execute();
  }

  /** The surface-water class limits (GB 3838-2002) of the factors that have them. */
  waterLimits() {
    return this.db.selectFrom('surfaceWaterLimits').selectAll().execute();
  }
}

function toColumns(input: DashboardInput) {
  return {
    userId: input.userId,
    name: input.name,
    projectId: input.projectId,
    homeCards: JSON.stringify(input.homeCards),
    wallCards: JSON.stringify(input.wallCards),
    deviceIds: JSON.stringify(input.deviceIds),
    factorCodes: JSON.stringify(input.factorCodes),
    refreshSeconds: input.refreshSeconds,
    rotateSeconds: input.rotateSeconds,
  };
}
