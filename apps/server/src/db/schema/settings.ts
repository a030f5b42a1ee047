import type { Generated } from 'kysely';

/** Settings screens' own tables: cameras, reissue tasks, IoT cards, maintenance records and their files. */
/** A camera attached to a device (settings 'video ys'); visibility 'scope' | 'bound'. */
export interface CamerasTable {
  id: Generated<number>;
  deviceId: number;
  name: string;
  hlsUrl: string | null;
  enabled: Generated<number>;
  visibility: Generated<string>;
  maxPlaySeconds: Generated<number>;
  createTime: number;
  updateTime: number;
}

/** Settings › reissue: one device's request for data again (HJ 212 2051/2061/2031), and its outcome. */
export interface ReissueTasksTable {
  id: Generated<number>;
  deviceId: number;
  mode: string;
  cn: string;
  beginTime: number;
  endTime: number;
  status: string;
  reason: string | null;
  missing: number | null;
  requests: number;
  stored: number | null;
  expected: number;
  createdBy: string | null;
  createTime: number;
  finishTime: number | null;
  /** The node that runs the task: only its successor marks it interrupted. */
  nodeId: string | null;
}

/** Settings › IoT card: a station's SIM / IoT card; operator 'cmcc' | 'cucc' | 'ctcc' | 'other'; dates epoch ms. */
export interface IotCardsTable {
  id: Generated<number>;
  cardNo: string;
  msisdn: string | null;
  operator: string;
  deviceId: number | null;
  plan: string | null;
  dataLimitMb: number | null;
  activateDate: number | null;
  expireDate: number | null;
  remark: string | null;
  createTime: number;
  updateTime: number;
}

/** Settings › DevOps: a maintenance visit to a device; kind 'inspection' | 'calibration' | 'repair' | 'reagent' | 'other'. */
export interface DevopsRecordsTable {
  id: Generated<number>;
  deviceId: number;
  kind: string;
  startTime: number;
  endTime: number | null;
  maintainer: string;
  content: string;
  createdBy: string | null;
  createTime: number;
  updateTime: number;
}

/** An attachment of a maintenance record, its bytes in the row. */
export interface DevopsFilesTable {
  id: Generated<number>;
  recordId: number;
  fileName: string;
  mimeType: string;
  size: number;
  content: Buffer;
  createTime: number;
}

/** Settings › dashboard: a user's home and wall configuration; the lists are JSON arrays. */
export interface DashboardsTable {
  id: Generated<number>;
  userId: number;
  name: string;
  projectId: number | null;
  homeCards: string;
  wallCards: string;
  deviceIds: string;
  factorCodes: string;
  refreshSeconds: number;
  rotateSeconds: number;
  createTime: number;
  updateTime: number;
}
