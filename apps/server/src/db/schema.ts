import type { Generated } from 'kysely';

/**
 * Table types as Kysely sees them (camelCase; CamelCasePlugin maps to the snake_case columns).
 * Times are UTC epoch milliseconds; flags are 0/1 integers so both dialects store them alike.
 */
export interface UsersTable {
  id: Generated<number>;
  userName: string;
  passwordHash: string;
  name: string;
  nackName: string | null;
  avatar: string | null;
  phone: string | null;
  email: string | null;
  ifValid: number;
  builtIn: number;
  remark: string | null;
  createTime: number;
  updateTime: number;
}

export interface RolesTable {
  id: Generated<number>;
  roleName: string;
  remark: string | null;
  builtIn: number;
  createTime: number;
}

export interface ResourcesTable {
  id: Generated<number>;
  resCode: string;
  resName: string;
  resNameEn: string | null;
  resUrl: string;
  parentResId: number | null;
  iconfont: string | null;
  module: number;
  childModule: number;
  resType: number;
  action: number;
  builtIn: number;
}

export interface RoleResourcesTable {
  roleId: number;
  resourceId: number;
}

export interface UserRolesTable {
  userId: number;
  roleId: number;
}

export interface UserDevicesTable {
  userId: number;
  deviceCode: string;
}

export interface SessionsTable {
  id: Generated<number>;
  /** sha256 of the token: a leaked table does not leak usable tokens. */
  tokenHash: string;
  userId: number;
  createTime: number;
  expiresAt: number;
  revoked: number;
}

/** Sign-in attempts per user name and address, and per user name over unknown addresses (address '*'). */
export interface LoginThrottleTable {
  id: Generated<number>;
  userName: string;
  address: string;
  /** Attempts since the last sign-in (or since they were forgotten); an attempt counts before its password is checked. */
  failures: number;
  lastAttemptAt: number;
  /** The next attempt is refused before this time. */
  blockedUntil: number;
  lastSuccessAt: number | null;
}

export interface DictionaryTable {
  id: Generated<number>;
  tableName: string;
  columnName: string;
  value: string;
  label: string;
  labelEn: string | null;
  color: string | null;
  sort: number;
  builtIn: number;
  remark: string | null;
}

export interface OperationLogsTable {
  id: Generated<number>;
  userId: number | null;
  userName: string | null;
  method: string;
  url: string;
  params: string | null;
  status: number;
  result: string | null;
  ip: string | null;
  durationMs: number;
  createTime: number;
}

export interface DeployClassifyTable {
  id: Generated<number>;
  deployName: string;
  deployNameEn: string | null;
  deployType: number;
  createTime: number;
}

export interface DevicesTable {
  id: Generated<number>;
  deviceName: string;
  /** The station's MN: its identity on the wire. */
  deviceCode: string;
  /** HJ 212 system code (ST) of the station: 21 surface water, 22 air … */
  deviceType: string;
  /** The station's PW; packets must carry it when set. */
  password: string | null;
  /** Seconds between the station's reports; offline after a multiple of it without a packet. */
  intervalTime: Generated<number>;
  /** The offset of the station's clock from UTC (Beijing: 480). */
  utcOffsetMinutes: Generated<number>;
  acceptModbusCrc: Generated<number>;
  projectId: number | null;
  lng: number | null;
  lat: number | null;
  installName: string | null;
  installDate: number | null;
  installAddress: string | null;
  installPicId: string | null;
  installPhoto: string | null;
  contactCompany: string | null;
  contactPerson: string | null;
  contactPhone: string | null;
  maintainId: number | null;
  weather: string | null;
  ifValid: Generated<number>;
  remark: string | null;
  preserve02: string | null;
  preserve03: string | null;
  createTime: number;
  updateTime: number;
}

export interface FactorsTable {
  factorCode: string;
  factorName: string;
  factorNameEn: string;
  legacyCode: string | null;
  kind: string;
  unit: string | null;
  decimals: number | null;
  rangeMin: number | null;
  rangeMax: number | null;
  zeroIsSuspect: number;
  constantCount: number;
  riseRatio: number | null;
  dropRatio: number | null;
  outlierMin: number | null;
  outlierMax: number | null;
  builtIn: number;
  /** The factor's category in the catalogue, e.g. 'isotope' (FACTOR_CATEGORY_ISOTOPE); null for none. */
  category: string | null;
}

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
  min: number | null;
  max: number | null;
  cou: number | null;
  /** The station's flag (N, D, C, M …). */
  flag: string | null;
  /** The platform's quality flag (N, SH1–SH5, WN). */
  quality: string;
  receivedAt: number;
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

export interface DeviceStatusTable {
  deviceId: number;
  online: number;
  changedAt: number;
  lastPacketAt: number | null;
  remote: string | null;
}

/** A device's place in a grouping of one type (SPEC 'device grouping record'); one group per type and device. */
export interface DeviceDeployTable {
  id: Generated<number>;
  deviceId: number;
  deployId: number;
  /** The group's deployType, kept here so that (device, type) can be unique. */
  deployType: number;
}

/** A virtual device: a named subset of a station's factors under a code of its own. */
export interface VirtualDevicesTable {
  id: Generated<number>;
  deviceId: number;
  virtualName: string;
  virtualCode: string;
  /** Factor codes, comma separated, in the operator's order. */
  factorCodes: string;
  remark: string | null;
  createTime: number;
}

/** A device's monitor factor with its per-device settings; null quality parameters mean "the factor's". */
export interface DeviceFactorsTable {
  id: Generated<number>;
  deviceId: number;
  factorCode: string;
  unit: string | null;
  standardLimit: number | null;
  displayOrder: number;
  rangeMin: number | null;
  rangeMax: number | null;
  zeroIsSuspect: number | null;
  constantCount: number | null;
  riseRatio: number | null;
  dropRatio: number | null;
  outlierMin: number | null;
  outlierMax: number | null;
}

/** GB 3838-2002 class I–V limits of a factor; pH-like factors have a range instead (range_min–range_max for every class). */
export interface SurfaceWaterLimitsTable {
  id: Generated<number>;
  factorCode: string;
  class1: number | null;
  class2: number | null;
  class3: number | null;
  class4: number | null;
  class5: number | null;
  rangeMin: number | null;
  rangeMax: number | null;
}

/** A device × factor standard; overflowType 0 means none (overflow stations have one per type). */
export interface ThresholdsTable {
  id: Generated<number>;
  deviceId: number;
  factorCode: string;
  overflowType: number;
  /** THRESHOLD_OPERATOR 1–6. */
  operator: number;
  limit1: number | null;
  limit2: number | null;
  /** The surface-water limit the standard was taken from. */
  limitId: number | null;
  alarmLevel: number;
  enabled: number;
  updateTime: number;
}

/** How one alarm type behaves on one device; absent means the defaults (on, level 1, 1 exceedance, no hold). */
export interface AlarmStrategiesTable {
  id: Generated<number>;
  deviceId: number;
  alarmType: number;
  enabled: number;
  alarmLevel: number;
  consecutiveCount: number;
  recoverySeconds: number;
  /** 0: no repeat reminders. */
  repeatIntervalMinutes: number;
  updateTime: number;
}

export interface AlarmsTable {
  id: Generated<number>;
  deviceId: number;
  factorCode: string | null;
  alarmType: number;
  /** 0 for none. */
  overflowType: number;
  alarmLevel: number;
  alarmValue: number | null;
  standardValue: string | null;
  symbol: number | null;
  beginDate: number;
  lastDate: number;
  endDate: number | null;
  count: number;
  active: number;
  /** device:factor:type:overflow while active, NULL after: unique, so one active alarm per tuple. */
  activeKey: string | null;
  orderStatus: number;
}

/** One work-order status change: who, when, from what to what, and why. */
export interface WorkOrderEventsTable {
  id: Generated<number>;
  alarmId: number;
  fromStatus: number;
  toStatus: number;
  userId: number | null;
  userName: string | null;
  comment: string | null;
  createTime: number;
}

/** The platform's WeChat alarm settings: one row, id 1. */
export interface WxAlarmSettingsTable {
  id: number;
  enabled: number;
  webhookUrl: string | null;
  /** JSON array of alarm types. */
  alarmTypes: string;
  lowestLevel: number;
  /** JSON arrays of strings. */
  mentionedUserIds: string;
  mentionedMobiles: string;
  digestCount: number;
  digestWindowSeconds: number;
  language: string;
  /** SHA-256 of the pending dynamic code, the URL it was sent to, and when it expires. */
  codeHash: string | null;
  codeUrl: string | null;
  codeExpires: number | null;
  updateTime: number | null;
}

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

export interface Database {
  users: UsersTable;
  roles: RolesTable;
  resources: ResourcesTable;
  roleResources: RoleResourcesTable;
  userRoles: UserRolesTable;
  userDevices: UserDevicesTable;
  sessions: SessionsTable;
  loginThrottle: LoginThrottleTable;
  dictionary: DictionaryTable;
  operationLogs: OperationLogsTable;
  deployClassify: DeployClassifyTable;
  devices: DevicesTable;
  factors: FactorsTable;
  originalPackets: OriginalPacketsTable;
  measurements: MeasurementsTable;
  latestValues: LatestValuesTable;
  deviceStatus: DeviceStatusTable;
  deviceDeploy: DeviceDeployTable;
  virtualDevices: VirtualDevicesTable;
  deviceFactors: DeviceFactorsTable;
  surfaceWaterLimits: SurfaceWaterLimitsTable;
  thresholds: ThresholdsTable;
  alarmStrategies: AlarmStrategiesTable;
  alarms: AlarmsTable;
  workOrderEvents: WorkOrderEventsTable;
  wxAlarmSettings: WxAlarmSettingsTable;
  cameras: CamerasTable;
  reissueTasks: ReissueTasksTable;
  iotCards: IotCardsTable;
  devopsRecords: DevopsRecordsTable;
  devopsFiles: DevopsFilesTable;
}
