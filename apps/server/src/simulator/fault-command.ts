import { STATION_FAULTS, type StationFault } from './station-model.js';

export interface FaultCommand {
  /** 0-based indexes into the fleet. */
  stations: number[];
  /** null clears the fault. */
  fault: StationFault | null;
}

const CLEAR = new Set(['off', 'none', 'clear']);

/**
 * `<station> <fault>`, or `<station>:<fault>` as in `--fault`: station is a 1-based number, a range
 * `2-4`, or `all`; fault is one of STATION_FAULTS, or `off` to clear it.
 */
export function parseFaultCommand(text: string, fleetSize: number): FaultCommand | string {
  const parts = text.trim().split(/[\s:]+/);
  if (parts.length !== 2) return `expected "<station|all> <fault|off>", got "${text.trim()}"`;
  const [who = '', what = ''] = parts;
  let fault: StationFault | null;
  if (CLEAR.has(what)) fault = null;
  else {
    const known = STATION_FAULTS.find((f) => f === what);
    if (!known) return `unknown fault "${what}": ${STATION_FAULTS.join(', ')} or off`;
    fault = known;
  }
  if (who === 'all') return { stations: Array.from({ length: fleetSize }, (_, i) => i), fault };
  const range = /^(\d+)(?:-(\d+))?$/.exec(who);
  const from = Number(range?.[1]);
  const to = Number(range?.[2] ?? range?.[1]);
  if (!range || from < 1 || to < from || to > fleetSize)
    return `station must be 1–${fleetSize}, a range or all: "${who}"`;
  return { stations: Array.from({ length: to - from + 1 }, (_, i) => from - 1 + i), fault };
}
