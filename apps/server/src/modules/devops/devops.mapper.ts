import { DEVOPS_KINDS, type DevopsFile, type DevopsKind, type DevopsRecord } from '@envmon/shared';
import type { DevopsFileRow, DevopsRecordRow } from './devops.repository.js';

const kindOf = (text: string): DevopsKind =>
  (DEVOPS_KINDS as readonly string[]).includes(text) ? (text as DevopsKind) : 'other';

export function toDevopsFile(row: DevopsFileRow): DevopsFile {
  return {
    id: row.id,
    recordId: row.recordId,
    fileName: row.fileName,
    mimeType: row.mimeType,
    size: Number(row.size),
    createTime: Number(row.createTime),
  };
}

export function toDevopsRecord(row: DevopsRecordRow, files: readonly DevopsFileRow[]): DevopsRecord {
  return {
    id: row.id,
    deviceId: row.deviceId,
    deviceName: row.deviceName,
    deviceCode: row.deviceCode,
    kind: kindOf(row.kind),
    startTime: Number(row.startTime),
    endTime: row.endTime === null ? null : Number(row.endTime),
    maintainer: row.maintainer,
    content: row.content,
    createdBy: row.createdBy,
    createTime: Number(row.createTime),
    updateTime: Number(row.updateTime),
    files: files.filter((f) => f.recordId === row.id).map(toDevopsFile),
  };
}
