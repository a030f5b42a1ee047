export { DeviceMap, type DeviceMapDevice, type DeviceMapProps } from './device-map';
export { LocationPicker, type LocationPickerProps } from './location-picker';
export type { LngLat } from './coordinate-switch';
export { DEVICE_STATES, DEVICE_STATE_COLORS, deviceIconUrl, type DeviceState } from './map-vocabulary';
