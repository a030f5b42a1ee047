import { useCallback, useState } from 'react';
import { gcj02ToWgs84, roundCoordinate, wgs84ToGcj02, type Position } from '../../lib/coordinates';

/** A location as the device form holds it: either number may still be missing. */
export interface LngLat {
  lng: number | null;
  lat: number | null;
}

/**
 * The coordinate switch of the device dialog. `backup` is the WGS-84 value (what is stored);
 * `shown` is what the inputs and the map show — the backup itself when the switch is off, its
 * GCJ-02 conversion when on. Switching off shows the backup again, number for number.
 */
export interface CoordinateSwitchState {
  converted: boolean;
  backup: LngLat;
  shown: LngLat;
}

function complete(value: LngLat): Position | null {
  return value.lng === null || value.lat === null ? null : [value.lng, value.lat];
}

function convert(value: LngLat, fn: (p: Position) => Position): LngLat {
  const position = complete(value);
  if (!position) return value;
  const [lng, lat] = fn(position);
  return { lng: roundCoordinate(lng), lat: roundCoordinate(lat) };
}

export const toGcj02 = (value: LngLat): LngLat => convert(value, wgs84ToGcj02);
export const toWgs84 = (value: LngLat): LngLat => convert(value, gcj02ToWgs84);

export const sameLngLat = (a: LngLat, b: LngLat): boolean => a.lng === b.lng && a.lat === b.lat;

export function initialSwitchState(value: LngLat): CoordinateSwitchState {
  return { converted: false, backup: value, shown: value };
}

/** Turning on backs up the current WGS-84 numbers and shows them in GCJ-02. */
export function switchOn(state: CoordinateSwitchState): CoordinateSwitchState {
  if (state.converted) return state;
  return { converted: true, backup: state.shown, shown: toGcj02(state.shown) };
}

/** Turning off restores the backed-up numbers exactly (no round trip through GCJ-02). */
export function switchOff(state: CoordinateSwitchState): CoordinateSwitchState {
  if (!state.converted) return state;
  return { converted: false, backup: state.backup, shown: state.backup };
}

/**
 * The user typed or picked `shown` in the current system. While converted, those are GCJ-02
 * numbers and the new backup (the value to store) is their WGS-84 conversion; a half-typed
 * pair cannot be converted and passes through until the second number arrives.
 */
export function editShown(state: CoordinateSwitchState, shown: LngLat): CoordinateSwitchState {
  return { converted: state.converted, backup: state.converted ? toWgs84(shown) : shown, shown };
}

/** The form's value changed from outside (reset, another device): show it in the current system. */
export function syncValue(state: CoordinateSwitchState, value: LngLat): CoordinateSwitchState {
  if (sameLngLat(state.backup, value)) return state;
  return { converted: state.converted, backup: value, shown: state.converted ? toGcj02(value) : value };
}

export interface CoordinateSwitch {
  converted: boolean;
  /** The numbers to show in the inputs and on the map. */
  shown: LngLat;
  setConverted: (converted: boolean) => void;
  /** The user entered `shown`; hands the WGS-84 value to onChange. */
  setShown: (shown: LngLat) => void;
  /** The WGS-84 value itself (what is stored, and what the map draws in its own system). */
  value: LngLat;
  /** The user picked a WGS-84 point (on the map); the inputs show it in the current system. */
  setValue: (value: LngLat) => void;
}

/** The switch state around a controlled WGS-84 value; onChange always receives WGS-84. */
export function useCoordinateSwitch(value: LngLat, onChange: (value: LngLat) => void): CoordinateSwitch {
  const [stored, setStored] = useState(() => initialSwitchState(value));
  // Adjusting state to a new prop during render (React's documented pattern), not in an effect.
  const state = syncValue(stored, value);
  if (state !== stored) setStored(state);

  const setConverted = useCallback(
    (converted: boolean) => setStored((current) => (converted ? switchOn(current) : switchOff(current))),
    [],
  );
  const setShown = useCallback(
    (shown: LngLat) => {
      const next = editShown(state, shown);
      setStored(next);
      if (!sameLngLat(next.backup, value)) onChange(next.backup);
    },
    [state, value, onChange],
  );
  const setValue = useCallback(
    (next: LngLat) => {
      setStored(syncValue(state, next));
      if (!sameLngLat(next, value)) onChange(next);
    },
    [state, value, onChange],
  );
  return { converted: state.converted, shown: state.shown, setConverted, setShown, value: state.backup, setValue };
}
