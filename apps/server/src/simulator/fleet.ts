/**
 * A fleet of simulated stations, alternating water and air (then any overflow stations), with deterministic MNs so
 * the same stations can be registered as devices once and simulated again on every run.
 */
import { STATION_ST, type StationSt } from './packets.js';
import { SimulatedStation } from './simulated-station.js';
import { EPISODE, simulatedFactors, type StationKind } from './station-model.js';

export const SIMULATED_STATION_PW = '123456';
const DEFAULT_MN_PREFIX = 'SIM';
/** MNs are padded to 20 characters, between the 2005 (14) and 2017 (24) lengths and unique per kind and index. */
const MN_LENGTH = 20;

export interface SimulatedStationSpec {
  mn: string;
  pw: string;
  kind: StationKind;
  /** HJ 212 system code: 21 water, 22 air, 32 overflow. */
  st: StationSt;
  /** 1-based number within its kind. */
  index: number;
  /** Seed of the station's value model. */
  seed: number;
  /** Where in each hour its episode starts: the fleet's stations take turns, evenly spread. */
  episodeOffsetMs: number;
  name: { zh: string; en: string };
  /** Factor codes the station sends, in packet order. */
  factors: string[];
}

const MN_LETTER: Readonly<Record<StationKind, string>> = { water: 'W', air: 'A', overflow: 'O' };

/** `SIMW0001000000000000` for water station 1, `SIMA0001000000000000` for air station 1, `SIMO0001…` for overflow. */
export function simulatedStationMn(kind: StationKind, index: number, prefix = DEFAULT_MN_PREFIX): string {
  const body = `${prefix}${MN_LETTER[kind]}${String(index).padStart(4, '0')}`;
  return body.padEnd(MN_LENGTH, '0');
}

function stationName(kind: StationKind, index: number): { zh: string; en: string } {
  switch (kind) {
    case 'water':
      return { zh: `模拟水站 ${index}`, en: `Simulated water station ${index}` };
    case 'air':
      return { zh: `模拟空气站 ${index}`, en: `Simulated air station ${index}` };
    case 'overflow':
      return { zh: `模拟溢流站 ${index}`, en: `Simulated overflow station ${index}` };
  }
}

/**
 * The first `n` simulated stations — water, air, water, air … — followed by `overflow` overflow stations. Their
 * episodes are spread evenly over the hour in this order, so that the fleet's take turns.
 */
export function simulatedStationSpecs(
  n: number,
  prefix = DEFAULT_MN_PREFIX,
  options: { overflow?: number } = {},
): SimulatedStationSpec[] {
  const alternating = Math.max(0, Math.floor(n));
  const kinds: StationKind[] = [
    ...Array.from({ length: alternating }, (_, i): StationKind => (i % 2 === 0 ? 'water' : 'air')),
    ...Array.from({ length: Math.max(0, Math.floor(options.overflow ?? 0)) }, (): StationKind => 'overflow'),
  ];
  const counted = new Map<StationKind, number>();
  return kinds.map((kind, i) => {
    const index = (counted.get(kind) ?? 0) + 1;
    counted.set(kind, index);
    return {
      mn: simulatedStationMn(kind, index, prefix),
      pw: SIMULATED_STATION_PW,
      kind,
      st: STATION_ST[kind],
      index,
      seed: i + 1,
      episodeOffsetMs: Math.floor((i * EPISODE.periodMs) / kinds.length),
      name: stationName(kind, index),
      factors: simulatedFactors(kind).map((f) => f.code),
    };
  });
}

export interface FleetOptions {
  stations: number;
  /** Overflow stations after the water and air ones. */
  overflowStations?: number;
  host: string;
  port: number;
  rtdIntervalMs: number;
  minuteIntervalMs?: number;
  mnPrefix?: string;
  ackTimeoutMs?: number;
  maxResends?: number;
  log?: (line: string) => void;
}

export interface Fleet {
  stations: SimulatedStation[];
  stop(): Promise<void>;
}

/** Creates and starts the stations. */
export function startFleet(options: FleetOptions): Fleet {
  const specs = simulatedStationSpecs(options.stations, options.mnPrefix, { overflow: options.overflowStations });
  const stations = specs.map(
    (spec) =>
      new SimulatedStation({
        mn: spec.mn,
        pw: spec.pw,
        kind: spec.kind,
        seed: spec.seed,
        episodeOffsetMs: spec.episodeOffsetMs,
        host: options.host,
        port: options.port,
        rtdIntervalMs: options.rtdIntervalMs,
        minuteIntervalMs: options.minuteIntervalMs,
        ackTimeoutMs: options.ackTimeoutMs,
        maxResends: options.maxResends,
        log: options.log,
      }),
  );
  for (const station of stations) station.start();
  return {
    stations,
    stop: async () => {
      await Promise.all(stations.map((station) => station.stop()));
    },
  };
}
