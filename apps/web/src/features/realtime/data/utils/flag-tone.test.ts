import { describe, expect, it } from 'vitest';
import { legendFlags, type PresetColors, toneTextColor, valueTone } from './flag-tone';

const COLORS: PresetColors = {
  colorText: 'text',
  colorTextTertiary: 'grey',
  red: '#red',
  orange: '#orange',
  volcano: '#volcano',
  blue: '#blue',
  gold: '#gold',
  green: '#green',
};

describe('value colouring by data flag', () => {
  it('is normal when both flags are N or absent', () => {
    expect(valueTone('N', 'N')).toMatchObject({ code: 'N', color: 'green', preFit: false });
    expect(valueTone(null, undefined)).toMatchObject({ code: 'N' });
    expect(toneTextColor(valueTone('N', 'N'), COLORS)).toBe('text');
  });

  it("takes the more serious of the station's flag and the platform's quality flag", () => {
    expect(valueTone('N', 'SH4')).toMatchObject({ flag: 'SH4', color: 'orange' });
    expect(valueTone('D', 'SH4')).toMatchObject({ flag: 'D', color: 'volcano' });
    expect(valueTone('C', 'ABN')).toMatchObject({ flag: 'ABN', color: 'red' });
    expect(valueTone('T', 'WN')).toMatchObject({ flag: 'T', color: 'red' });
    expect(toneTextColor(valueTone('N', 'WN'), COLORS)).toBe('#gold');
    expect(toneTextColor(valueTone('D5', 'N'), COLORS)).toBe('#volcano');
  });

  it('greys out absence flags and marks unknown flags as unusual', () => {
    expect(toneTextColor(valueTone('B', 'N'), COLORS)).toBe('grey');
    expect(valueTone('XYZ', 'N')).toMatchObject({ flag: 'XYZ', color: 'gold' });
  });

  it('reads a pre-fit flag (with a dot) by its code and keeps it visible even when normal', () => {
    const tone = valueTone('N.', 'N');
    expect(tone).toMatchObject({ code: 'N', preFit: true, color: 'green' });
    expect(toneTextColor(tone, COLORS)).toBe('#green');
    expect(valueTone('D.', 'N')).toMatchObject({ code: 'D', preFit: true, color: 'volcano' });
  });

  it('lists the flag families in the legend, without the numbered sub-codes', () => {
    const codes = legendFlags().map((item) => item.value);
    expect(codes).toEqual(expect.arrayContaining(['N', 'SH1', 'SH5', 'T', 'L', 'D', 'B', 'M', 'hd', 'WN', 'ABN']));
    expect(codes.some((code) => /^(D|hd|M)\d+$/.test(code))).toBe(false);
  });
});
