import { commandSpec } from '@envmon/shared';
import { describe, expect, it } from 'vitest';
import { dayjs } from '../../../../lib/dayjs';
import { toFormValue, toWireValue } from './form-values';
import { valueSpecOf } from './parameter-values';

const spec = (name: string) => {
  const found = valueSpecOf(name);
  if (!found) throw new Error(name);
  return found;
};

describe('a value between its control and the command', () => {
  it('is a number for the intervals', () => {
    expect(toFormValue(spec('RtdInterval'), '30')).toBe(30);
    expect(toFormValue(spec('RtdInterval'), 'x')).toBeUndefined();
    expect(toWireValue(spec('RtdInterval'), 60)).toBe('60');
  });

  it('is a time of day for the sampling start, sent as hhmmss', () => {
    const value = toFormValue(spec('CstartTime'), '083015');
    expect(dayjs.isDayjs(value) && value.format('HH:mm:ss')).toBe('08:30:15');
    expect(toWireValue(spec('CstartTime'), value)).toBe('083015');
  });

  it('is a moment for the station clock, or nothing for the platform clock when sent', () => {
    const at = dayjs('2026-11-28T08:00:00.250Z');
    expect(toWireValue(spec('SystemTime'), at)).toBe(String(at.millisecond(0).valueOf()));
    expect(toWireValue(spec('SystemTime'), at, 'now')).toBe('');
    expect(toFormValue(spec('SystemTime'), '20261128153000')).toBeUndefined();
    expect(toFormValue(spec('SystemTime'), String(at.valueOf()))).toBeDefined();
  });

  it('is text for a site parameter', () => {
    expect(toWireValue(spec('i13004'), ' 165 ')).toBe('165');
    expect(toWireValue(spec('i13004'), undefined)).toBe('');
    expect(commandSpec('3021')).toBeDefined();
  });
});
