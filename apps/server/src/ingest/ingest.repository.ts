import { auditedExtremeSql, auditedValidSql, auditedValueSql } from '../db/queries/audited.js';
import type { LatestValuesTable, MeasurementKind, MeasurementsTable, OriginalPacketsTable } from '../db/schema.js';
import type { TileHour } from './tiles.js';

export type OriginalRow = Omit<OriginalPacketsTable, 'id'>;
export type MeasurementRow = MeasurementsTable;
export type LatestRow = LatestValuesTable;

/**
 * A month's or year's value, lowest and highest, and flow, from its day values (SQL, both databases): the
 * statistics of the valid days only, as audited (db/queries/audited.ts: an invalidated day is left out, a
 * replaced or recomputed one counts with its audited value), so a fault or maintenance day never skews them —
 * no valid day, no value — and the flow (cou) of every day.
 */
export const ROLLUP_AGGREGATES = `avg(case when ${auditedValidSql()} then ${auditedValueSql()} end),
  min(case when ${auditedValidSql()} then ${auditedExtremeSql('min')} end),
  max(case when ${auditedValidSql()} then ${auditedExtremeSql('max')} end), sum(cou)`;

/** A month or year whose platform-kept value must be recomputed from the day values in [from, to). */
export interface RollupTarget {
  deviceId: number;
  factorCode: string;
  kind: Extract<MeasurementKind, 'month' | 'year'>;
  from: number;
  to: number;
}

export interface IngestBatch {
  originals: OriginalRow[];
  measurements: MeasurementRow[];
  latest: LatestRow[];
  rollups: RollupTarget[];
  /** The real-time and minute hours the batch writes into, each once: their tiles become stale (ingest/tiles.ts). */
  tileHours: TileHour[];
}

/** The storage side of the ingest pipeline: one transaction per batch. */
export interface IngestRepository {
  /**
   * Batches it may be given before the first has settled. More than one only for a repository whose
   * batches come out as if written in the order given: the SQLite writer thread commits them one
   * after another; PostgreSQL writes them side by side in one lock order, a batch waiting for those
   * before it when it stores the same data points (see PostgresIngestRepository). The pipeline
   * answers and announces them in the order given whichever commits first.
   */
  readonly writesInFlight: number;
  /**
   * Writes a batch atomically. A measurement key may come more than once (a station resent an
   * upload): the later row wins. Latest values are unique per device and factor.
   */
  writeBatch(batch: IngestBatch): Promise<void>;
  /** Releases what the repository holds of its own; called after the last batch. */
  close(): Promise<void>;
}
