import { describe, expect, it } from 'vitest';
import { clusterState, countStates, gridCluster } from './cluster';

const p = (id: number, x: number, y: number) => ({ id, x, y });

describe('gridCluster', () => {
  it('groups points of one cell and keeps distant points apart', () => {
    const clusters = gridCluster([p(1, 10, 10), p(2, 50, 20), p(3, 200, 10), p(4, 30, 60)], 64);
    expect(clusters.map((c) => c.items.map((i) => i.id))).toEqual([[1, 2, 4], [3]]);
    expect(clusters[0]?.x).toBeCloseTo(30);
    expect(clusters[0]?.y).toBeCloseTo(30);
    expect(clusters[1]).toMatchObject({ x: 200, y: 10 });
  });

  it('uses cell boundaries, including negative pixels', () => {
    const clusters = gridCluster([p(1, -1, 0), p(2, 0, 0), p(3, 63.9, 63.9), p(4, 64, 0)], 64);
    expect(clusters.map((c) => c.items.map((i) => i.id))).toEqual([[1], [2, 3], [4]]);
  });

  it('returns nothing for no points and one cluster per point when the cells are tiny', () => {
    expect(gridCluster([], 64)).toEqual([]);
    expect(gridCluster([p(1, 0, 0), p(2, 1, 0), p(3, 2, 0)], 1)).toHaveLength(3);
  });

  it('rejects a cell size that is not positive', () => {
    expect(() => gridCluster([p(1, 0, 0)], 0)).toThrow(RangeError);
    expect(() => gridCluster([p(1, 0, 0)], Number.NaN)).toThrow(RangeError);
  });

  it('clusters 10,000 points into a bounded number of cells', () => {
    const points = Array.from({ length: 10_000 }, (_, i) => p(i, (i * 7919) % 640, (i * 104729) % 480));
    const clusters = gridCluster(points, 64);
    expect(clusters.length).toBeLessThanOrEqual(10 * 8);
    expect(clusters.reduce((n, c) => n + c.items.length, 0)).toBe(10_000);
  });
});

describe('cluster state', () => {
  it('counts states and picks the most urgent one', () => {
    const counts = countStates([{ state: 'online' }, { state: 'offline' }, { state: 'alarm' }, { state: 'online' }]);
    expect(counts).toEqual({ online: 2, offline: 1, alarm: 1 });
    expect(clusterState(counts)).toBe('alarm');
    expect(clusterState({ online: 1, offline: 5, alarm: 0 })).toBe('online');
    expect(clusterState({ online: 0, offline: 5, alarm: 0 })).toBe('offline');
  });
});
