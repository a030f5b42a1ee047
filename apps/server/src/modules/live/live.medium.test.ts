import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { LIVE_CLOSE, type Alarm, type LiveMessage, type RealtimeFrame } from '@envmon/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, login, useTestApp, type TestApp } from '../../test/harness.js';
import { insertDevice, userWith } from '../deploy/device-panel.test-support.js';
import { LIVE_MAX_PAYLOAD_BYTES } from './live.routes.js';

/** The `ws` client (installed with @fastify/websocket, which ships no types for it): a real socket to the listening app. */
interface WsClient {
  readyState: number;
  send(data: string): void;
  close(): void;
  on(event: 'message', listener: (data: Buffer) => void): void;
  on(event: 'close', listener: (code: number, reason: Buffer) => void): void;
  on(event: 'open', listener: () => void): void;
  on(event: 'error', listener: (err: Error) => void): void;
}
const { WebSocket } = createRequire(import.meta.url)('ws') as { WebSocket: new (url: string) => WsClient };

const WAIT_MS = 5_000;
/** The app's alarm engine reacts to the same bus events; the test's own alarms have ids above its. */
const TEST_ALARM_IDS = 900_000;
const engineAlarms = (frame: unknown) => Array.isArray(frame) && frame.every((a: Alarm) => a.id < TEST_ALARM_IDS);
const QUIET_MS = 150;

class Console {
  readonly frames: unknown[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  readonly opened: Promise<void>;
  private waiters: (() => void)[] = [];
  readonly socket: WsClient;

  constructor(url: string) {
    this.socket = new WebSocket(url);
    this.socket.on('message', (data) => {
      const frame: unknown = JSON.parse(data.toString('utf8'));
      if (engineAlarms(frame)) return;
      this.frames.push(frame);
      for (const wake of this.waiters.splice(0)) wake();
    });
    this.socket.on('error', () => undefined);
    this.opened = new Promise((resolve) => this.socket.on('open', resolve));
    this.closed = new Promise((resolve) =>
      this.socket.on('close', (code, reason) => resolve({ code, reason: reason.toString('utf8') })),
    );
  }

  /** Waits until `count` frames have arrived. */
  async received(count: number): Promise<unknown[]> {
    const deadline = Date.now() + WAIT_MS;
    while (this.frames.length < count) {
      if (Date.now() > deadline) throw new Error(`expected ${count} frames, got ${this.frames.length}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
    return this.frames;
  }

  take(): unknown[] {
    return this.frames.splice(0);
  }

  subscribe(deviceIds: unknown): void {
    this.socket.send(JSON.stringify({ type: 'subscribe', deviceIds }));
  }
}

const messageOf = (frame: unknown): LiveMessage => JSON.parse((frame as RealtimeFrame).desc) as LiveMessage;

function alarm(n: number, deviceId: number): Alarm {
  return {
    id: TEST_ALARM_IDS + n,
    alarmType: 1,
    alarmLevel: 1,
    alarmValue: 12.5,
    unit: 'mg/L',
    beginDate: 1_700_000_000_000,
    lastDate: 1_700_000_000_000,
    endDate: null,
    active: true,
    count: 1,
    overflowType: null,
    standardValue: '10',
    symbol: 1,
    deviceId,
    deviceCode: `D${deviceId}`,
    device: { deviceName: `Station ${deviceId}`, utcOffsetMinutes: 480 },
    factorCode: 'w01018',
    factor: { factorName: 'COD', factorNameEn: 'COD' },
    workOrder: { orderStatus: 1 },
  };
}

describe('live push over /websocket/{token}', () => {
  const t = useTestApp();
  let base: string;
  let admin: string;
  let bound: string;
  let noAlarms: string;
  let other: string;
  let d1: number;
  let d2: number;
  const consoles: Console[] = [];

  const open = async (token: string) => {
    const c = new Console(`${base}/websocket/${encodeURIComponent(token)}`);
    consoles.push(c);
    await c.opened;
    return c;
  };

  const publishStatus = (deviceId: number, online = true) => {
    const event = { deviceId, deviceCode: `D${deviceId}`, at: 5 };
    if (online) t().app.bus.publish('device.online', { ...event, remote: '127.0.0.1:1' });
    else t().app.bus.publish('device.offline', { ...event, reason: 'closed' });
  };

  /** Subscribing applies after the server reloads the user's devices: repeat a status until one arrives. */
  async function following(c: Console, deviceId: number): Promise<void> {
    const deadline = Date.now() + WAIT_MS;
    while (c.frames.length === 0) {
      if (Date.now() > deadline) throw new Error(`never received device ${deviceId}`);
      publishStatus(deviceId);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    c.take();
  }

  beforeAll(async () => {
    const { app } = t();
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    admin = await login(app, 'admin', ADMIN_PASSWORD);
    d1 = await insertDevice(t(), 'LIVE0001');
    d2 = await insertDevice(t(), 'LIVE0002');
    bound = await userWith(t(), admin, 'live-bound', ['alarm.list', 'realtime.data'], ['LIVE0001']);
    noAlarms = await userWith(t(), admin, 'live-no-alarms', ['realtime.data'], ['LIVE0001']);
    other = await userWith(t(), admin, 'live-other', ['alarm.list'], ['LIVE0002']);
  });

  afterAll(() => {
    for (const c of consoles) c.socket.close();
  });

  it('closes a connection with a bad, expired or missing token with the badToken code and a reason', async () => {
    for (const path of ['/websocket/not-a-token', '/websocket/']) {
      const c = new Console(`${base}${path}`);
      const closed = await c.closed;
      expect(closed.code, path).toBe(LIVE_CLOSE.badToken);
      expect(closed.reason).toMatch(/token/);
    }
  });

  it('pushes each console the alarms of the devices it may see, and none to users without the alarm list', async () => {
    const [adminConsole, boundConsole, noAlarmConsole, otherConsole] = await Promise.all(
      [admin, bound, noAlarms, other].map((token) => open(token)),
    );
    t().app.bus.publish('alarm.changed', { alarms: [alarm(1, d1), alarm(2, d2)] });
    t().app.bus.publish('alarm.changed', { alarms: [] });

    expect(await adminConsole!.received(1)).toEqual([[alarm(1, d1), alarm(2, d2)]]);
    expect(await boundConsole!.received(1)).toEqual([[alarm(1, d1)]]);
    expect(await otherConsole!.received(1)).toEqual([[alarm(2, d2)]]);

    // Frames arrive in order: once a later realtime frame is in, no alarm frame was sent before it.
    noAlarmConsole!.subscribe([d1]);
    await following(noAlarmConsole!, d1);
    expect(noAlarmConsole!.frames).toEqual([]);
    for (const c of [adminConsole, boundConsole, otherConsole]) c!.take();
  });

  it('pushes realtime frames only for followed devices the user may see', async () => {
    const adminConsole = await open(admin);
    const boundConsole = await open(bound);
    // d2 is not bound to the user: the server drops it from the request.
    boundConsole.subscribe([d1, d2]);
    await following(boundConsole, d1);

    t().app.bus.publish('data.received', {
      deviceId: d2,
      deviceCode: 'LIVE0002',
      kind: 'rtd',
      dataTime: 1000,
      values: [{ factorCode: 'w01018', value: 1, min: null, max: null, cou: null, flag: 'N', quality: 'N' }],
    });
    t().app.bus.publish('data.received', {
      deviceId: d1,
      deviceCode: 'LIVE0001',
      kind: 'rtd',
      dataTime: 2000,
      values: [{ factorCode: 'w01018', value: 7.5, min: 7, max: 8, cou: null, flag: 'N', quality: 'N' }],
    });
    publishStatus(d1, false);

    const frames = await boundConsole.received(2);
    expect(frames.map((frame) => (frame as RealtimeFrame).status)).toEqual([200, 200]);
    expect(frames.map(messageOf)).toEqual([
      {
        type: 'data',
        deviceId: d1,
        deviceCode: 'LIVE0001',
        kind: 'rtd',
        dataTime: 2000,
        values: [{ factorCode: 'w01018', value: 7.5, flag: 'N', quality: 'N' }],
      },
      { type: 'status', deviceId: d1, deviceCode: 'D' + d1, online: false, at: 5 },
    ]);
    // Admin sees every device but follows none: no realtime frames.
    t().app.bus.publish('alarm.changed', { alarms: [alarm(3, d1)] });
    expect(await adminConsole.received(1)).toEqual([[alarm(3, d1)]]);
  });

  it('ignores bad request frames with a log line, and a repeated or emptied subscription replaces the last one', async () => {
    const c = await open(admin);
    const warnings = t().logLines.length;
    c.socket.send('not json');
    c.subscribe(['x']);
    c.socket.send(JSON.stringify({ type: 'follow', deviceIds: [d1] }));
    c.subscribe([d1]);
    c.subscribe([d1]);
    await following(c, d1);
    expect(c.socket.readyState).toBe(1);
    expect(
      t()
        .logLines.slice(warnings)
        .filter((line) => line.msg === 'ignored a bad push request frame'),
    ).toHaveLength(3);

    // Following twice does not deliver twice.
    publishStatus(d1);
    t().app.bus.publish('alarm.changed', { alarms: [alarm(4, d1)] });
    expect(await c.received(2)).toHaveLength(2);
    expect(c.take()[1]).toEqual([alarm(4, d1)]);

    c.subscribe([]);
    await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
    publishStatus(d1);
    t().app.bus.publish('alarm.changed', { alarms: [alarm(5, d1)] });
    expect(await c.received(1)).toEqual([[alarm(5, d1)]]);
  });

  it('closes a connection that sends an oversize frame', async () => {
    const c = await open(admin);
    c.socket.send('x'.repeat(LIVE_MAX_PAYLOAD_BYTES + 1));
    expect((await c.closed).code).toBe(1009);
  });
});

describe('live push on shutdown', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });

  it('closes every console with the shutdown code', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const token = await login(t.app, 'admin', ADMIN_PASSWORD);
    const c = new Console(`ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/websocket/${token}`);
    await c.opened;
    await t.close();
    expect((await c.closed).code).toBe(LIVE_CLOSE.serverShutdown);
  });
});
