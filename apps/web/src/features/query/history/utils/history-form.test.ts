import { HISTORY_TIME_UNITS, VOCABULARIES } from '@envmon/shared';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  cellTone,
  defaultRange,
  factorLabel,
  factorTitle,
  formatValue,
  pickerOf,
  rangeAllowed,
  rangeBounds,
} from './history-form';

const NOW = dayjs('2026-03-15T10:20:30');
const COD = { factorCode: 'w01018', factorName: '化学需氧量', factorNameEn: 'COD', unit: 'mg/L', decimals: 1 };

describe('history form helpers', () => {
  it('offers the spec’s six time units (and minute, real-time)', () => {
    const spec = VOCABULARIES.timeUnit.items.map((i) => i.value);
    expect(HISTORY_TIME_UNITS.filter((u) => spec.includes(u))).toEqual(spec);
    expect(HISTORY_TIME_UNITS.map(pickerOf)).toEqual([
      'time',
      'time',
      'time',
      'date',
      'month',
      'date',
      'month',
      'year',
    ]);
  });

  it('turns whole days, months and years into [begin, end) that includes the last one picked', () => {
    const march = [dayjs('2026-03-01T13:00'), dayjs('2026-03-03T01:00')] as const;
    expect(rangeBounds('day', march)).toEqual({
      beginTime: dayjs('2026-03-01').valueOf(),
      endTime: dayjs('2026-03-04').valueOf(),
    });
    expect(rangeBounds('flowMonth', march)).toEqual({
      beginTime: dayjs('2026-03-01').valueOf(),
      endTime: dayjs('2026-04-01').valueOf(),
    });
    expect(rangeBounds('flowYear', march)).toEqual({
      beginTime: dayjs('2026-01-01').valueOf(),
      endTime: dayjs('2027-01-01').valueOf(),
    });
    // Date-time units keep the picked instants.
    expect(rangeBounds('hour', march)).toEqual({ beginTime: march[0].valueOf(), endTime: march[1].valueOf() });
  });

  it('starts each unit on a range the server allows', () => {
    for (const unit of HISTORY_TIME_UNITS) expect(rangeAllowed(unit, defaultRange(unit, NOW))).toBe(true);
    expect(defaultRange('hour', NOW)[0].format('YYYY-MM-DD HH:mm')).toBe('2026-03-09 00:00');
  });

  it('refuses a reversed range and one longer than the unit allows', () => {
    expect(rangeAllowed('hour', [NOW, NOW.subtract(1, 'hour')])).toBe(false);
    // Hours: 366 days at most.
    expect(rangeAllowed('hour', [NOW.subtract(366, 'day'), NOW])).toBe(true);
    expect(rangeAllowed('hour', [NOW.subtract(367, 'day'), NOW])).toBe(false);
    // Days: five years of them.
    expect(rangeAllowed('day', [NOW.subtract(4, 'year'), NOW])).toBe(true);
  });

  it('formats values as precise as the factor', () => {
    expect(formatValue(12.345, 1)).toBe('12.3');
    expect(formatValue(7, null)).toBe('7');
    expect(formatValue(null, 2)).toBe('-');
    expect(factorLabel(COD, 'en')).toBe('COD');
    expect(factorTitle(COD, 'zh')).toBe('化学需氧量 (mg/L)');
    expect(factorTitle({ ...COD, unit: null, factorName: null }, 'zh')).toBe('w01018');
  });

  it('colours values by flag: N normal, faults and limits danger, the rest warning', () => {
    expect(cellTone({ value: 1, flag: 'N', quality: 'N' })).toBe('normal');
    expect(cellTone({ value: 60, flag: null, quality: null })).toBe('normal');
    expect(cellTone({ value: 1, flag: 'D', quality: 'N' })).toBe('danger');
    expect(cellTone({ value: 1, flag: 'T', quality: 'N' })).toBe('danger');
    expect(cellTone({ value: 1, flag: 'C', quality: 'N' })).toBe('warning');
    expect(cellTone({ value: 1, flag: 'N', quality: 'SH3' })).toBe('warning');
  });
});
