import { DEVICE_STATE_URGENCY, type DeviceState } from './map-vocabulary';

export interface GridPoint {
  /** Position in screen pixels at the zoom being clustered. */
  x: number;
  y: number;
}

export interface GridCluster<T extends GridPoint> {
  items: T[];
  /** Centroid of the members, in the same pixels. */
  x: number;
  y: number;
}

/**
 * Groups points that fall into the same square grid cell of `cellSize` pixels. Linear in the
 * number of points, so the whole fleet can be re-clustered on every zoom. Clusters come out in
 * the order their first member came in, members in input order.
 */
export function gridCluster<T extends GridPoint>(points: readonly T[], cellSize: number): GridCluster<T>[] {
  if (!(cellSize > 0)) throw new RangeError(`cell size must be positive, got ${cellSize}`);
  const cells = new Map<string, { items: T[]; sumX: number; sumY: number }>();
  for (const point of points) {
    const key = `${Math.floor(point.x / cellSize)}:${Math.floor(point.y / cellSize)}`;
    const cell = cells.get(key);
    if (cell) {
      cell.items.push(point);
      cell.sumX += point.x;
      cell.sumY += point.y;
    } else {
      cells.set(key, { items: [point], sumX: point.x, sumY: point.y });
    }
  }
  return [...cells.values()].map((cell) => ({
    items: cell.items,
    x: cell.sumX / cell.items.length,
    y: cell.sumY / cell.items.length,
  }));
}

export type StateCounts = Record<DeviceState, number>;

export function countStates(items: readonly { state: DeviceState }[]): StateCounts {
  const counts: StateCounts = { online: 0, offline: 0, alarm: 0 };
  for (const item of items) counts[item.state] += 1;
  return counts;
}

/** The most urgent state present (alarm before online before offline). */
export function clusterState(counts: StateCounts): DeviceState {
  return DEVICE_STATE_URGENCY.find((state) => counts[state] > 0) ?? 'offline';
}
