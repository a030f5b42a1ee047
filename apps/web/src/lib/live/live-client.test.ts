import { LIVE_CLOSE, type Alarm, type LiveMessage } from '@envmon/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createLiveClient, reconnectDelay, RECONNECT_MAX_MS, type LiveSocket } from './live-client';
import { parseFrame } from './live-frame';
import { liveUrl } from './index';

class FakeSocket implements LiveSocket {
  readyState = 0;
  onopen: LiveSocket['onopen'] = null;
  onmessage: LiveSocket['onmessage'] = null;
  onclose: LiveSocket['onclose'] = null;
  onerror: LiveSocket['onerror'] = null;
  sent: unknown[] = [];
  closed = false;
  constructor(readonly url: string) {}
  send(data: string): void {
    this.sent.push(JSON.parse(data));
  }
  close(): void {
    this.closed = true;
    this.readyState = 3;
  }
  open(): void {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(data: unknown): void {
    this.onmessage?.({ data: typeof data === 'string' ? data : JSON.stringify(data) });
  }
  drop(code = 1006): void {
    this.readyState = 3;
    this.onclose?.({ code, reason: '' });
  }
}

const alarm = (id: number): Alarm => ({
  id,
  alarmType: 1,
  alarmLevel: 1,
  alarmValue: 9,
  unit: 'mg/L',
  beginDate: 1,
  lastDate: 1,
  endDate: null,
  active: true,
  count: 1,
  overflowType: null,
  standardValue: '5',
  symbol: 1,
  deviceId: 7,
  deviceCode: 'D7',
  device: { deviceName: 'Station 7', utcOffsetMinutes: 480 },
  factorCode: 'w01018',
  factor: { factorName: 'COD', factorNameEn: 'COD' },
  workOrder: { orderStatus: 1 },
});

const status: LiveMessage = { type: 'status', deviceId: 7, deviceCode: 'D7', online: true, at: 5 };

/** Waits for the promises already settled to run their callbacks (the parser's load). */
const settled = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function setup(
  initialToken: string | null = 'tok',
  loadFrameParser: () => Promise<typeof parseFrame> = () => Promise.resolve(parseFrame),
) {
  const sockets: FakeSocket[] = [];
  const timers: { callback: () => void; ms: number }[] = [];
  const deferred: (() => void)[] = [];
  let token = initialToken;
  let tokenListener: (() => void) | null = null;
  const errors: unknown[] = [];
  const client = createLiveClient({
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    url: (t) => `ws://host/websocket/${t}`,
    getToken: () => token,
    watchToken: (listener) => {
      tokenListener = listener;
      return () => (tokenListener = null);
    },
    setTimeout: (callback, ms) => timers.push({ callback, ms }),
    clearTimeout: () => undefined,
    random: () => 0,
    reportError: (error) => errors.push(error),
    defer: (callback) => deferred.push(callback),
    loadFrameParser,
  });
  return {
    client,
    sockets,
    timers,
    errors,
    last: () => sockets.at(-1)!,
    flush: () => deferred.splice(0).forEach((callback) => callback()),
    setToken: (next: string | null) => {
      token = next;
      tokenListener?.();
    },
    fire: () => timers.shift()!.callback(),
  };
}

describe('reconnectDelay', () => {
  it('doubles from about a second, stays under the cap and spreads with jitter', () => {
    expect(reconnectDelay(0, 0)).toBe(500);
    expect(reconnectDelay(0, 0.999)).toBeCloseTo(1000, -1);
    expect(reconnectDelay(3, 0)).toBe(4000);
    expect(reconnectDelay(20, 0.999)).toBeLessThanOrEqual(RECONNECT_MAX_MS);
    expect(reconnectDelay(20, 0)).toBe(RECONNECT_MAX_MS / 2);
  });
});

describe('parseFrame', () => {
  it('tells alarm arrays, realtime frames and junk apart', () => {
    expect(parseFrame(JSON.stringify([alarm(1)]))).toEqual({ kind: 'alarms', alarms: [alarm(1)] });
    expect(parseFrame(JSON.stringify({ status: 200, desc: JSON.stringify(status) }))).toEqual({
      kind: 'message',
      message: status,
    });
    expect(parseFrame('not json').kind).toBe('invalid');
    expect(parseFrame(JSON.stringify({ status: 200, desc: '{bad' })).kind).toBe('invalid');
    expect(parseFrame(JSON.stringify([{ id: 'x' }])).kind).toBe('invalid');
  });
});

describe('liveUrl', () => {
  it('uses ws or wss on the console origin', () => {
    expect(liveUrl('a b', { protocol: 'https:', host: 'x.cn' })).toBe('wss://x.cn/websocket/a%20b');
    expect(liveUrl('t', { protocol: 'http:', host: 'localhost:5173' })).toBe('ws://localhost:5173/websocket/t');
  });
});

describe('createLiveClient', () => {
  let t: ReturnType<typeof setup>;
  beforeEach(() => {
    t = setup();
  });

  it('connects on first use only, and not without a token', () => {
    expect(t.sockets).toHaveLength(0);
    const off = t.client.onAlarms(() => undefined);
    expect(t.last().url).toBe('ws://host/websocket/tok');
    expect(t.client.getState()).toBe('connecting');
    t.last().open();
    expect(t.client.getState()).toBe('open');
    off();
    expect(t.last().closed).toBe(true);
    expect(t.client.getState()).toBe('closed');

    const signedOut = setup(null);
    signedOut.client.onAlarms(() => undefined);
    expect(signedOut.sockets).toHaveLength(0);
    signedOut.setToken('new');
    expect(signedOut.last().url).toBe('ws://host/websocket/new');
  });

  it('rejects a duplicate listener name and frees the name on removal', () => {
    const off = t.client.addListener('chart', () => undefined);
    expect(() => t.client.addListener('chart', () => undefined)).toThrow(/already registered/);
    off();
    expect(() => t.client.addListener('chart', () => undefined)).not.toThrow();
  });

  it('routes alarm arrays to alarm listeners and realtime messages to every named listener', async () => {
    const alarms = vi.fn();
    const a = vi.fn();
    const b = vi.fn(() => {
      throw new Error('boom');
    });
    t.client.onAlarms(alarms);
    t.client.addListener('b', b);
    t.client.addListener('a', a);
    t.last().open();
    t.last().receive([alarm(3)]);
    t.last().receive({ status: 200, desc: JSON.stringify(status) });
    t.last().receive('garbage');
    await settled();
    expect(alarms).toHaveBeenCalledWith([alarm(3)]);
    expect(a).toHaveBeenCalledTimes(1);
    expect(a).toHaveBeenCalledWith(status);
    // One failing listener does not keep the message from the others.
    expect(t.errors).toHaveLength(1);
  });

  it('holds frames in order until the frame check has loaded, and hands on none it refuses', async () => {
    let load: (parser: typeof parseFrame) => void = () => undefined;
    const loader = vi.fn(() => new Promise<typeof parseFrame>((resolve) => (load = resolve)));
    const held = setup('tok', loader);
    const messages: LiveMessage[] = [];
    const alarms = vi.fn();
    held.client.onAlarms(alarms);
    held.client.addListener('a', (message) => messages.push(message));
    held.last().open();
    const second: LiveMessage = { ...status, at: 6 };
    held.last().receive({ status: 200, desc: JSON.stringify(status) });
    held.last().receive([{ id: 'x' }]);
    held.last().receive({ status: 200, desc: JSON.stringify(second) });
    await settled();
    expect(messages).toEqual([]);
    expect(loader).toHaveBeenCalledTimes(1);

    load(parseFrame);
    await settled();
    expect(messages).toEqual([status, second]);
    expect(alarms).not.toHaveBeenCalled();
    held.last().receive([alarm(4)]);
    expect(alarms).toHaveBeenCalledWith([alarm(4)]);
    expect(loader).toHaveBeenCalledTimes(1);
  });

  it('drops the frames of a socket closed while the check loads, and retries a failed load', async () => {
    let load: (parser: typeof parseFrame) => void = () => undefined;
    let fail: (error: Error) => void = () => undefined;
    const loader = vi.fn(
      () =>
        new Promise<typeof parseFrame>((resolve, reject) => {
          load = resolve;
          fail = reject;
        }),
    );
    const held = setup('tok', loader);
    const alarms = vi.fn();
    held.client.onAlarms(alarms);
    held.last().open();
    held.last().receive([alarm(1)]);
    fail(new Error('offline'));
    await settled();
    expect(held.errors).toEqual([new Error('offline')]);
    expect(alarms).not.toHaveBeenCalled();

    held.last().receive([alarm(2)]);
    held.last().drop();
    held.fire();
    held.last().open();
    held.last().receive([alarm(3)]);
    load(parseFrame);
    await settled();
    expect(loader).toHaveBeenCalledTimes(2);
    expect(alarms).toHaveBeenCalledTimes(1);
    expect(alarms).toHaveBeenCalledWith([alarm(3)]);
  });

  it('sends the union of follows once per batch and re-sends it after a reconnect', () => {
    const one = t.client.follow([3, 1]);
    t.client.follow([1, 2]);
    t.last().open();
    expect(t.last().sent).toEqual([{ type: 'subscribe', deviceIds: [1, 2, 3] }]);
    t.flush();
    expect(t.last().sent).toHaveLength(1);

    one();
    t.client.follow([2]);
    t.flush();
    expect(t.last().sent.at(-1)).toEqual({ type: 'subscribe', deviceIds: [1, 2] });

    const reconnected = vi.fn();
    t.client.onReconnect(reconnected);
    t.last().drop();
    expect(t.client.getState()).toBe('closed');
    t.fire();
    t.last().open();
    expect(t.sockets).toHaveLength(2);
    expect(t.last().sent).toEqual([{ type: 'subscribe', deviceIds: [1, 2] }]);
    expect(reconnected).toHaveBeenCalledTimes(1);
  });

  it('backs off exponentially while the server is away and starts over once connected', () => {
    t.client.onAlarms(() => undefined);
    t.last().drop();
    t.fire();
    t.last().drop();
    t.fire();
    t.last().drop();
    expect(t.timers.map((timer) => timer.ms)).toEqual([2000]);
    t.fire();
    t.last().open();
    t.last().drop();
    expect(t.timers.map((timer) => timer.ms)).toEqual([500]);
  });

  it('waits for a new token when the server refuses this one, and reconnects when it changes', () => {
    t.client.onAlarms(() => undefined);
    t.last().drop(LIVE_CLOSE.badToken);
    expect(t.timers).toHaveLength(0);
    t.setToken('fresh');
    expect(t.last().url).toBe('ws://host/websocket/fresh');
    t.setToken(null);
    expect(t.last().closed).toBe(true);
    expect(t.client.getState()).toBe('closed');
  });
});
