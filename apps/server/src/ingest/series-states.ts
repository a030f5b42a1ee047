import type { SeriesState } from './quality.js';

/**
 * Distinct data kind × factor pairs the states follow. The factor codes come from stations, so the set has a
 * bound: a pair past it is judged without its series (range, zero and outliers only), as a first value is.
 */
export const MAX_SERIES_PAIRS = 4096;
const INITIAL_SLOTS = 1024;

/**
 * The quality rules' series state (quality.ts) of every device × data kind × factor, with the data time of
 * its newest value: kept in flat typed arrays, one slot a series, found by a number key. Objects and maps per
 * device and factor cost about 1.8 kB a station of ten factors; this costs a tenth of that, which is most of
 * what an idle station's connection weighs (issue 22: under 10 kB each).
 */
export class SeriesStates {
  /** Data kind → factor code → the pair's number, below MAX_SERIES_PAIRS. */
  private readonly pairs = new Map<string, Map<string, number>>();
  private pairTotal = 0;
  /** deviceId × MAX_SERIES_PAIRS + pair → slot. */
  private readonly slots = new Map<number, number>();
  /** Per slot: the series' last value (NaN: none yet), its run of equal values and its newest data time. */
  private lastValue = new Float64Array(INITIAL_SLOTS);
  private runLength = new Uint32Array(INITIAL_SLOTS);
  private newest = new Float64Array(INITIAL_SLOTS);
  private used = 0;

  /** The series' slot, made empty on first use; -1 for a pair past the bound. */
  slotOf(deviceId: number, kind: string, factorCode: string): number {
    let byFactor = this.pairs.get(kind);
    if (!byFactor) {
      byFactor = new Map();
      this.pairs.set(kind, byFactor);
    }
    let pair = byFactor.get(factorCode);
    if (pair === undefined) {
      if (this.pairTotal === MAX_SERIES_PAIRS) return -1;
      pair = this.pairTotal++;
      byFactor.set(factorCode, pair);
    }
    const key = deviceId * MAX_SERIES_PAIRS + pair;
    let slot = this.slots.get(key);
    if (slot === undefined) {
      slot = this.newSlot();
      this.slots.set(key, slot);
    }
    return slot;
  }

  /** The data time of the series' newest value; -Infinity before its first. */
  newestTime(slot: number): number {
    return this.newest[slot] ?? Number.NEGATIVE_INFINITY;
  }

  /** The series so far, written into `into` (the caller's scratch object: no allocation per value). */
  read(slot: number, into: SeriesState): SeriesState {
    const last = this.lastValue[slot] ?? Number.NaN;
    into.last = Number.isNaN(last) ? null : last;
    into.sameCount = this.runLength[slot] ?? 0;
    return into;
  }

  write(slot: number, state: SeriesState, time: number): void {
    this.lastValue[slot] = state.last ?? Number.NaN;
    this.runLength[slot] = state.sameCount;
    this.newest[slot] = time;
  }

  private newSlot(): number {
    if (this.used === this.lastValue.length) {
      const size = this.used * 2;
      this.lastValue = grown(this.lastValue, new Float64Array(size));
      this.runLength = grown(this.runLength, new Uint32Array(size));
      this.newest = grown(this.newest, new Float64Array(size));
    }
    const slot = this.used++;
    this.lastValue[slot] = Number.NaN;
    this.runLength[slot] = 0;
    this.newest[slot] = Number.NEGATIVE_INFINITY;
    return slot;
  }
}

function grown<T extends Float64Array | Uint32Array>(from: T, to: T): T {
  to.set(from);
  return to;
}
