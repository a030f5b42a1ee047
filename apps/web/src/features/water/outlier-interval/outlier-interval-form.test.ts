import { outlierIntervalUpdateSchema } from '@envmon/shared';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { dayjs } from '../../../lib/dayjs';
import { toApplyInput } from './components/apply-modal';
import { monthsLabel, toOutlierIntervalFormValues, toOutlierIntervalInput } from './outlier-interval-list';

const t = ((key: string) => key.split('.').pop() ?? key) as unknown as TFunction;

describe('the outlier interval form', () => {
  it('sends untouched and cleared boxes as open sides, no station as every station, no months as all year', () => {
    const input = toOutlierIntervalInput({ factorCode: 'w01018', abnMax: 100, wnMin: undefined });
    expect(input).toEqual({
      factorCode: 'w01018',
      deviceId: null,
      months: [],
      abnMin: null,
      abnMax: 100,
      wnMin: null,
      wnMax: null,
    });
    expect(outlierIntervalUpdateSchema.safeParse(input).success).toBe(true);
  });

  it('starts a new interval open and all year', () => {
    expect(toOutlierIntervalFormValues(undefined)).toMatchObject({ deviceId: null, months: [], abnMin: null });
  });

  it('names the months, or the whole year', () => {
    expect(monthsLabel([], t)).toBe('allYear');
    expect(monthsLabel([6, 7], t)).toBe('6, 7');
  });
});

describe('the apply form', () => {
  it('asks for whole days, the last one included, within the header’s project', () => {
    const from = dayjs('2026-03-01T15:00:00');
    const to = dayjs('2026-03-02T08:00:00');
    const input = toApplyInput({ kinds: ['hour'], range: [from, to] }, 7);
    expect(input).toEqual({
      deviceIds: [],
      factorCodes: [],
      kinds: ['hour'],
      beginTime: dayjs('2026-03-01T00:00:00').valueOf(),
      endTime: dayjs('2026-03-03T00:00:00').valueOf(),
      projectId: 7,
    });
  });

  it('leaves the range unusable when none is chosen, so the schema refuses it', () => {
    const input = toApplyInput({ kinds: ['day'] }, undefined);
    expect(Number.isNaN(input.beginTime)).toBe(true);
    expect(input).not.toHaveProperty('projectId');
  });
});
