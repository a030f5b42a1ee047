import { makeFactor, makeFlag, serialisePacket } from '@envmon/hj212';
import { commandSpec } from '@envmon/shared';
import { describe, expect, it } from 'vitest';
import { commandCp, commandUploads } from './command-packets.js';

const BEIJING = 480;
/** 2026-03-01 08:15:00 in Beijing. */
const NOW = Date.UTC(2026, 2, 1, 0, 15);
const spec = (cn: string) => {
  const found = commandSpec(cn);
  if (!found) throw new Error(cn);
  return found;
};

describe('commandCp', () => {
  it('sets the station clock to the platform’s time now when no time is given (1012), on the station’s clock', () => {
    expect(commandCp(spec('1012'), {}, BEIJING, NOW)).toEqual({ SystemTime: '20260301081500' });
    expect(commandCp(spec('1012'), { SystemTime: String(NOW + 60_000) }, 0, NOW)).toEqual({
      SystemTime: '20260301001600',
    });
  });

  it('writes times entered as epoch ms on the station’s clock, and leaves out what was not entered', () => {
    expect(
      commandCp(spec('3020'), { PolId: 'w01018', InfoId: 'i11001', BeginTime: String(NOW - 3_600_000) }, BEIJING, NOW),
    ).toEqual({ PolId: 'w01018', InfoId: 'i11001', BeginTime: '20260301071500' });
  });

  it('sends 3021’s value under its information code', () => {
    expect(commandCp(spec('3021'), { PolId: 'w01018', InfoId: 'i13004', Info: '165' }, BEIJING, NOW)).toEqual({
      PolId: 'w01018',
      InfoId: 'i13004',
      'i13004-Info': '165',
    });
  });
});

describe('commandUploads', () => {
  const upload = (cn: string, cp: Record<string, string>, factors: Record<string, Record<string, string>> = {}) =>
    serialisePacket({
      qn: '20260301081500000',
      st: '21',
      cn,
      pw: '123456',
      mn: 'M1',
      flag: makeFlag(4),
      dialect: 'hj212-2017',
      extra: {},
      dataTime: '20260301081000',
      cp,
      factors: Object.entries(factors).map(([code, values]) => makeFactor(code, values)),
    });

  it('reads the station’s uploads into fields, leaving out the request, the answers and what does not parse', () => {
    const packets = [
      { direction: 'sent' as const, at: 1, raw: upload('3020', { InfoId: 'i11001' }) },
      { direction: 'received' as const, at: 2, raw: upload('9011', { QnRtn: '1' }) },
      {
        direction: 'received' as const,
        at: 3,
        raw: upload('3020', { PolId: 'w01018' }, { i11001: { Info: '//清洗管路//' }, i13004: { Info: '165' } }),
      },
      { direction: 'received' as const, at: 4, raw: '##0010broken\r\n' },
    ];
    expect(commandUploads(packets, BEIJING)).toEqual([
      {
        cn: '3020',
        at: 3,
        dataTime: Date.UTC(2026, 2, 1, 0, 10),
        fields: [
          { item: 'w01018', key: 'i11001', value: '清洗管路' },
          { item: 'w01018', key: 'i13004', value: '165' },
        ],
      },
    ]);
  });
});
