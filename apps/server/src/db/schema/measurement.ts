import type { Generated } from 'kysely';

/** Packets as received and the values stored from them. */
export interface OriginalPacketsTable {
  id: Generated<number>;
  receivedAt: number;
  remote: string;
  deviceId: number | null;
  mn: string | null;
  cn: string | null;
  qn: string | null;
  dataTime: number | null;
  raw: string;
  /** 1 when the packet was valid and from a known device; its data (if any) was stored. */
  accepted: number;
  /** Why it was rejected, or a remark on an accepted one. */
  reason: string | null;
}

/** rtd 2011 · min 2051 · hour 2061 · day 2031 · month and year kept by the platform from day values. */
export type MeasurementKind = 'rtd' | 'min' | 'hour' | 'day' | 'month' | 'year';

export interface MeasurementsTable {
  deviceId: number;
  kind: MeasurementKind;
  /** Start of the period (the acquisition instant for rtd). */
  dataTime: number;
  factorCode: string;
  /** Rtd for real-time values, Avg otherwise. */
  value: number | null;
  /** The station's own value where a data rule changed `value` (issue 19); null where `value` is the station's. */
  stationValue?: number | null;
  min: number | null;
  max: number | null;
  cou: number | null;
  /** The station's flag (N, D, C, M …). */
  flag: string | null;
  /** The platform's quality flag (N, SH1–SH5, WN). */
  quality: string;
  receivedAt: number;
  /**
   * The state the newest audit in force left on the value (issue 19), and the value it put in its place
   * (replaced, recomputed). Never written by the ingest: a station resending a value keeps its audit.
   */
  auditState?: string | null;
  auditValue?: number | null;
}

export interface LatestValuesTable {
  deviceId: number;
  factorCode: string;
  kind: MeasurementKind;
  dataTime: number;
  value: number | null;
  flag: string | null;
  quality: string;
  receivedAt: number;
}
