import type { Generated } from 'kysely';

/**
 * A command sent (or to be sent) to a station: HJ 212 CN and CP (JSON object), its state and the station's
 * return codes, the packets exchanged (a JSON array; the station's uploads among them, parsed when read). `notBefore`: not sent earlier;
 * `expireTime`: a station not connected by then lets the command expire.
 */
export interface StationCommandsTable {
  id: Generated<number>;
  deviceId: number;
  cn: string;
  cp: string;
  state: string;
  reason: string | null;
  qn: string | null;
  qnRtn: number | null;
  exeRtn: number | null;
  attempts: Generated<number>;
  createdBy: string | null;
  createTime: number;
  notBefore: number;
  expireTime: number;
  sendTime: number | null;
  finishTime: number | null;
  packets: Generated<string>;
  droppedPackets: Generated<number>;
  resentFrom: number | null;
  /** The node whose queue runs the command once sent: only its successor marks it interrupted. */
  nodeId: string | null;
}

/** A station parameter (by name, and PolId where it is per factor): as last reported, and as the platform wants it. */
export interface DeviceParametersTable {
  id: Generated<number>;
  deviceId: number;
  name: string;
  polId: Generated<string>;
  reportedValue: string | null;
  reportedTime: number | null;
  wantedValue: string | null;
  wantedTime: number | null;
  commandId: number | null;
}

/** A user's RFC 6238 enrolment: confirmed once a first code matched; the last time step used is not accepted again. */
export interface TotpEnrolmentsTable {
  userId: number;
  secret: string;
  confirmed: Generated<number>;
  lastStep: number | null;
  failures: Generated<number>;
  lockedUntil: number | null;
  createTime: number;
}

/** The commands that need a dynamic code. */
export interface GuardedCommandsTable {
  cn: string;
}
