import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { presetRange, rangePresets } from './range-presets';

const NOW = dayjs('2026-03-15T10:20:30');
const FORMAT = 'YYYY-MM-DD HH:mm:ss';
const shown = (range: [dayjs.Dayjs, dayjs.Dayjs]) => range.map((d) => d.format(FORMAT));
const t = ((key: string) => `label:${key}`) as unknown as TFunction;

describe('range presets', () => {
  it('gives whole days and months from start to end, rolling ranges up to now', () => {
    expect(shown(presetRange('today', NOW))).toEqual(['2026-03-15 00:00:00', '2026-03-15 23:59:59']);
    expect(shown(presetRange('last24Hours', NOW))).toEqual(['2026-03-14 10:20:30', '2026-03-15 10:20:30']);
    expect(shown(presetRange('last7Days', NOW))).toEqual(['2026-03-08 10:20:30', '2026-03-15 10:20:30']);
    expect(shown(presetRange('thisMonth', NOW))).toEqual(['2026-03-01 00:00:00', '2026-03-31 23:59:59']);
    expect(shown(presetRange('lastMonth', NOW))).toEqual(['2026-02-01 00:00:00', '2026-02-28 23:59:59']);
    // January's last month is the previous year's December.
    expect(shown(presetRange('lastMonth', dayjs('2026-01-10T08:00:00')))).toEqual([
      '2025-12-01 00:00:00',
      '2025-12-31 23:59:59',
    ]);
  });

  it('offers the five ranges, labelled, to a date picker and only the months to a month picker', () => {
    const presets = rangePresets(t, undefined, () => NOW);
    expect(presets.map((p) => p.label)).toEqual([
      'label:common.rangePresets.today',
      'label:common.rangePresets.last24Hours',
      'label:common.rangePresets.last7Days',
      'label:common.rangePresets.thisMonth',
      'label:common.rangePresets.lastMonth',
    ]);
    expect(shown(presets[0]!.value())).toEqual(['2026-03-15 00:00:00', '2026-03-15 23:59:59']);
    expect(rangePresets(t, 'month', () => NOW).map((p) => p.key)).toEqual(['thisMonth', 'lastMonth']);
    expect(rangePresets(t, 'year', () => NOW)).toEqual([]);
  });
});
