import type {
  AlarmStrategy,
  AlarmStrategyInput,
  AlarmStrategyQuery,
  Page,
  SurfaceWaterLimit,
  Threshold,
  ThresholdInput,
  ThresholdQuery,
  WaterThresholdQuery,
} from '@envmon/shared';
import type { Selectable } from 'kysely';
import type { AlarmStrategiesTable, ThresholdsTable } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { DomainError } from '../../lib/errors.js';
import { type ScopeReader, scopeOf } from '../device/device-scope.js';
import { isUniqueViolation } from '../device/device.repository.js';
import { toAlarmStrategy, toSurfaceWaterLimit, toThreshold } from './threshold.mapper.js';
import type { ThresholdRepository } from './threshold.repository.js';
import type { FactorService } from '../factor/factor.service.js';

/** What the alarm engine caches: every threshold and every strategy. */
export interface AlarmRuleRows {
  thresholds: Selectable<ThresholdsTable>[];
  strategies: Selectable<AlarmStrategiesTable>[];
}

/** Tells the alarm engine to re-read its rules after an edit (no database read per value there). */
export type RulesChanged = () => Promise<void>;

/** Thresholds, alarm strategies and the surface-water limits they may refer to. */
export class ThresholdService {
  constructor(
    private readonly repo: ThresholdRepository,
    private readonly factors: Pick<FactorService, 'assertExist'>,
    private readonly clock: Clock,
    private readonly rulesChanged: RulesChanged,
  ) {}

  /** Reads cover the devices in the reader's scope (device-scope.ts); writes are for device editors. */
  async list(query: ThresholdQuery, reader: ScopeReader): Promise<Page<Threshold>> {
    const { pageNum, pageSize, ...filter } = query;
    const { rows, total } = await this.repo.list({ ...filter, ...scopeOf(filter, reader) }, { pageNum, pageSize });
    return { list: rows.map(toThreshold), total, pageNum, pageSize };
  }

  /** getAllWaterThreshold: the thresholds on water factors, each with its derived symbol. */
  async water(query: WaterThresholdQuery, reader: ScopeReader): Promise<Threshold[]> {
    return (await this.repo.all({ ...query, ...scopeOf(query, reader), waterOnly: true })).map(toThreshold);
  }

  /** Without a reader: any device's (the writes' own reads). */
  async get(id: number, reader?: ScopeReader): Promise<Threshold> {
    const row = await this.repo.find(id, reader ? scopeOf({}, reader) : {});
    if (!row) throw new DomainError('notFound');
    return toThreshold(row);
  }

  async add(input: ThresholdInput): Promise<Threshold> {
    await this.check(input, null);
    const id = await this.uniquely(() => this.repo.insert(input, this.clock.now()));
    await this.rulesChanged();
    return this.get(id);
  }

  async update(id: number, input: ThresholdInput): Promise<Threshold> {
    await this.get(id);
    await this.check(input, id);
    await this.uniquely(() => this.repo.update(id, input, this.clock.now()));
    await this.rulesChanged();
    return this.get(id);
  }

  async remove(id: number): Promise<void> {
    await this.get(id);
    await this.repo.delete(id);
    await this.rulesChanged();
  }

  async waterLimits(): Promise<SurfaceWaterLimit[]> {
    return (await this.repo.waterLimits()).map(toSurfaceWaterLimit);
  }

  /** Without a reader: every device's (the alarm engine, the WeChat notifier). */
  async strategies(query: AlarmStrategyQuery, reader?: ScopeReader): Promise<AlarmStrategy[]> {
    return (await this.repo.strategies(query, reader ? scopeOf({}, reader) : {})).map(toAlarmStrategy);
  }

  async strategy(id: number, reader?: ScopeReader): Promise<AlarmStrategy> {
    const row = await this.repo.strategy(id, reader ? scopeOf({}, reader) : {});
    if (!row) throw new DomainError('notFound');
    return toAlarmStrategy(row);
  }

  /** One strategy per device × alarm type: update creates it or replaces it. */
  async saveStrategy(input: AlarmStrategyInput): Promise<AlarmStrategy> {
    if (!(await this.repo.deviceExists(input.deviceId))) throw new DomainError('notFound');
    const id = await this.repo.upsertStrategy(input, this.clock.now());
    await this.rulesChanged();
    return this.strategy(id);
  }

  async removeStrategy(id: number): Promise<void> {
    await this.strategy(id);
    await this.repo.deleteStrategy(id);
    await this.rulesChanged();
  }

  async rules(): Promise<AlarmRuleRows> {
    const [thresholds, strategies] = await Promise.all([this.repo.allRules(), this.repo.allStrategies()]);
    return { thresholds, strategies };
  }

  private async check(input: ThresholdInput, exceptId: number | null): Promise<void> {
    if (!(await this.repo.deviceExists(input.deviceId))) throw new DomainError('notFound');
    await this.factors.assertExist([input.factorCode]);
    if (input.limitId !== null && !(await this.repo.waterLimitExists(input.limitId))) {
      throw new DomainError('notFound');
    }
    if (await this.repo.taken(input, exceptId)) throw new DomainError('thresholdTaken');
  }

  /** A concurrent add of the same device × factor × overflow type lands on the unique key. */
  private async uniquely<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (err) {
      if (isUniqueViolation(err)) throw new DomainError('thresholdTaken');
      throw err;
    }
  }
}
