import type {
  DeviceFactor,
  DeviceFactorItem,
  DeviceFactorListQuery,
  DeviceFactorMap,
  Factor,
  Page,
} from '@envmon/shared';
import { DomainError } from '../../lib/errors.js';
import { type ScopeReader, scopeOf } from '../device/device-scope.js';
import type { DeviceFactorRepository } from './device-factor.repository.js';
import { toDeviceFactor, toFactor } from './factor.mapper.js';
import type { FactorService, QualityReload } from './factor.service.js';

/** Each device's monitor factors with per-device unit, standard limit, order and quality overrides. */
export class DeviceFactorService {
  constructor(
    private readonly repo: DeviceFactorRepository,
    private readonly factors: FactorService,
    private readonly reloadQuality: QualityReload,
  ) {}

  /** Reads cover the devices in the reader's scope (device-scope.ts). */
  async list(query: DeviceFactorListQuery, reader: ScopeReader): Promise<Page<DeviceFactor>> {
    const { pageNum, pageSize, ...filter } = query;
    const { rows, total } = await this.repo.list({ ...filter, scope: scopeOf({}, reader) }, { pageNum, pageSize });
    return { list: rows.map(toDeviceFactor), total, pageNum, pageSize };
  }

  async all(deviceId: number | undefined, reader: ScopeReader): Promise<DeviceFactor[]> {
    return (await this.repo.all({ deviceId, scope: scopeOf({}, reader) })).map(toDeviceFactor);
  }

  async byDevice(deviceId: number, reader: ScopeReader): Promise<DeviceFactor[]> {
    if (!(await this.repo.deviceExists(deviceId, scopeOf({}, reader)))) throw new DomainError('notFound');
    return (await this.repo.all({ deviceId })).map(toDeviceFactor);
  }

  /** Replaces the device's list; the ingest pipeline uses the new parameters from its next value on. */
  async update(deviceId: number, items: readonly DeviceFactorItem[]): Promise<DeviceFactor[]> {
    if (!(await this.repo.deviceExists(deviceId))) throw new DomainError('notFound');
    await this.factors.assertExist(items.map((i) => i.factorCode));
    await this.repo.replace(deviceId, items);
    await this.reloadQuality();
    return (await this.repo.all({ deviceId })).map(toDeviceFactor);
  }

  /**
   * deviceCode → its factors; every asked code is a key (empty when it has none) but those of devices outside
   * the reader's scope, or every device in scope with factors.
   */
  async deviceFactorMap(deviceCodes: readonly string[], reader: ScopeReader): Promise<DeviceFactorMap> {
    const scope = scopeOf({}, reader);
    const hidden = await this.repo.codesOutOfScope(deviceCodes, scope);
    const visible = deviceCodes.filter((code) => !hidden.has(code));
    const rows = await this.repo.all(deviceCodes.length > 0 ? { deviceCodes: visible, scope } : { scope });
    const map = new Map<string, DeviceFactor[]>(visible.map((code) => [code, []]));
    for (const row of rows) {
      const list = map.get(row.deviceCode) ?? [];
      list.push(toDeviceFactor(row));
      map.set(row.deviceCode, list);
    }
    return Object.fromEntries(map);
  }

  /** The factors any of the devices has, each once. */
  async factorsOfDevices(deviceCodes: readonly string[], reader: ScopeReader): Promise<Factor[]> {
    return (await this.repo.factorsOfDevices(deviceCodes, scopeOf({}, reader))).map(toFactor);
  }
}
