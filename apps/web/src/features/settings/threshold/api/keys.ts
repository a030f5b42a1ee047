import type { ThresholdQuery } from '@envmon/shared';

/** Query keys of the threshold settings (STYLE.md rule 7): one root per kind of row, invalidated after its writes. */
export const thresholdKeys = {
  thresholds: ['thresholds'] as const,
  page: (query: ThresholdQuery) => [...thresholdKeys.thresholds, 'page', query] as const,
  strategies: ['alarmStrategies'] as const,
  strategiesOf: (deviceId: number) => [...thresholdKeys.strategies, deviceId] as const,
  waterLimits: ['surfaceWaterLimits'] as const,
};
