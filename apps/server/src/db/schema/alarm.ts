import type { Generated } from 'kysely';

/** Standards and limits, alarm strategies, alarms with their work-order trail, and the WeChat alarm settings. */
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

/** The alarm engine's streak of one condition between alarms (keyed as the active alarm is), kept across processes. */
export interface AlarmStreaksTable {
  subjectKey: string;
  deviceId: number;
  /** Exceedances in a row, towards the strategy's consecutive count. */
  count: number;
  /** Since when an active alarm's condition has been fine, towards its recovery time. */
  recoveringSince: number | null;
}
