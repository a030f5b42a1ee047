import { describe, expect, it } from 'vitest';
import {
  differs,
  factorNeed,
  formatReported,
  formatWanted,
  labelKeyOf,
  needsCode,
  SETTABLE_NAMES,
  SITE_PARAMETER_CODES,
  valueProblem,
  valueSpecOf,
} from './parameter-values';

describe('a parameter by its name', () => {
  it('is labelled by its CP field or its information code', () => {
    expect(labelKeyOf('RtdInterval')).toBe('control.param.RtdInterval');
    expect(labelKeyOf('i13004')).toBe('control.info.i13004');
    expect(labelKeyOf('i12001')).toBe('control.info.i12001');
  });

  it('is entered as the command that sets it takes it', () => {
    expect(valueSpecOf('RtdInterval')).toMatchObject({ kind: 'integer', min: 30, max: 3600 });
    expect(valueSpecOf('MinInterval')?.values).toContain(10);
    expect(valueSpecOf('SystemTime')?.kind).toBe('time');
    expect(valueSpecOf('CstartTime')?.kind).toBe('clock');
    expect(valueSpecOf('i13004')?.kind).toBe('text');
    expect(valueSpecOf('SN')).toBeUndefined();
    expect(valueSpecOf('i12001')).toBeUndefined();
  });

  it('names a factor when the sampling period is set, may for a site parameter, never for the station', () => {
    expect(factorNeed('Ctime')).toBe('required');
    expect(factorNeed('CstartTime')).toBe('required');
    expect(factorNeed('i13001')).toBe('optional');
    expect(factorNeed('RtdInterval')).toBe('none');
    expect(factorNeed('SystemTime')).toBe('none');
    expect(factorNeed('SN')).toBe('none');
  });

  it('offers every settable name, the site parameters among them', () => {
    expect(SETTABLE_NAMES).toEqual(
      expect.arrayContaining(['OverTime', 'ReCount', 'RtdInterval', 'MinInterval', 'Ctime']),
    );
    expect(SITE_PARAMETER_CODES.length).toBeGreaterThan(0);
    expect(SITE_PARAMETER_CODES.every((code) => /^i13\d{3}$/.test(code))).toBe(true);
    expect(SETTABLE_NAMES).not.toContain('SN');
  });
});

describe('a value to set', () => {
  it('is checked as the server checks it', () => {
    expect(valueProblem('RtdInterval', '30')).toBeNull();
    expect(valueProblem('RtdInterval', '10')).toBe('control.rules.integer');
    expect(valueProblem('MinInterval', '7')).toBe('control.rules.integer');
    expect(valueProblem('MinInterval', '15')).toBeNull();
    expect(valueProblem('CstartTime', '083000')).toBeNull();
    expect(valueProblem('CstartTime', '250000')).toBe('control.rules.clock');
    expect(valueProblem('i13004', 'a;b')).toBe('control.rules.text');
    expect(valueProblem('OverTime', '')).toBe('validation.required');
    expect(valueProblem('SN', 'x')).toBe('control.rules.command');
  });

  it('may leave the station clock empty: the platform clock when sent', () => {
    expect(valueProblem('SystemTime', '')).toBeNull();
    expect(valueProblem('SystemTime', '1764300000000')).toBeNull();
  });
});

describe('values shown', () => {
  it('read the station clock and times of day', () => {
    expect(formatReported('SystemTime', '20261128153000')).toBe('2026-11-28 15:30:00');
    expect(formatReported('CstartTime', '083000')).toBe('08:30:00');
    expect(formatReported('RtdInterval', '30')).toBe('30');
  });

  it('name a wanted station time, or the platform clock', () => {
    const format = (ms: number) => `at ${ms}`;
    expect(formatWanted('SystemTime', '', format, 'now')).toBe('now');
    expect(formatWanted('SystemTime', '1000', format, 'now')).toBe('at 1000');
    expect(formatWanted('MinInterval', '10', format, 'now')).toBe('10');
  });

  it('differ when the station has not reported the wanted value, numbers as numbers, the clock never', () => {
    expect(differs('MinInterval', '10', '5')).toBe(true);
    expect(differs('MinInterval', null, '5')).toBe(true);
    expect(differs('MinInterval', '10', '10.0')).toBe(false);
    expect(differs('MinInterval', '10', null)).toBe(false);
    expect(differs('i13004', 'abc', 'abc')).toBe(false);
    expect(differs('SystemTime', '20261128153000', '')).toBe(false);
  });
});

describe('commands', () => {
  it('ask a code when the setting command is guarded', () => {
    const guarded = new Set(['3021']);
    expect(needsCode('i13004', guarded)).toBe(true);
    expect(needsCode('MinInterval', guarded)).toBe(false);
    expect(needsCode('SN', guarded)).toBe(false);
  });
});
