import type { Alarm, LiveMessage } from '@envmon/shared';
import { describe, expect, it, vi } from 'vitest';
import { LiveHub, type LiveSocket, type LiveViewer } from './live.hub.js';

class FakeSocket implements LiveSocket {
  readyState = 1;
  bufferedAmount = 0;
  sent: string[] = [];
  pings = 0;
  closedWith: [number | undefined, string | undefined] | null = null;
  terminated = false;
  send(data: string): void {
    this.sent.push(data);
  }
  ping(): void {
    this.pings += 1;
  }
  close(code?: number, reason?: string): void {
    this.closedWith = [code, reason];
  }
  terminate(): void {
    this.terminated = true;
  }
}

const LIMIT = 1000;
const everyDevice: LiveViewer = { userId: 1, devices: null, alarms: true };
const boundTo = (...ids: number[]): LiveViewer => ({ userId: 2, devices: new Set(ids), alarms: true });
const alarm = (id: number, deviceId: number) => ({ id, deviceId }) as Alarm;
const status = (deviceId: number): LiveMessage => ({ type: 'status', deviceId, deviceCode: 'X', online: true, at: 1 });

function hub(onLagging = vi.fn()) {
  return new LiveHub({ maxBufferedBytes: LIMIT, onLagging });
}

describe('LiveHub', () => {
  it('serialises an alarm frame once for every console that sees all of it', () => {
    const h = hub();
    const a = new FakeSocket();
    const b = new FakeSocket();
    const c = new FakeSocket();
    h.add(a, everyDevice);
    h.add(b, boundTo(1, 2));
    h.add(c, boundTo(3));
    const spy = vi.spyOn(JSON, 'stringify');
    h.publishAlarms([alarm(10, 1), alarm(11, 2)]);
    expect(spy).toHaveBeenCalledTimes(1);
    spy.mockRestore();
    expect(a.sent).toEqual(b.sent);
    expect(c.sent).toEqual([]);
  });

  it('sends realtime frames to followers of the device only, and forgets removed connections', () => {
    const h = hub();
    const a = new FakeSocket();
    const b = new FakeSocket();
    const ca = h.add(a, everyDevice);
    const cb = h.add(b, boundTo(1));
    h.follow(ca, [1, 2]);
    h.follow(cb, [1, 2]);
    h.publishMessage(status(2));
    expect([a.sent.length, b.sent.length]).toEqual([1, 0]);
    h.follow(ca, []);
    h.publishMessage(status(2));
    expect(h.followed(2)).toBe(false);
    h.remove(cb);
    expect(h.followed(1)).toBe(false);
    expect(h.size).toBe(1);
  });

  it('filters what a connection follows again when its rights are reviewed', () => {
    const h = hub();
    const connection = h.add(new FakeSocket(), boundTo(1));
    h.follow(connection, [1, 2]);
    expect([h.followed(1), h.followed(2)]).toEqual([true, false]);
    h.reviewed(connection, boundTo(2));
    expect([h.followed(1), h.followed(2)]).toEqual([false, true]);
    expect(h.all()).toEqual([connection]);
  });

  it('skips realtime frames for a backed-up socket, and hands it over when it would miss an alarm', () => {
    const onLagging = vi.fn();
    const h = hub(onLagging);
    const slow = new FakeSocket();
    const connection = h.add(slow, everyDevice);
    h.follow(connection, [1]);
    slow.bufferedAmount = LIMIT + 1;
    h.publishMessage(status(1));
    expect(slow.sent).toEqual([]);
    expect(connection.dropped).toBe(1);
    h.publishAlarms([alarm(1, 1)]);
    expect(onLagging).toHaveBeenCalledWith(connection);
  });

  it('terminates sockets that missed a ping and keeps those that answered', () => {
    const h = hub();
    const quiet = new FakeSocket();
    const lively = new FakeSocket();
    h.add(quiet, everyDevice);
    const answering = h.add(lively, everyDevice);
    h.heartbeat();
    expect([quiet.pings, lively.pings]).toEqual([1, 1]);
    h.pong(answering);
    h.heartbeat();
    expect(quiet.terminated).toBe(true);
    expect(lively.terminated).toBe(false);
    expect(h.size).toBe(1);
  });

  it('closes every connection with the given code', () => {
    const h = hub();
    const a = new FakeSocket();
    h.add(a, everyDevice);
    h.closeAll(1001, 'bye');
    expect(a.closedWith).toEqual([1001, 'bye']);
    expect(h.size).toBe(0);
  });
});
