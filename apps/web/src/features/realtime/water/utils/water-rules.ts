import {
  REALTIME_TREND,
  waterClassOf,
  type RealtimeFactor,
  type RealtimeWaterStation,
  type RealtimeWaterValue,
  type WaterClassLimits,
} from '@envmon/shared';
import type { VocabularyLang } from '../../../../components/crud/cell-render';
import type { LiveRules } from './live-stations';

/** How the push changes a water station: every factor's value (with its class from the limits) and trend. */
export function waterRules(limits: readonly WaterClassLimits[]): LiveRules<RealtimeWaterStation, RealtimeWaterValue> {
  const limitOf = new Map(limits.map((limit) => [limit.factorCode, limit]));
  return {
    window: REALTIME_TREND,
    follows: () => true,
    trends: () => true,
    toValue: (value) => ({ ...value, waterClass: waterClassOf(limitOf.get(value.factorCode), value.value) }),
    derive: (station) => station,
  };
}

/** A factor's name in the console's language; the code when the catalogue does not know it. */
export function factorName(factor: RealtimeFactor | undefined, factorCode: string, lang: VocabularyLang): string {
  if (!factor) return factorCode;
  return (lang === 'en' ? (factor.factorNameEn ?? factor.factorName) : factor.factorName) ?? factorCode;
}
