import {
  FORWARD_CNS,
  FORWARD_ERROR_KINDS,
  type FactorMapping,
  type ForwardCn,
  type ForwardErrorKind,
  type ForwardValueSource,
  type Upstream,
  type UpstreamDevice,
  type UpstreamProtocol,
} from '@envmon/shared';
import { MASK } from '../../lib/mask.js';
import type { UpstreamDeviceRow, UpstreamRow } from './transfer-format.repository.js';

const isForwardCn = (cn: unknown): cn is ForwardCn => (FORWARD_CNS as readonly unknown[]).includes(cn);

/** The stored CN list (JSON), what of it is still a forwarded kind. */
export function parseCns(text: string): ForwardCn[] {
  const parsed: unknown = JSON.parse(text);
  return Array.isArray(parsed) ? parsed.filter(isForwardCn) : [];
}

/** The stored error kind, if it is one this version knows. */
function errorKind(kind: string | null | undefined): ForwardErrorKind | null {
  return (FORWARD_ERROR_KINDS as readonly unknown[]).includes(kind) ? (kind as ForwardErrorKind) : null;
}

/** The stored factor map (JSON, written from validated input only). */
export function parseFactors(text: string): FactorMapping[] {
  const parsed: unknown = JSON.parse(text);
  return Array.isArray(parsed) ? (parsed as FactorMapping[]) : [];
}

export function toUpstream(row: UpstreamRow, seesPasswords: boolean): Upstream {
  return {
    id: row.id,
    name: row.name,
    host: row.host,
    port: row.port,
    protocol: row.protocol as UpstreamProtocol,
    st: row.st,
    password: seesPasswords ? row.password : MASK,
    ackRequired: row.ackRequired === 1,
    overTimeSeconds: row.overTimeSeconds,
    reCount: row.reCount,
    enabled: row.enabled === 1,
    deviceCount: row.deviceCount,
    remark: row.remark,
    updateTime: row.updateTime,
  };
}

const num = (v: number | string | null | undefined): number => Number(v ?? 0);
const time = (v: number | null | undefined): number | null => (v === null || v === undefined ? null : Number(v));

export function toUpstreamDevice(row: UpstreamDeviceRow, seesPasswords: boolean): UpstreamDevice {
  return {
    id: row.id,
    upstreamId: row.upstreamId,
    deviceId: row.deviceId,
    deviceName: row.deviceName,
    mn: row.deviceCode,
    upstreamMn: row.upstreamMn,
    upstreamPassword: seesPasswords ? row.upstreamPassword : MASK,
    cns: parseCns(row.cns),
    factors: parseFactors(row.factors),
    valueSource: row.valueSource as ForwardValueSource,
    fromTime: time(row.fromTime),
    enabled: row.enabled === 1,
    status: {
      connected: row.connected === 1,
      queued: num(row.queued),
      sent: num(row.sent),
      acknowledged: num(row.acknowledged),
      dropped: num(row.dropped),
      lastErrorKind: errorKind(row.lastErrorKind),
      lastError: row.lastError ?? null,
      lastErrorTime: time(row.lastErrorTime),
      lastSendTime: time(row.lastSendTime),
      lastAckTime: time(row.lastAckTime),
      lastDataTime: time(row.lastDataTime),
    },
    updateTime: row.updateTime,
  };
}
