import type { Generated } from 'kysely';

/**
 * One audit of one stored value (issue 19): who did what, when and why, and the state and value it found and
 * left. Revoked records stay, marked; the newest record in force on a value sets its audit state.
 */
export interface DataAuditsTable {
  id: Generated<number>;
  /** The records made by one audit share the id of its first. */
  batchId: number;
  deviceId: number;
  kind: string;
  factorCode: string;
  dataTime: number;
  action: string;
  reason: string | null;
  remark: string | null;
  stationValue: number | null;
  oldState: string | null;
  oldValue: number | null;
  newState: string;
  newValue: number | null;
  createdBy: string | null;
  createTime: number;
  revoked: Generated<number>;
  revokedBy: string | null;
  revokeTime: number | null;
}
