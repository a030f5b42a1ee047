/**
 * A fleet of simulated stations, alternating water and air, with deterministic MNs so the same stations can be
 * registered as devices once and simulated again on every run.
 */
import { SimulatedStation } from './simulated-station.js';
import { simulatedFactors, type StationKind } from './station-model.js';

export const SIMULATED_STATION_PW = '123456';
const DEFAULT_MN_PREFIX = 'SIM';
/** MNs are padded to 20 characters, between the 2005 (14) and 2017 (24) lengths and unique per kind and index. */
const MN_LENGTH = 20;

export interface SimulatedStationSpec {
  mn: string;
  pw: string;
  kind: StationKind;
  /** HJ 212 system code: 21 water, 22 air. */
  st: '21' | '22';
  /** 1-based number within its kind. */
  index: number;
  /** Seed of the station's value model. */
  seed: number;
  name: { zh: string; en: string };
  /** Factor codes the station sends, in packet order. */
  factors: string[];
}

/** `SIMW0001000000000000` for water station 1, `SIMA0001000000000000` for air station 1. */
export function simulatedStationMn(kind: StationKind, index: number, prefix = DEFAULT_MN_PREFIX): string {
  const body = `${prefix}${kind === 'water' ? 'W' : 'A'}${String(index).padStart(4, '0')}`;
  return body.padEnd(MN_LENGTH, '0');
}

/** The first `n` simulated stations: water, air, water, air … */
export function simulatedStationSpecs(n: number, prefix = DEFAULT_MN_PREFIX): SimulatedStationSpec[] {
  return Array.from({ length: Math.max(0, Math.floor(n)) }, (_, i) => {
    const kind: StationKind = i % 2 === 0 ? 'water' : 'air';
    const index = Math.floor(i / 2) + 1;
    return {
      mn: simulatedStationMn(kind, index, prefix),
      pw: SIMULATED_STATION_PW,
      kind,
      st: kind === 'water' ? '21' : '22',
      index,
      seed: i + 1,
      name:
        kind === 'water'
          ? { zh: `模拟水站 ${index}`, en: `Simulated water station ${index}` }
          : { zh: `模拟空气站 ${index}`, en: `Simulated air station ${index}` },
      factors: simulatedFactors(kind).map((f) => f.code),
    };
  });
}

export interface FleetOptions {
  stations: number;
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
  const stations = simulatedStationSpecs(options.stations, options.mnPrefix).map(
    (spec) =>
      new SimulatedStation({
        mn: spec.mn,
        pw: spec.pw,
        kind: spec.kind,
        seed: spec.seed,
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
