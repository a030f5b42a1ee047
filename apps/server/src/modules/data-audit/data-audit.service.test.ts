import { HOUR_MS, reportedReading } from '@envmon/shared';
import { describe, expect, it } from 'vitest';
import { reported } from '../report/report.service.js';
import { rollupTargetsOf, stationDayStart } from './data-audit.service.js';

/** 2026-03-01 00:00 Beijing time (UTC+8). */
const D0 = Date.UTC(2026, 1, 28, 16);

describe('station days and their rollups', () => {
  it('puts an hour into its station day, in the station’s calendar', () => {
    expect(stationDayStart(D0, 480)).toBe(D0);
    expect(stationDayStart(D0 + 23 * HOUR_MS, 480)).toBe(D0);
    expect(stationDayStart(D0 - HOUR_MS, 480)).toBe(D0 - 24 * HOUR_MS);
    // The same instant is 1 March on UTC+8 and 28 February on UTC.
    expect(stationDayStart(D0 + HOUR_MS, 0)).toBe(Date.UTC(2026, 1, 28));
  });

  it('names the month and year above a station day', () => {
    expect(rollupTargetsOf(7, 'w01018', D0, 480)).toEqual([
      { deviceId: 7, factorCode: 'w01018', kind: 'month', from: D0, to: Date.UTC(2026, 2, 31, 16) },
      {
        deviceId: 7,
        factorCode: 'w01018',
        kind: 'year',
        from: Date.UTC(2025, 11, 31, 16),
        to: Date.UTC(2026, 11, 31, 16),
      },
    ]);
  });
});

describe('values as reports take them', () => {
  const stored = { value: 30, flag: 'D', quality: 'N', auditState: null, auditValue: null };

  it('keeps an unaudited value by its flags, and leaves out one an audit invalidated', () => {
    expect(reportedReading(stored)).toEqual({ value: 30, valid: false });
    expect(reportedReading({ ...stored, flag: 'N', auditState: 'invalid' })).toEqual({ value: null, valid: false });
    expect(reportedReading({ ...stored, auditState: 'valid' })).toEqual({ value: 30, valid: true });
    expect(reportedReading({ ...stored, auditState: 'approved' })).toEqual({ value: 30, valid: false });
    expect(reportedReading({ ...stored, auditState: 'replaced', auditValue: 12 })).toEqual({ value: 12, valid: true });
    expect(reportedReading({ ...stored, auditState: 'recomputed', auditValue: null })).toEqual({
      value: null,
      valid: false,
    });
  });

  it('takes a replaced value as its own lowest and highest', () => {
    const row = { deviceId: 1, factorCode: 'w01018', dataTime: D0, min: 29, max: 31, ...stored };
    expect(reported({ ...row, auditState: 'replaced', auditValue: 12 })).toMatchObject({ value: 12, min: 12, max: 12 });
    expect(reported({ ...row, auditState: 'invalid' })).toMatchObject({ value: null, min: null, max: null });
    expect(reported(row)).toMatchObject({ value: 30, min: 29, max: 31, valid: false, auditState: null });
  });
});
