import { type Hj212Message, serialisePacket } from '@envmon/hj212';
import { afterEach, describe, expect, it } from 'vitest';
import { encodeForward } from './forward-packet.js';
import { type DeliveryOutcome, type Outgoing, UpstreamLink } from './upstream-link.js';
import { fakeUpstream, reply } from './upstream.test-support.js';

const upload = (qn: string, ack = true) =>
  encodeForward(
    {
      cn: '2061',
      dataTime: Date.UTC(2026, 0, 1),
      values: [{ factorCode: 'w01018', value: 12.5, min: null, max: null, cou: null, flag: 'N' }],
    },
    {
      protocol: '2017',
      st: '21',
      upstreamMn: 'UPMN01',
      upstreamPassword: '123456',
      ackRequired: ack,
      factors: [],
      utcOffsetMinutes: 480,
    },
    qn,
  ).packet;

// Long enough for a loopback answer on a busy machine, short enough for three time-outs in a test.
const POLICY = { overTimeMs: 400, reCount: 2, connectTimeoutMs: 2000 };

describe('a link to an upstream platform', () => {
  const cleanup: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const c of cleanup.splice(0)) await c();
  });

  it('sends an upload and is done when the 9014 with its QN comes', async () => {
    const up = await fakeUpstream((m, socket) => socket.write(reply(m, '9014')));
    cleanup.push(up.close);
    const link = new UpstreamLink({ host: '127.0.0.1', port: up.port }, POLICY);
    cleanup.push(() => link.close());
    await link.open();
    expect(await link.deliver(upload('20260101080000001'), '20260101080000001', true)).toEqual({
      kind: 'acknowledged',
      attempts: 1,
    });
    expect(up.received.map((m) => [m.cn, m.mn, m.qn, m.factors[0]?.avg])).toEqual([
      ['2061', 'UPMN01', '20260101080000001', 12.5],
    ]);
  });

  it('resends after each time-out up to the count, then gives up; a late or foreign 9014 does not count', async () => {
    // Answers only the third copy, and first sends a 9014 for another QN.
    const up = await fakeUpstream((m, socket, n) => {
      if (n === 1) socket.write(reply({ ...m, qn: '20200101000000000' }, '9014'));
      if (n === 3) socket.write(reply(m, '9014'));
    });
    cleanup.push(up.close);
    const link = new UpstreamLink({ host: '127.0.0.1', port: up.port }, POLICY);
    cleanup.push(() => link.close());
    await link.open();
    expect(await link.deliver(upload('20260101080000002'), '20260101080000002', true)).toEqual({
      kind: 'acknowledged',
      attempts: 3,
    });
    const silent = await link.deliver(upload('20260101080000003'), '20260101080000003', true);
    expect(silent).toEqual({ kind: 'timeout', attempts: 3 });
    expect(up.received.map((m) => m.qn)).toEqual([
      ...Array<string>(3).fill('20260101080000002'),
      ...Array<string>(3).fill('20260101080000003'),
    ]);
  });

  it('does not wait when no answer is asked for, and reports a refusal (QnRtn 3, PW error) without resending', async () => {
    const up = await fakeUpstream((m, socket) => {
      if (m.flag?.ack) socket.write(reply(m, '9011', { QnRtn: '3' }));
    });
    cleanup.push(up.close);
    const link = new UpstreamLink({ host: '127.0.0.1', port: up.port }, POLICY);
    cleanup.push(() => link.close());
    await link.open();
    expect(await link.deliver(upload('20260101080000004', false), '20260101080000004', false)).toEqual({
      kind: 'sent',
      attempts: 1,
    });
    expect(await link.deliver(upload('20260101080000005'), '20260101080000005', true)).toEqual({
      kind: 'refused',
      attempts: 1,
      qnRtn: 3,
    });
    expect(up.received).toHaveLength(2);
  });

  it('reports a connection the upstream closes, and sends nothing more on it', async () => {
    const up = await fakeUpstream((m) => {
      if (m.cn === '2061') up.dropClients();
    });
    cleanup.push(up.close);
    const link = new UpstreamLink({ host: '127.0.0.1', port: up.port }, POLICY);
    cleanup.push(() => link.close());
    await link.open();
    expect(await link.deliver(upload('20260101080000006'), '20260101080000006', true)).toMatchObject({
      kind: 'closed',
      attempts: 1,
    });
    expect(link.connected).toBe(false);
    expect(await link.deliver(upload('20260101080000007'), '20260101080000007', true)).toMatchObject({
      kind: 'closed',
      attempts: 0,
    });
    expect(up.received).toHaveLength(1);
  });

  it('hands what answers none of its packets (time setting, backfill requests) to onRequest', async () => {
    const requests: Hj212Message[] = [];
    const up = await fakeUpstream(() => undefined);
    cleanup.push(up.close);
    const link = new UpstreamLink({ host: '127.0.0.1', port: up.port }, POLICY, (m) => requests.push(m));
    cleanup.push(() => link.close());
    await link.open();
    await link.send(upload('20260101080000008', false));
    await expect.poll(() => up.received.length).toBe(1);
    const request = (qn: string, cn: string, cp: Record<string, string>) =>
      serialisePacket({
        qn,
        st: '21',
        cn,
        pw: '123456',
        mn: 'UPMN01',
        flag: { value: 5, ack: true, split: false, version: 1 },
        dialect: 'hj212-2017',
        extra: {},
        cp,
        factors: [],
      });
    up.toClient(request('20260101090000001', '1012', { SystemTime: '20260101090000' }));
    up.toClient(request('20260101090000002', '2061', { BeginTime: '20260101000000', EndTime: '20260101080000' }));
    // A stray 9014 for no packet of ours is not a request.
    up.toClient(reply(up.received[0]!, '9014'));
    await expect.poll(() => requests.length).toBe(2);
    expect(requests.map((m) => [m.cn, m.qn, m.cp])).toEqual([
      ['1012', '20260101090000001', { SystemTime: '20260101090000' }],
      ['2061', '20260101090000002', { BeginTime: '20260101000000', EndTime: '20260101080000' }],
    ]);
  });

  /** Packets 1…n with QNs …0001…, as one batch. */
  const packets = (n: number): Outgoing[] =>
    Array.from({ length: n }, (_, i) => {
      const qn = `2026010109000${String(i + 1).padStart(4, '0')}`;
      return { qn, packet: upload(qn) };
    });
  const nth = (qn: string | undefined) => Number(qn?.slice(-4));

  it('keeps a window of packets in flight and matches answers that come out of order by QN', async () => {
    // Answers only when it holds three unanswered packets, newest first: the link must have sent three unanswered.
    const held: Hj212Message[] = [];
    const up = await fakeUpstream((m, socket) => {
      held.push(m);
      if (held.length < 3) return;
      for (const h of held.splice(0).reverse()) socket.write(reply(h, '9014'));
    });
    cleanup.push(up.close);
    const link = new UpstreamLink({ host: '127.0.0.1', port: up.port }, POLICY);
    cleanup.push(() => link.close());
    await link.open();
    const settled: [number, DeliveryOutcome][] = [];
    const failure = await link.sendAll([packets(6)], true, (item, outcome) => settled.push([nth(item.qn), outcome]), 3);
    expect(failure).toBeNull();
    expect(settled).toEqual([3, 2, 1, 6, 5, 4].map((n) => [n, { kind: 'acknowledged', attempts: 1 }]));
    // Sent in order, each once.
    expect(up.received.map((m) => nth(m.qn))).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('resends a packet that timed out on its own while the others of the window are acknowledged', async () => {
    let dropped = false;
    const up = await fakeUpstream((m, socket) => {
      if (nth(m.qn) === 2 && !dropped) {
        dropped = true;
        return;
      }
      socket.write(reply(m, '9014'));
    });
    cleanup.push(up.close);
    const link = new UpstreamLink({ host: '127.0.0.1', port: up.port }, POLICY);
    cleanup.push(() => link.close());
    await link.open();
    const settled: [number, DeliveryOutcome][] = [];
    expect(await link.sendAll([packets(4)], true, (item, o) => settled.push([nth(item.qn), o]), 4)).toBeNull();
    expect(up.received.map((m) => nth(m.qn))).toEqual([1, 2, 3, 4, 2]);
    expect(settled).toEqual([
      [1, { kind: 'acknowledged', attempts: 1 }],
      [3, { kind: 'acknowledged', attempts: 1 }],
      [4, { kind: 'acknowledged', attempts: 1 }],
      [2, { kind: 'acknowledged', attempts: 2 }],
    ]);
  });

  it('sends nothing new, and resends nothing, after a refusal', async () => {
    // Refuses packet 1 (PW error), never answers packet 2: with a window of two, packets 3–5 must not go.
    const up = await fakeUpstream((m, socket) => {
      if (nth(m.qn) === 1) socket.write(reply(m, '9011', { QnRtn: '3' }));
    });
    cleanup.push(up.close);
    const link = new UpstreamLink({ host: '127.0.0.1', port: up.port }, POLICY);
    cleanup.push(() => link.close());
    await link.open();
    const settled: [number, DeliveryOutcome][] = [];
    const failure = await link.sendAll([packets(5)], true, (item, o) => settled.push([nth(item.qn), o]), 2);
    expect(failure).toEqual({ kind: 'refused', attempts: 1, qnRtn: 3 });
    expect(settled).toEqual([
      [1, { kind: 'refused', attempts: 1, qnRtn: 3 }],
      // Its time-out came after the refusal: not sent again.
      [2, { kind: 'timeout', attempts: 1 }],
    ]);
    expect(up.received.map((m) => nth(m.qn))).toEqual([1, 2]);
  });

  it('refuses to open when nothing listens', async () => {
    const up = await fakeUpstream(() => undefined);
    const port = up.port;
    await up.close();
    const link = new UpstreamLink({ host: '127.0.0.1', port }, POLICY);
    await expect(link.open()).rejects.toThrow(/ECONNREFUSED/);
    expect(link.connected).toBe(false);
  });
});
