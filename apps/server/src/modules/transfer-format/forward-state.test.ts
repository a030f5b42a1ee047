import { parsePacket } from '@envmon/hj212';
import { describe, expect, it } from 'vitest';
import { packet } from '../../test/station-client.js';
import type { ForwardTarget } from './forward-packet.js';
import type { ForwardTargetRow } from './forward-queue.repository.js';
import { encodeStatePacket, StateUploads, stateItems } from './forward-state.js';

const TARGET: ForwardTarget = {
  protocol: '2017',
  st: '22',
  upstreamMn: 'PROV0001',
  upstreamPassword: 'prov01',
  ackRequired: true,
  factors: [{ factorCode: 'w01018', upstreamCode: 'COD', ratio: 1, decimals: null }],
  utcOffsetMinutes: 480,
};
/** 08:00 Beijing time, 1 March 2026. */
const T = Date.UTC(2026, 2, 1, 0);

const stored = (spec: Parameters<typeof packet>[0]) => {
  const parsed = parsePacket(packet(spec));
  if (!parsed.ok) throw new Error('test packet does not parse');
  return parsed.message;
};

describe('encodeStatePacket', () => {
  it('sends a run state as stored, under the upstream’s MN, password, ST and version, with the new QN', () => {
    const out = encodeStatePacket(
      stored({
        mn: 'OURS0001',
        pw: '123456',
        cn: '2021',
        dataTime: '20260301080000',
        factors: { SB1: { RS: '1' }, w01018: { RS: '0' } },
      }),
      '2021',
      T,
      TARGET,
      '20260301080500123',
    );
    const parsed = parsePacket(out);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const m = parsed.message;
    expect([m.qn, m.st, m.cn, m.pw, m.mn, m.flag?.value, m.dataTime]).toEqual([
      '20260301080500123',
      '22',
      '2021',
      'prov01',
      'PROV0001',
      5,
      '20260301080000',
    ]);
    // Equipment codes are no factors and stay; a factor goes under its mapped code.
    expect(m.factors.map((f) => [f.code, f.values])).toEqual([
      ['SB1', { RS: '1' }],
      ['COD', { RS: '0' }],
    ]);
    expect(out.endsWith('\r\n')).toBe(true);
  });

  it('gives a restart without DataTime the time it was received, in the 2005 framing for a 2005 upstream', () => {
    const out = encodeStatePacket(
      stored({ mn: 'OURS0001', cn: '2081', cp: { RestartTime: '20260301075900' } }),
      '2081',
      T,
      { ...TARGET, protocol: '2005', ackRequired: false, factors: [] },
      '20260301080500124',
    );
    const parsed = parsePacket(out);
    expect(parsed.ok && [parsed.message.flag?.value, parsed.message.dataTime, parsed.message.cp]).toEqual([
      0,
      '20260301080000',
      { RestartTime: '20260301075900' },
    ]);
  });
});

describe('StateUploads', () => {
  const row = { id: 1, deviceId: 7 } as ForwardTargetRow;

  it('reads the stored packet by its key and uses a fresh QN; nothing when it is gone', async () => {
    const asked: unknown[] = [];
    const uploads = new StateUploads({
      statePacket: (...args) => {
        asked.push(args);
        return Promise.resolve(
          args[2] === T
            ? packet({ mn: 'OURS0001', cn: '2041', dataTime: '20260301000000', factors: { SB1: { RT: '12.5' } } })
            : null,
        );
      },
    });
    let qn = 0;
    const next = () => `2026030108050000${++qn}`;
    const upload = await uploads.upload(row, TARGET, '2041', T, next);
    expect(upload?.qn).toBe('20260301080500001');
    const parsed = parsePacket(upload!.packet);
    expect(parsed.ok && parsed.message.factors.map((f) => [f.code, f.values])).toEqual([['SB1', { RT: '12.5' }]]);
    expect(await uploads.upload(row, TARGET, '2041', T + 1, next)).toBeNull();
    expect(asked).toEqual([
      [7, '2041', T],
      [7, '2041', T + 1],
    ]);
    // No QN is spent on what is not sent.
    expect(qn).toBe(1);
  });
});

describe('stateItems', () => {
  const target = (id: number, deviceId: number, cns: string, fromTime: number | null) =>
    ({ id, deviceId, cns, fromTime }) as ForwardTargetRow;

  it('queues a state upload for each upstream device taking its CN from the device, from its fromTime', () => {
    const targets = [
      target(1, 7, '["2021","2061"]', null),
      target(2, 7, '["2061"]', null),
      target(3, 8, '["2021"]', null),
      target(4, 7, '["2021"]', T + 1),
      target(5, 7, '["2021"]', T),
    ];
    expect(stateItems(targets, { deviceId: 7, deviceCode: 'X', cn: '2021', dataTime: T })).toEqual([
      { upstreamDeviceId: 1, cn: '2021', dataTime: T },
      { upstreamDeviceId: 5, cn: '2021', dataTime: T },
    ]);
    expect(stateItems(targets, { deviceId: 7, deviceCode: 'X', cn: '3020', dataTime: T })).toEqual([]);
  });
});
