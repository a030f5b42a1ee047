import { type OutlierBounds, type OutlierRule, pickOutlierRule } from '@envmon/shared';
import type { FactorCatalogueRepository } from './factor-catalogue.repository.js';
import type { QualityParamsSource } from './ingest-pipeline.js';
import type { QualityParams } from './quality.js';
import { defaultQualityParams } from './quality-defaults.js';

type Overrides = { [K in keyof QualityParams]: QualityParams[K] | null };

/**
 * Quality parameters per factor as configured in the factor catalogue, with each device's own
 * settings (device_factors; null = the factor's) laid over them; codes not in it get the defaults.
 * Beside them the outlier intervals (outlier_intervals), by factor code.
 */
export class FactorQualityCatalogue implements QualityParamsSource {
  private byCode = new Map<string, QualityParams>();
  private byDevice = new Map<number, Map<string, QualityParams>>();
  private outliers = new Map<string, OutlierRule[]>();

  constructor(private readonly repo: FactorCatalogueRepository) {}

  /** Reads the catalogue; called at start and again after factor or device-factor settings change. */
  async reload(): Promise<void> {
    const rows = await this.repo.factors();
    const byCode = new Map(
      rows.map((r) => [
        r.factorCode,
        {
          rangeMin: r.rangeMin,
          rangeMax: r.rangeMax,
          zeroIsSuspect: r.zeroIsSuspect === 1,
          constantCount: r.constantCount,
          riseRatio: r.riseRatio,
          dropRatio: r.dropRatio,
        },
      ]),
    );
    const overrides = await this.repo.deviceFactors();
    const byDevice = new Map<number, Map<string, QualityParams>>();
    for (const o of overrides) {
      const own: Overrides = {
        rangeMin: o.rangeMin,
        rangeMax: o.rangeMax,
        zeroIsSuspect: o.zeroIsSuspect === null ? null : o.zeroIsSuspect === 1,
        constantCount: o.constantCount,
        riseRatio: o.riseRatio,
        dropRatio: o.dropRatio,
      };
      if (Object.values(own).every((v) => v === null)) continue;
      const base = byCode.get(o.factorCode) ?? defaultQualityParams(o.factorCode);
      const merged = { ...base };
      for (const key of Object.keys(own) as (keyof QualityParams)[]) {
        if (own[key] !== null) Object.assign(merged, { [key]: own[key] });
      }
      let perDevice = byDevice.get(o.deviceId);
      if (!perDevice) {
        perDevice = new Map();
        byDevice.set(o.deviceId, perDevice);
      }
      perDevice.set(o.factorCode, merged);
    }
    const outliers = new Map<string, OutlierRule[]>();
    for (const rule of await this.repo.outlierIntervals()) {
      outliers.set(rule.factorCode, [...(outliers.get(rule.factorCode) ?? []), rule]);
    }
    // Swapped together: the pipeline never sees one table's new state with the other's old one.
    this.byCode = byCode;
    this.byDevice = byDevice;
    this.outliers = outliers;
  }

  params(deviceId: number, factorCode: string): QualityParams {
    return (
      this.byDevice.get(deviceId)?.get(factorCode) ?? this.byCode.get(factorCode) ?? defaultQualityParams(factorCode)
    );
  }

  outlier(deviceId: number, factorCode: string, month: number): OutlierBounds | null {
    const rules = this.outliers.get(factorCode);
    return rules ? pickOutlierRule(rules, deviceId, factorCode, month) : null;
  }
}
