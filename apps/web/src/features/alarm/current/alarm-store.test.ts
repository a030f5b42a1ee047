import type { Alarm } from '@envmon/shared';
import { describe, expect, it } from 'vitest';
import { applyPushed, createAlarmStore } from './alarm-store';
import { testAlarm } from './alarm.test-support';

const ids = (alarms: readonly Alarm[]) => alarms.map((alarm) => alarm.id);

describe('applyPushed', () => {
  it('adds unknown ids in front, replaces known ones in place and removes cleared ones by id', () => {
    const current = [testAlarm(2), testAlarm(1)];
    const updated = testAlarm(1, { count: 5 });
    const { alarms, raised } = applyPushed(current, [testAlarm(3), updated, testAlarm(2, { active: false })]);
    expect(ids(alarms)).toEqual([3, 1]);
    expect(alarms[1]).toBe(updated);
    expect(ids(raised)).toEqual([3]);
  });

  it('raises nothing for updates and clears, and ignores a clear of an unknown id', () => {
    const { alarms, raised } = applyPushed(
      [testAlarm(1)],
      [testAlarm(1, { count: 2 }), testAlarm(9, { active: false })],
    );
    expect(ids(alarms)).toEqual([1]);
    expect(raised).toEqual([]);
  });
});

describe('createAlarmStore', () => {
  it('keeps frames pushed while a load is under way on top of its answer', async () => {
    const store = createAlarmStore();
    let answer: (alarms: Alarm[]) => void = () => undefined;
    const loading = store.load(() => new Promise((resolve) => (answer = resolve)));
    expect(ids(store.push([testAlarm(5)]))).toEqual([5]);
    store.push([testAlarm(1, { active: false })]);
    // The answer predates both frames.
    answer([testAlarm(1), testAlarm(2)]);
    await loading;
    expect(ids(store.getSnapshot())).toEqual([5, 2]);
  });

  it('lets the newest of two loads win and tells subscribers of changes', async () => {
    const store = createAlarmStore();
    let changes = 0;
    store.subscribe(() => (changes += 1));
    let slow: (alarms: Alarm[]) => void = () => undefined;
    const first = store.load(() => new Promise((resolve) => (slow = resolve)));
    await store.load(() => Promise.resolve([testAlarm(2)]));
    slow([testAlarm(1)]);
    await first;
    expect(ids(store.getSnapshot())).toEqual([2]);
    expect(changes).toBe(1);
  });
});
