import type {
  DataRule,
  DataRuleEdit,
  DataRuleInput,
  DataRuleItem,
  DataRuleListQuery,
  DataRulesUpdate,
  Page,
} from '@envmon/shared';
import type { ConfigChanges } from '../../events/config-changes.js';
import type { Clock } from '../../lib/clock.js';
import { DomainError } from '../../lib/errors.js';
import { type DeviceScopeReader, type ScopeReader, scopeOf } from '../device/device-scope.js';
import { toDataRule } from './regular.mapper.js';
import type { RegularRepository } from './regular.repository.js';

/**
 * Settings › regular: the data rules of the devices in the caller's scope. Every change reaches the ingest of
 * every process (config topic 'dataRules') before the call answers here.
 */
export class RegularService {
  constructor(
    private readonly repo: RegularRepository,
    private readonly scopes: DeviceScopeReader,
    private readonly configChanges: ConfigChanges,
    private readonly clock: Clock,
  ) {}

  async list(query: DataRuleListQuery, reader: ScopeReader): Promise<Page<DataRule>> {
    const { rows, total } = await this.repo.list(query, scopeOf(query, reader));
    return { list: rows.map(toDataRule), total, pageNum: query.pageNum, pageSize: query.pageSize };
  }

  async byDevice(deviceId: number, reader: ScopeReader): Promise<DataRule[]> {
    await this.visibleDevice(deviceId, reader);
    return (await this.repo.byDevice(deviceId)).map(toDataRule);
  }

  /** update (SPEC): the device's rules become `rules`. */
  async replace({ deviceId, rules }: DataRulesUpdate, reader: ScopeReader): Promise<DataRule[]> {
    await this.visibleDevice(deviceId, reader);
    await this.knownFactors(rules);
    await this.repo.replace(deviceId, rules, this.clock.now());
    await this.configChanges.changed('dataRules');
    return this.byDevice(deviceId, reader);
  }

  async add({ deviceId, ...rule }: DataRuleInput, reader: ScopeReader): Promise<DataRule> {
    await this.visibleDevice(deviceId, reader);
    await this.knownFactors([rule]);
    if ((await this.repo.idOf(deviceId, rule.factorCode, rule.symbol)) !== null) throw new DomainError('dataRuleTaken');
    const id = await this.repo.insert(deviceId, rule, this.clock.now());
    await this.configChanges.changed('dataRules');
    return this.get(id, reader);
  }

  async edit({ id, deviceId, ...rule }: DataRuleEdit, reader: ScopeReader): Promise<DataRule> {
    await this.get(id, reader);
    await this.visibleDevice(deviceId, reader);
    await this.knownFactors([rule]);
    const holder = await this.repo.idOf(deviceId, rule.factorCode, rule.symbol);
    if (holder !== null && holder !== id) throw new DomainError('dataRuleTaken');
    await this.repo.update(id, deviceId, rule, this.clock.now());
    await this.configChanges.changed('dataRules');
    return this.get(id, reader);
  }

  async remove(id: number, reader: ScopeReader): Promise<void> {
    await this.get(id, reader);
    await this.repo.delete(id);
    await this.configChanges.changed('dataRules');
  }

  /** A rule of a device in scope; another's is as absent as a missing one. */
  private async get(id: number, reader: ScopeReader): Promise<DataRule> {
    const row = await this.repo.find(id);
    if (!row || !(await this.scopes.visible(row.deviceId, scopeOf({}, reader)))) throw new DomainError('notFound');
    return toDataRule(row);
  }

  private async visibleDevice(deviceId: number, reader: ScopeReader): Promise<void> {
    if (!(await this.scopes.visible(deviceId, scopeOf({}, reader)))) throw new DomainError('notFound');
  }

  private async knownFactors(rules: readonly Pick<DataRuleItem, 'factorCode'>[]): Promise<void> {
    const codes = [...new Set(rules.map((r) => r.factorCode))];
    const known = await this.repo.knownFactors(codes);
    if (codes.some((c) => !known.has(c))) throw new DomainError('factorUnknown');
  }
}
