import type {
  UsersTable,
  RolesTable,
  ResourcesTable,
  RoleResourcesTable,
  UserRolesTable,
  UserDevicesTable,
  SessionsTable,
  LoginThrottleTable,
  DictionaryTable,
  OperationLogsTable,
} from './schema/system.js';
import type {
  DeployClassifyTable,
  DevicesTable,
  FactorsTable,
  DeviceStatusTable,
  DeviceDeployTable,
  VirtualDevicesTable,
  DeviceFactorsTable,
} from './schema/device.js';
import type {
  OriginalPacketsTable,
  MeasurementsTable,
  LatestValuesTable,
  MeasurementTilesTable,
  MeasurementTilesDirtyTable,
} from './schema/measurement.js';
import type {
  SurfaceWaterLimitsTable,
  ThresholdsTable,
  AlarmStrategiesTable,
  AlarmsTable,
  AlarmStreaksTable,
  WorkOrderEventsTable,
  WxAlarmSettingsTable,
} from './schema/alarm.js';
import type {
  CamerasTable,
  ReissueTasksTable,
  IotCardsTable,
  DashboardsTable,
  DevopsRecordsTable,
  DevopsFilesTable,
} from './schema/settings.js';
import type {
  StationCommandsTable,
  DeviceParametersTable,
  TotpEnrolmentsTable,
  GuardedCommandsTable,
} from './schema/control.js';
import type { OutlierApplicationsTable, OutlierIntervalsTable } from './schema/outlier.js';
import type { DataAuditsTable } from './schema/audit.js';
import type { DataRulesTable } from './schema/data-rules.js';
import type {
  ForwardQueueTable,
  ForwardStatusTable,
  UpstreamDevicesTable,
  UpstreamsTable,
} from './schema/transfer-format.js';
import type { JobDevicesTable, JobRunFilesTable, JobRunsTable, JobsTable } from './schema/job.js';

/**
 * Table types as Kysely sees them (camelCase; CamelCasePlugin maps to the snake_case columns).
 * Times are UTC epoch milliseconds; flags are 0/1 integers so both dialects store them alike.
 * Each area's tables live in schema/<area>.ts; this file assembles the Database.
 */

export type * from './schema/system.js';
export type * from './schema/device.js';
export type * from './schema/measurement.js';
export type * from './schema/alarm.js';
export type * from './schema/settings.js';
export type * from './schema/control.js';
export type * from './schema/data-rules.js';
export type * from './schema/transfer-format.js';
export type * from './schema/job.js';
export type * from './schema/outlier.js';
export type * from './schema/audit.js';

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
  measurementTiles: MeasurementTilesTable;
  measurementTilesDirty: MeasurementTilesDirtyTable;
  deviceStatus: DeviceStatusTable;
  deviceDeploy: DeviceDeployTable;
  virtualDevices: VirtualDevicesTable;
  deviceFactors: DeviceFactorsTable;
  surfaceWaterLimits: SurfaceWaterLimitsTable;
  thresholds: ThresholdsTable;
  alarmStrategies: AlarmStrategiesTable;
  alarms: AlarmsTable;
  alarmStreaks: AlarmStreaksTable;
  workOrderEvents: WorkOrderEventsTable;
  wxAlarmSettings: WxAlarmSettingsTable;
  cameras: CamerasTable;
  reissueTasks: ReissueTasksTable;
  iotCards: IotCardsTable;
  dashboards: DashboardsTable;
  devopsRecords: DevopsRecordsTable;
  devopsFiles: DevopsFilesTable;
  stationCommands: StationCommandsTable;
  deviceParameters: DeviceParametersTable;
  totpEnrolments: TotpEnrolmentsTable;
  guardedCommands: GuardedCommandsTable;
  dataRules: DataRulesTable;
  outlierIntervals: OutlierIntervalsTable;
  outlierApplications: OutlierApplicationsTable;
  dataAudits: DataAuditsTable;
  upstreams: UpstreamsTable;
  upstreamDevices: UpstreamDevicesTable;
  forwardQueue: ForwardQueueTable;
  forwardStatus: ForwardStatusTable;
  jobs: JobsTable;
  jobDevices: JobDevicesTable;
  jobRuns: JobRunsTable;
  jobRunFiles: JobRunFilesTable;
}
