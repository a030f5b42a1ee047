import type { Generated } from 'kysely';

/**
 * Outlier intervals (issue 19): per factor (device_id null) or per device × factor, for the whole year or some
 * months, the ABN interval and the narrower WN interval; null bounds are open sides.
 */
export interface OutlierIntervalsTable {
  id: Generated<number>;
  deviceId: number | null;
  factorCode: string;
  /** '' for the whole year, else months 1–12 in order, comma separated (queries/outlier-months.ts). */
  months: string;
  abnMin: number | null;
  abnMax: number | null;
  wnMin: number | null;
  wnMax: number | null;
  remark: string | null;
  updatedBy: string | null;
  createTime: number;
  updateTime: number;
}

/** One re-application of the intervals to stored values: who, when, the range, what it re-judged and changed. */
export interface OutlierApplicationsTable {
  id: Generated<number>;
  userId: number | null;
  userName: string | null;
  createTime: number;
  /** JSON arrays; an empty deviceIds: every device of the caller's scope. */
  deviceIds: string;
  factorCodes: string;
  kinds: string;
  beginTime: number;
  endTime: number;
  examined: number;
  changed: number;
}
