import { describe, expect, it, vi } from 'vitest';
import { type DomainEvents, InProcessEventBus } from './bus.js';

const online = (deviceId: number): DomainEvents['device.online'] => ({
  deviceId,
  deviceCode: `ST${deviceId}`,
  at: deviceId,
  remote: '10.0.0.1:1',
});

describe('InProcessEventBus', () => {
  it('gives every event to each subscriber without a group, and to one member of each group in turn', () => {
    const bus = new InProcessEventBus(() => undefined);
    const live = vi.fn();
    const engineA = vi.fn();
    const engineB = vi.fn();
    const notifier = vi.fn();
    bus.subscribe('device.online', live);
    bus.subscribe('device.online', engineA, { group: 'alarm-engine' });
    bus.subscribe('device.online', engineB, { group: 'alarm-engine' });
    bus.subscribe('device.online', notifier, { group: 'wx-alarm' });
    for (const id of [1, 2, 3, 4]) bus.publish('device.online', online(id));
    expect(live.mock.calls.map(([e]) => (e as { deviceId: number }).deviceId)).toEqual([1, 2, 3, 4]);
    expect(engineA.mock.calls.length + engineB.mock.calls.length).toBe(4);
    expect(engineA).toHaveBeenCalledTimes(2);
    expect(notifier).toHaveBeenCalledTimes(4);
  });

  it('hands a group’s events to the members left after one leaves, and reports a failing handler', () => {
    const errors: unknown[] = [];
    const bus = new InProcessEventBus((_name, err) => errors.push(err));
    const stays = vi.fn();
    const leaves = vi.fn(() => {
      throw new Error('processor failed');
    });
    bus.subscribe('device.online', stays, { group: 'g' });
    const leave = bus.subscribe('device.online', leaves, { group: 'g' });
    bus.publish('device.online', online(1));
    bus.publish('device.online', online(2));
    leave();
    bus.publish('device.online', online(3));
    bus.publish('device.online', online(4));
    expect(leaves).toHaveBeenCalledOnce();
    expect(stays).toHaveBeenCalledTimes(3);
    expect(errors).toHaveLength(1);
  });

  it('has nothing from elsewhere in one process: every event is its own', () => {
    const bus = new InProcessEventBus(() => undefined);
    const here = vi.fn();
    const elsewhere = vi.fn();
    bus.subscribe('device.online', here, { from: 'here' });
    bus.subscribe('device.online', elsewhere, { from: 'elsewhere' });
    bus.publish('device.online', online(1));
    expect(here).toHaveBeenCalledOnce();
    expect(elsewhere).not.toHaveBeenCalled();
  });
});
