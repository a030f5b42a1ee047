import type { Hj212Message } from '@envmon/hj212';
import type { StationKind } from './station-model.js';

/** A simulated station's options, figures and events (simulated-station.ts). */
export interface SimulatedStationOptions {
  mn: string;
  pw: string;
  kind: StationKind;
  host: string;
  port: number;
  /** Seconds between real-time (2011) packets, in ms. */
  rtdIntervalMs: number;
  /** Minute-data (2051) period; real stations use 1–30 minutes. Default 60 s. */
  minuteIntervalMs?: number;
  /** How long to wait for a 9014 before resending. Default 5000. */
  ackTimeoutMs?: number;
  /** Resends of an unacknowledged packet before giving up. Default 3. */
  maxResends?: number;
  /** The station's base clock (UTC epoch ms); a 1012 from the host adds an offset to it. */
  clock?: () => number;
  seed: number;
  /** Where in each hour the station's episode starts (a fleet staggers them); by default fixed by the seed. */
  episodeOffsetMs?: number;
  log?: (line: string) => void;
  /** Reconnect backoff bounds. Default 1000 and 5000. */
  reconnectMinMs?: number;
  reconnectMaxMs?: number;
  /** Most uploads held waiting for an answer (the oldest are dropped beyond it). Default 2000. */
  maxPending?: number;
}

export interface SimulatedStationStats {
  /** Uploads written at least once. */
  sent: number;
  acked: number;
  /** Writes of an upload after its first (ack timeout or reconnect). */
  resent: number;
  /** Uploads waiting for an answer. */
  unacked: number;
}

export interface AckedUpload {
  qn: string;
  cn: string;
}

export type SimulatedStationEvents = {
  acked: [upload: AckedUpload];
  connected: [];
  disconnected: [];
  /** A request from the host (anything but the 9013/9014 answers), before the station acts on it. */
  command: [message: Hj212Message];
};

/** Requests every simulated station carries out: data, time, intervals, answer policy, password, instrument info. */
const COMMON_CNS = [
  '1000',
  '1011',
  '1012',
  '1061',
  '1062',
  '1063',
  '1064',
  '1072',
  '2011',
  '2012',
  '2031',
  '2051',
  '2061',
  '3019',
  '3020',
  '3021',
] as const;

/** The water sampler's commands: immediate / comparison sampling, cleaning, retention, sampling period, output time. */
const SAMPLER_CNS = ['3012', '3013', '3014', '3015', '3016', '3017', '3018'] as const;

/** The surface-water variant's station control (HJ212.md §9): run mode, reboot, tests, stops, QC. */
const SURFACE_WATER_CNS = [
  '3042',
  '3043',
  '3044',
  '3045',
  '3046',
  '3080',
  '3081',
  '3082',
  '3083',
  '3084',
  '3085',
  '3086',
  '3100',
] as const;

/**
 * The host requests each kind of simulated station carries out; it refuses the others with 9011 QnRtn=2, as a real
 * station without the equipment would.
 * - water: a surface-water quality station with wet-chemistry analysers and a sampler — everything, including the
 *   surface-water variant's control commands.
 * - air: gas analysers take a zero/span calibration (3011); there is no water sampler and none of the water
 *   station's control.
 * - overflow: a level gauge at a sewer outfall (and its battery): the gauge's zero calibration (3011), no sampler.
 */
export const SUPPORTED_CNS: Readonly<Record<StationKind, ReadonlySet<string>>> = {
  water: new Set<string>([...COMMON_CNS, '3011', ...SAMPLER_CNS, ...SURFACE_WATER_CNS]),
  air: new Set<string>([...COMMON_CNS, '3011']),
  overflow: new Set<string>([...COMMON_CNS, '3011']),
};
