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

/**
 * An hour's tile of one device × kind (rtd, min) × factor (issue 22): its value count and its lowest and highest
 * non-null value with their data times (the first one in time where several are equal), as stored and as reports
 * take it (db/queries/audited.ts reportedValueSql). `hour`: the UTC hour's first instant.
 */
export interface MeasurementTilesTable {
  deviceId: number;
  kind: MeasurementKind;
  factorCode: string;
  hour: number;
  n: number;
  loTime: number | null;
  lo: number | null;
  hiTime: number | null;
  hi: number | null;
  reportedLoTime: number | null;
  reportedLo: number | null;
  reportedHiTime: number | null;
  reportedHi: number | null;
}

/** A device × kind × hour whose tiles are stale; `seq` grows with every change, so a rebuild sees one made meanwhile. */
export interface MeasurementTilesDirtyTable {
  deviceId: number;
  kind: MeasurementKind;
  hour: number;
  seq: number;
}
