import { describe, expect, it } from 'vitest';
import { ManualClock } from './clock.js';
import { EXPORT_PROGRESS_TTL_MS, ExportProgressRegistry } from './export-progress.js';

describe('ExportProgressRegistry', () => {
  it('follows an export from waiting through its rows to done, for the user who started it only', () => {
    const registry = new ExportProgressRegistry(new ManualClock());
    const id = registry.create(7);
    expect(registry.read(id, 7)).toEqual({ rows: 0, total: null, state: 'waiting' });
    registry.start(id, 2500);
    registry.advance(id, 1000);
    registry.advance(id, 1000);
    expect(registry.read(id, 7)).toEqual({ rows: 2000, total: 2500, state: 'running' });
    registry.advance(id, 500);
    registry.finish(id, 'done');
    expect(registry.read(id, 7)).toEqual({ rows: 2500, total: 2500, state: 'done' });
    expect(registry.read(id, 8)).toBeNull();
    expect(registry.read('unknown', 7)).toBeNull();
  });

  it('forgets an export a while after its last change, and keeps one that is still moving', () => {
    const clock = new ManualClock();
    const registry = new ExportProgressRegistry(clock);
    const idle = registry.create(1);
    const moving = registry.create(1);
    clock.advance(EXPORT_PROGRESS_TTL_MS - 1);
    registry.advance(moving, 10);
    clock.advance(1);
    expect(registry.read(idle, 1)).toBeNull();
    expect(registry.read(moving, 1)).toEqual({ rows: 10, total: null, state: 'waiting' });
    registry.create(1); // sweeps the idle one
    clock.advance(EXPORT_PROGRESS_TTL_MS);
    expect(registry.read(moving, 1)).toBeNull();
  });

  it('drops the oldest export when full', () => {
    const registry = new ExportProgressRegistry(new ManualClock(), EXPORT_PROGRESS_TTL_MS, 2);
    const first = registry.create(1);
    const second = registry.create(1);
    const third = registry.create(1);
    expect(registry.read(first, 1)).toBeNull();
    expect(registry.read(second, 1)?.state).toBe('waiting');
    expect(registry.read(third, 1)?.state).toBe('waiting');
  });
});
