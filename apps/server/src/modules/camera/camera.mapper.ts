import { CAMERA_VISIBILITIES, type Camera, type CameraVisibility } from '@envmon/shared';
import type { CameraRow } from './camera.repository.js';

const visibilityOf = (text: string): CameraVisibility =>
  (CAMERA_VISIBILITIES as readonly string[]).includes(text) ? (text as CameraVisibility) : 'scope';

export function toCamera(row: CameraRow): Camera {
  return {
    id: row.id,
    deviceId: row.deviceId,
    deviceName: row.deviceName,
    name: row.name,
    hlsUrl: row.hlsUrl,
    enabled: row.enabled === 1,
    visibility: visibilityOf(row.visibility),
    maxPlaySeconds: row.maxPlaySeconds,
    createTime: Number(row.createTime),
    updateTime: Number(row.updateTime),
  };
}
