import { DEVICE_ICON_PATH } from '@envmon/shared';

/** A device's live state as the map shows it. */
export const DEVICE_STATES = ['online', 'offline', 'alarm'] as const;
export type DeviceState = (typeof DEVICE_STATES)[number];

/** Marker colours per state; shared/vocabularies.ts has no live-state vocabulary, so they live with the map. */
export const DEVICE_STATE_COLORS: Record<DeviceState, string> = {
  online: '#52c41a',
  offline: '#8c8c8c',
  alarm: '#f5222d',
};

/** antd Tag colours for the same states (popup). */
export const DEVICE_STATE_TAG_COLORS: Record<DeviceState, string> = {
  online: 'success',
  offline: 'default',
  alarm: 'error',
};

/** A cluster takes the colour of its most urgent member: alarm, then online, then offline. */
export const DEVICE_STATE_URGENCY: readonly DeviceState[] = ['alarm', 'online', 'offline'];

/**
 * Device types with an icon under public/static/device_icon — the HJ 212 system codes (ST) of
 * our stations: 21 surface water, 22 ambient air, 31 air pollution source, 32 water pollution source.
 */
export const DEVICE_ICON_TYPES = ['21', '22', '31', '32'] as const;

export const DEFAULT_DEVICE_ICON = `${DEVICE_ICON_PATH}default.svg`;

export function deviceIconUrl(deviceType: string): string {
  const type = deviceType.trim();
  return (DEVICE_ICON_TYPES as readonly string[]).includes(type)
    ? `${DEVICE_ICON_PATH}${type}.svg`
    : DEFAULT_DEVICE_ICON;
}

/** Above this zoom every device is drawn on its own. */
export const CLUSTER_MAX_ZOOM = 16;

/** Grid cell of the clustering, in screen pixels. */
export const CLUSTER_CELL_PX = 64;

/** Zoom used to show a single chosen point (location picker, selected device). */
export const POINT_ZOOM = 13;
