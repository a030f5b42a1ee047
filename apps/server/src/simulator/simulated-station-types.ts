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
