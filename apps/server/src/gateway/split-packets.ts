import type { Hj212Factor } from '@envmon/hj212';

interface Group {
  total: number;
  parts: Map<number, Hj212Factor[]>;
  firstAt: number;
}

/**
 * Reassembles split uploads (Flag.D, PNUM/PNO; HJ212.md §11): the parts of one upload share MN,
 * CN and DataTime, arrive in any order, and are numbered from 1. An upload never completed is
 * dropped after `maxAgeMs`; at most `maxGroups` are held at once so a station cannot fill memory.
 */
export class SplitPacketAssembler {
  private readonly groups = new Map<string, Group>();

  constructor(
    private readonly maxAgeMs = 10 * 60_000,
    private readonly maxGroups = 10_000,
  ) {}

  /** Adds a part; returns every factor of the upload in part order once the last part is in. */
  add(
    key: { mn: string; cn: string; dataTime: string },
    pnum: number,
    pno: number,
    factors: Hj212Factor[],
    now: number,
  ): Hj212Factor[] | null {
    const id = `${key.mn}\u0000${key.cn}\u0000${key.dataTime}`;
    let group = this.groups.get(id);
    if (!group) {
      this.evict(now);
      group = { total: pnum, parts: new Map(), firstAt: now };
      this.groups.set(id, group);
    }
    group.total = Math.max(group.total, pnum);
    group.parts.set(pno, factors);
    if (group.parts.size < group.total) return null;
    this.groups.delete(id);
    return [...group.parts.entries()].sort(([a], [b]) => a - b).flatMap(([, f]) => f);
  }

  get pending(): number {
    return this.groups.size;
  }

  private evict(now: number): void {
    for (const [id, group] of this.groups) {
      if (now - group.firstAt > this.maxAgeMs) this.groups.delete(id);
    }
    // Map order is insertion order: the oldest go first.
    for (const id of this.groups.keys()) {
      if (this.groups.size < this.maxGroups) break;
      this.groups.delete(id);
    }
  }
}
