import {
  DEFAULT_UTC_OFFSET_MINUTES,
  DEPLOY_TYPE,
  formatStationTime,
  GATHER_TIME_PRECISION,
  type GatherFactor,
  type GatherFilter,
  type GatherResult,
  type GatherRow,
} from '@envmon/shared';
import { DomainError } from '../../lib/errors.js';
import type { XlsxRow } from '../../lib/xlsx-export.js';
import { type DeviceScope, type DeviceScopeReader, type ScopeReader, scopeOf } from '../device/device-scope.js';
import type { GatherRepository } from './gather.repository.js';

/** Decimals when the factor's are not known (the console rounds alike): an average should not print 15 digits. */
const FALLBACK_DECIMALS = 3;

/** The rounding the screen shows: the factor's decimals, else FALLBACK_DECIMALS. */
export function rounded(value: number, decimals: number | null): number {
  return Number(value.toFixed(decimals ?? FALLBACK_DECIMALS));
}

/** The gather query: aggregates over a group of devices (project, address group, hand-picked) per period. */
export class GatherService {
  constructor(
    private readonly repo: GatherRepository,
    private readonly scopes: DeviceScopeReader,
  ) {}

  /** The group's devices within the caller's scope; a group or device the caller cannot see is notFound. */
  async groupDevices(filter: GatherFilter, scope: DeviceScope): Promise<number[]> {
    switch (filter.groupType) {
      case 'project': {
        const id = filter.groupId as number;
        if ((await this.repo.deployType(id)) !== DEPLOY_TYPE.project) throw new DomainError('notFound');
        // Another project than the one chosen in the header is outside the scope.
        if (scope.projectId !== undefined && scope.projectId !== id) throw new DomainError('notFound');
        return this.repo.projectDevices(id, scope);
      }
      case 'address': {
        const id = filter.groupId as number;
        if ((await this.repo.deployType(id)) !== DEPLOY_TYPE.address) throw new DomainError('notFound');
        return this.repo.deployDevices(id, scope);
      }
      case 'devices': {
        const visible = await this.scopes.visibleOf(filter.deviceIds, scope);
        if (visible.length !== filter.deviceIds.length) throw new DomainError('notFound');
        return [...visible].sort((a, b) => a - b);
      }
    }
  }

  async gather(filter: GatherFilter, reader: ScopeReader): Promise<GatherResult> {
    const devices = await this.groupDevices(filter, scopeOf(filter, reader));
    const rows = await this.repo.aggregate(
      devices,
      filter.timeUnit,
      filter.beginTime,
      filter.endTime,
      filter.factorCodes,
    );
    const codes = [...new Set(rows.map((r) => r.factorCode))].sort();
    const known = new Map((await this.repo.factors(codes)).map((f) => [f.factorCode, f]));
    const factors: GatherFactor[] = codes.map(
      (code) =>
        known.get(code) ?? { factorCode: code, factorName: null, factorNameEn: null, unit: null, decimals: null },
    );
    const [utcOffsetMinutes = DEFAULT_UTC_OFFSET_MINUTES] = await this.repo.deviceOffsets(devices);
    return { timeUnit: filter.timeUnit, utcOffsetMinutes, deviceCount: devices.length, factors, rows };
  }

  /**
   * The export's rows: the screen's columns (period, factor with unit, avg, min, max, devices), rounded alike;
   * periods on the result's clock, the screen's rule (the title names the zone: titleWithZone).
   */
  exportRows(result: GatherResult, english: boolean): XlsxRow[] {
    const precision = GATHER_TIME_PRECISION[result.timeUnit];
    const factors = new Map(result.factors.map((f) => [f.factorCode, f]));
    return result.rows.map((row: GatherRow, index) => {
      const factor = factors.get(row.factorCode);
      const name = (english ? factor?.factorNameEn : factor?.factorName) ?? row.factorCode;
      const decimals = factor?.decimals ?? null;
      return [
        index + 1,
        formatStationTime(row.dataTime, result.utcOffsetMinutes, precision),
        name,
        factor?.unit ?? '',
        rounded(row.avg, decimals),
        rounded(row.min, decimals),
        rounded(row.max, decimals),
        row.devices,
      ];
    });
  }
}
