import { describe, expect, it } from 'vitest';
import { parseFaultCommand } from './fault-command.js';

describe('parseFaultCommand', () => {
  it('reads one station, a range, or all, with a fault or off', () => {
    expect(parseFaultCommand('2 zeros', 4)).toEqual({ stations: [1], fault: 'zeros' });
    expect(parseFaultCommand('1:flag-D', 4)).toEqual({ stations: [0], fault: 'flag-D' });
    expect(parseFaultCommand(' 2-4 offline ', 4)).toEqual({ stations: [1, 2, 3], fault: 'offline' });
    expect(parseFaultCommand('all off', 3)).toEqual({ stations: [0, 1, 2], fault: null });
  });

  it('explains what is wrong', () => {
    expect(parseFaultCommand('5 zeros', 4)).toMatch(/1–4/);
    expect(parseFaultCommand('0 zeros', 4)).toMatch(/1–4/);
    expect(parseFaultCommand('1 melt', 4)).toMatch(/unknown fault "melt"/);
    expect(parseFaultCommand('zeros', 4)).toMatch(/expected/);
  });
});
