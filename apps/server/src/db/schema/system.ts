import type { Generated } from 'kysely';

/** Accounts, roles and their resources, sessions and sign-in throttling, the dictionary and the operation log. */
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
