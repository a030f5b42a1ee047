import type { Generated } from 'kysely';

/** Settings › transfer format: an upstream platform data is forwarded to (migration 0023). */
export interface UpstreamsTable {
  id: Generated<number>;
  name: string;
  host: string;
  port: number;
  /** '2017' | '2005'. */
  protocol: string;
  st: string;
  password: string;
  ackRequired: number;
  overTimeSeconds: number;
  reCount: number;
  enabled: number;
  remark: string | null;
  createdBy: string | null;
  createTime: number;
  updateTime: number;
}

/** One device forwarded to one upstream: under which MN and password, and what. */
export interface UpstreamDevicesTable {
  id: Generated<number>;
  upstreamId: number;
  deviceId: number;
  upstreamMn: string;
  upstreamPassword: string;
  /** JSON array of CNs. */
  cns: string;
  /** JSON array of factor mappings. */
  factors: string;
  /** 'audited' | 'raw'. */
  valueSource: string;
  fromTime: number | null;
  enabled: number;
  createTime: number;
  updateTime: number;
}

/** An upload waiting to go to an upstream (deleted once acknowledged). */
export interface ForwardQueueTable {
  id: Generated<number>;
  upstreamDeviceId: number;
  cn: string;
  dataTime: number;
  enqueueTime: number;
  attempts: Generated<number>;
  /** The QN of the last attempt, which its 9014 answers. */
  qn: string | null;
  sendTime: number | null;
}

/** Forwarding status per upstream × device. */
export interface ForwardStatusTable {
  upstreamDeviceId: number;
  connected: Generated<number>;
  sent: Generated<number>;
  acknowledged: Generated<number>;
  dropped: Generated<number>;
  lastError: string | null;
  /** A FORWARD_ERROR_KINDS value (null in rows written before migration 0025). */
  lastErrorKind: string | null;
  lastErrorTime: number | null;
  lastSendTime: number | null;
  lastAckTime: number | null;
  lastDataTime: number | null;
  nodeId: string | null;
}
