import type { AlarmStrategyInput, AlarmStrategyQuery, PageQuery, ThresholdInput } from '@envmon/shared';
import type { Kysely, Selectable } from 'kysely';
import type { AlarmStrategiesTable, Database, ThresholdsTable } from '../../db/schema.js';
import { selectPage } from '../../db/sql.js';
import { type DeviceScope, devicesInScope } from '../../db/queries/device-scope.js';
import type { StrategyRow, ThresholdRow, WaterLimitRow } from './threshold.mapper.js';

export interface ThresholdFilter {
  deviceId?: number | undefined;
  factorCode?: string | undefined;
  projectId?: number | undefined;
  /** Only the devices bound to this user (device-scope.ts). */
  boundTo?: number | undefined;
  /** Only thresholds on water factors (getAllWaterThreshold). */
  waterOnly?: boolean;
}

/** The columns a threshold is stored with (overflow type 0 for none). */
function toColumns(input: ThresholdInput) {
  return {
    deviceId: input.deviceId,
    factorCode: input.factorCode,
    overflowType: input.overflowType ?? 0,
    operator: input.operator,
    limit1: input.limit1,
    limit2: input.limit2,
    limitId: input.limitId,
    alarmLevel: input.alarmLevel,
    enabled: input.enabled ? 1 : 0,
  };
}

export class ThresholdRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private joined(filter: ThresholdFilter) {
    let query = this.db
      .selectFrom('thresholds')
      .innerJoin('devices', 'devices.id', 'thresholds.deviceId')
      .innerJoin('factors', 'factors.factorCode', 'thresholds.factorCode');
    if (filter.deviceId !== undefined) query = query.where('thresholds.deviceId', '=', filter.deviceId);
    if (filter.factorCode) query = query.where('thresholds.factorCode', '=', filter.factorCode);
    query = query.where((eb) => devicesInScope(eb, { projectId: filter.projectId, boundTo: filter.boundTo }));
    if (filter.waterOnly) query = query.where('factors.kind', '=', 'water');
    return query;
  }

  private static readonly columns = [
    'thresholds.id',
    'thresholds.deviceId',
    'thresholds.factorCode',
    'thresholds.overflowType',
    'thresholds.operator',
    'thresholds.limit1',
    'thresholds.limit2',
    'thresholds.limitId',
    'thresholds.alarmLevel',
    'thresholds.enabled',
    'thresholds.updateTime',
    'devices.deviceCode',
    'devices.deviceName',
    'factors.factorName',
    'factors.factorNameEn',
    'factors.unit',
  ] as const;

  list(filter: ThresholdFilter, page: PageQuery): Promise<{ rows: ThresholdRow[]; total: number }> {
    return selectPage(this.joined(filter), page, (q) =>
      q.select(ThresholdRepository.columns).orderBy('thresholds.deviceId').orderBy('thresholds.factorCode'),
    );
  }

  all(filter: ThresholdFilter): Promise<ThresholdRow[]> {
    return this.joined(filter)
      .select(ThresholdRepository.columns)
      .orderBy('thresholds.deviceId')
      .orderBy('thresholds.factorCode')
      .orderBy('thresholds.overflowType')
      .execute();
  }

  async find(id: number, scope: DeviceScope = {}): Promise<ThresholdRow | null> {
    const row = await this.joined(scope)
      .select(ThresholdRepository.columns)
      .where('thresholds.id', '=', id)
      .executeTakeFirst();
    return row ?? null;
  }

  /** Whether another threshold has the same device × factor × overflow type. */
  async taken(input: ThresholdInput, exceptId: number | null): Promise<boolean> {
    let query = this.db
      .selectFrom('thresholds')
      .select('id')
      .where('deviceId', '=', input.deviceId)
      .where('factorCode', '=', input.factorCode)
      .where('overflowType', '=', input.overflowType ?? 0);
    if (exceptId !== null) query = query.where('id', '<>', exceptId);
    return (await query.executeTakeFirst()) !== undefined;
  }

  async insert(input: ThresholdInput, now: number): Promise<number> {
    const { id } = await this.db
      .insertInto('thresholds')
      .values({ ...toColumns(input), updateTime: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  async update(id: number, input: ThresholdInput, now: number): Promise<void> {
    await this.db
      .updateTable('thresholds')
      .set({ ...toColumns(input), updateTime: now })
      .where('id', '=', id)
      .execute();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('thresholds').where('id', '=', id).execute();
  }

  /** Every threshold, as the alarm engine caches them. */
  allRules(): Promise<Selectable<ThresholdsTable>[]> {
    return this.db.selectFrom('thresholds').selectAll().execute();
  }

  async deviceExists(deviceId: number): Promise<boolean> {
    return (
      (await this.db.selectFrom('devices').select('id').where('id', '=', deviceId).executeTakeFirst()) !== undefined
    );
  }

  async waterLimitExists(id: number): Promise<boolean> {
    const found = await this.db.selectFrom('surfaceWaterLimits').select('id').where('id', '=', id).executeTakeFirst();
    return found !== undefined;
  }

  // ---- surface-water limits ----

  waterLimits(): Promise<WaterLimitRow[]> {
    return this.db
      .selectFrom('surfaceWaterLimits')
      .innerJoin('factors', 'factors.factorCode', 'surfaceWaterLimits.factorCode')
      .selectAll('surfaceWaterLimits')
      .select(['factors.factorName', 'factors.factorNameEn', 'factors.unit'])
      .orderBy('surfaceWaterLimits.id')
      .execute();
  }

  // ---- alarm strategies ----

  private strategiesJoined(scope: DeviceScope) {
    return this.db
      .selectFrom('alarmStrategies')
      .innerJoin('devices', 'devices.id', 'alarmStrategies.deviceId')
      .where((eb) => devicesInScope(eb, scope))
      .selectAll('alarmStrategies')
      .select(['devices.deviceCode', 'devices.deviceName']);
  }

  strategies(query: AlarmStrategyQuery, scope: DeviceScope = {}): Promise<StrategyRow[]> {
    let q = this.strategiesJoined(scope);
    if (query.deviceId !== undefined) q = q.where('alarmStrategies.deviceId', '=', query.deviceId);
    if (query.alarmType !== undefined) q = q.where('alarmStrategies.alarmType', '=', query.alarmType);
    return q.orderBy('alarmStrategies.deviceId').orderBy('alarmStrategies.alarmType').execute();
  }

  async strategy(id: number, scope: DeviceScope = {}): Promise<StrategyRow | null> {
    return (await this.strategiesJoined(scope).where('alarmStrategies.id', '=', id).executeTakeFirst()) ?? null;
  }

  /** Creates or replaces the device × type strategy; returns its id. */
  async upsertStrategy(input: AlarmStrategyInput, now: number): Promise<number> {
    const values = {
      deviceId: input.deviceId,
      alarmType: input.alarmType,
      enabled: input.enabled ? 1 : 0,
      alarmLevel: input.alarmLevel,
      consecutiveCount: input.consecutiveCount,
      recoverySeconds: input.recoverySeconds,
      repeatIntervalMinutes: input.repeatIntervalMinutes,
      updateTime: now,
    };
    const { id } = await this.db
      .insertInto('alarmStrategies')
      .values(values)
      .onConflict((oc) =>
        oc.columns(['deviceId', 'alarmType']).doUpdateSet({
          enabled: values.enabled,
          alarmLevel: values.alarmLevel,
          consecutiveCount: values.consecutiveCount,
          recoverySeconds: values.recoverySeconds,
          repeatIntervalMinutes: values.repeatIntervalMinutes,
          updateTime: now,
        }),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  async deleteStrategy(id: number): Promise<void> {
    await this.db.deleteFrom('alarmStrategies').where('id', '=', id).execute();
  }

  allStrategies(): Promise<Selectable<AlarmStrategiesTable>[]> {
    return this.db.selectFrom('alarmStrategies').selectAll().execute();
  }
}
