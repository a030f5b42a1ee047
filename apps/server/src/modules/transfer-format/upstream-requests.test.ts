import { parsePacket } from '@envmon/hj212';
import { describe, expect, it } from 'vitest';
import { answerPacket, backfillRange } from './upstream-requests.js';

const request = (packet: string) => {
  const parsed = parsePacket(packet);
  if (!parsed.ok) throw new Error(parsed.error.detail);
  return parsed.message;
};

describe('answers to an upstream', () => {
  it('writes the 9014-style answer form for 9013 (X01’s framing: same QN, ST 91, Flag 4, CP=&&&&)', () => {
    // X01 of HJ212.md is the standard's 9014; a 9013 differs only in the CN (CRC by HJ212.md §3, computed outside).
    expect(
      answerPacket(
        { qn: '20160801085000001' },
        '9013',
        {},
        {
          protocol: '2017',
          upstreamMn: '010000A8900016F000169DC0',
          upstreamPassword: '123456',
        },
      ),
    ).toBe('##0087QN=20160801085000001;ST=91;CN=9013;PW=123456;MN=010000A8900016F000169DC0;Flag=4;CP=&&&&DA81\r\n');
  });

  it('answers a 2005 upstream with version bits 0 and carries the return code', () => {
    const packet = answerPacket(
      { qn: '20260101090000001' },
      '9011',
      { QnRtn: '1' },
      {
        protocol: '2005',
        upstreamMn: 'NAT000000000001',
        upstreamPassword: 'dev001',
      },
    );
    const parsed = request(packet);
    expect([parsed.cn, parsed.st, parsed.flag?.value, parsed.cp]).toEqual(['9011', '91', 0, { QnRtn: '1' }]);
  });
});

describe('backfill requests', () => {
  // A parsed request: only its CN and CP matter here.
  const ask = (cn: string, cp: Record<string, string>) => ({
    ...request(
      answerPacket(
        { qn: '20260101090000002' },
        '9013',
        {},
        { protocol: '2017', upstreamMn: 'M', upstreamPassword: 'P' },
      ),
    ),
    cn,
    cp,
  });

  it('reads the hours asked for on the station clock', () => {
    const message = ask('2061', { BeginTime: '20260101080000', EndTime: '20260101100000' });
    expect(backfillRange(message, 480)).toEqual({
      cn: '2061',
      kind: 'hour',
      from: Date.UTC(2026, 0, 1, 0),
      to: Date.UTC(2026, 0, 1, 2),
    });
  });

  it('is no backfill without both times, with times backwards, or for another CN', () => {
    expect(backfillRange(ask('2051', { BeginTime: '20260101080000' }), 480)).toBeNull();
    expect(backfillRange(ask('2051', { BeginTime: '20260101090000', EndTime: '20260101080000' }), 480)).toBeNull();
    expect(backfillRange(ask('2011', { BeginTime: '20260101080000', EndTime: '20260101090000' }), 480)).toBeNull();
    expect(backfillRange(ask('2031', { BeginTime: '20260101000000', EndTime: '20260102000000' }), 480)).toEqual({
      cn: '2031',
      kind: 'day',
      from: Date.UTC(2025, 11, 31, 16),
      to: Date.UTC(2026, 0, 1, 16),
    });
  });
});
