import { DivIcon } from 'leaflet';
import { DEVICE_STATE_COLORS, deviceIconUrl, type DeviceState } from './map-vocabulary';

const MARKER_PX = 32;
const SELECTED_MARKER_PX = 40;

const cache = new Map<string, DivIcon>();

function cached(key: string, make: () => DivIcon): DivIcon {
  let icon = cache.get(key);
  if (!icon) {
    icon = make();
    cache.set(key, icon);
  }
  return icon;
}

/** A device: its type icon on a disc ringed in its state colour; the selected one is larger. */
export function deviceMarkerIcon(deviceType: string, state: DeviceState, selected: boolean): DivIcon {
  const url = deviceIconUrl(deviceType);
  return cached(`device|${url}|${state}|${selected}`, () => {
    const size = selected ? SELECTED_MARKER_PX : MARKER_PX;
    const classes = ['device-marker', `device-marker--${state}`, selected ? 'device-marker--selected' : ''].filter(
      Boolean,
    );
    return new DivIcon({
      className: 'device-marker-host',
      iconSize: [size, size],
      iconAnchor: [size / 2, size / 2],
      popupAnchor: [0, -size / 2],
      html: `<span class="${classes.join(' ')}" style="--marker-color:${DEVICE_STATE_COLORS[state]}"><img class="device-marker__icon" src="${url}" alt="" draggable="false"></span>`,
    });
  });
}

function clusterSize(count: number): number {
  if (count < 10) return 34;
  if (count < 100) return 40;
  if (count < 1000) return 46;
  return 52;
}

/** A cluster: the member count on a disc in the colour of its most urgent state. */
export function clusterIcon(count: number, state: DeviceState): DivIcon {
  return cached(`cluster|${count}|${state}`, () => {
    const size = clusterSize(count);
    return new DivIcon({
      className: 'device-cluster-host',
      iconSize: [size, size],
      iconAnchor: [size / 2, size / 2],
      html: `<span class="device-cluster device-cluster--${state}" style="--marker-color:${DEVICE_STATE_COLORS[state]}">${count}</span>`,
    });
  });
}

const PICKER_PIN_SVG =
  '<svg class="picker-marker" viewBox="0 0 28 40" xmlns="http://www.w3.org/2000/svg" aria-hidden="true">' +
  '<path d="M14 1C6.8 1 1 6.8 1 14c0 9.6 13 25 13 25s13-15.4 13-25C27 6.8 21.2 1 14 1z" fill="#1677ff" stroke="#fff" stroke-width="2"/>' +
  '<circle cx="14" cy="14" r="5" fill="#fff"/></svg>';

/**
 * The location picker's pin (also the marker geoman draws), drawn inline: Leaflet's default
 * marker image path is not found once the bundler renames its PNG files.
 */
export const pickerPinIcon = new DivIcon({
  className: 'picker-marker-host',
  iconSize: [28, 40],
  iconAnchor: [14, 39],
  html: PICKER_PIN_SVG,
});
