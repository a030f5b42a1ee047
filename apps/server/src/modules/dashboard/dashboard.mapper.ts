import {
  ADMIN_HOME_CARDS,
  DASHBOARD_CARDS,
  DASHBOARD_DEFAULTS,
  EDITOR_HOME_CARDS,
  WALL_CARDS,
  type Dashboard,
  type DashboardAlarm,
  type DashboardCard,
  type DashboardVariant,
} from '@envmon/shared';
import type { DashboardRow } from './dashboard.repository.js';

/** A stored JSON array, keeping only the items `keep` accepts (a card dropped from the product is skipped). */
function jsonArray<T>(text: string, keep: (item: unknown) => item is T): T[] {
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed.filter(keep) : [];
  } catch {
    return [];
  }
}

const isCard = (item: unknown): item is DashboardCard =>
  typeof item === 'string' && (DASHBOARD_CARDS as readonly string[]).includes(item);
const isId = (item: unknown): item is number => Number.isInteger(item);
const isCode = (item: unknown): item is string => typeof item === 'string';

export function toDashboard(row: DashboardRow): Dashboard {
  return {
    id: row.id,
    userId: row.userId,
    userName: row.userName,
    name: row.name,
    projectId: row.projectId,
    homeCards: jsonArray(row.homeCards, isCard),
    wallCards: jsonArray(row.wallCards, isCard),
    deviceIds: jsonArray(row.deviceIds, isId),
    factorCodes: jsonArray(row.factorCodes, isCode),
    refreshSeconds: row.refreshSeconds,
    rotateSeconds: row.rotateSeconds,
    createTime: Number(row.createTime),
    updateTime: Number(row.updateTime),
  };
}

/** What a user without a configuration sees: their role's home, the whole wall, every station in scope. */
export function defaultDashboard(user: { userId: number; userName: string }, variant: DashboardVariant): Dashboard {
  return {
    id: null,
    userId: user.userId,
    userName: user.userName,
    name: user.userName,
    projectId: null,
    homeCards: [...(variant === 'admin' ? ADMIN_HOME_CARDS : EDITOR_HOME_CARDS)],
    wallCards: [...WALL_CARDS],
    deviceIds: [],
    factorCodes: [],
    ...DASHBOARD_DEFAULTS,
    createTime: null,
    updateTime: null,
  };
}

export interface AlarmRow {
  id: number;
  deviceId: number;
  deviceName: string;
  factorCode: string | null;
  alarmType: number;
  alarmLevel: number;
  alarmValue: number | null;
  standardValue: string | null;
  beginDate: number;
  active: number;
  orderStatus: number;
}

export function toDashboardAlarm(row: AlarmRow): DashboardAlarm {
  return { ...row, beginDate: Number(row.beginDate), active: row.active === 1 };
}

/** Counts as the schema's [{ key, count }], keys ascending. */
export function countList(counts: ReadonlyMap<number, number>): { key: number; count: number }[] {
  return [...counts].sort(([a], [b]) => a - b).map(([key, count]) => ({ key, count }));
}
