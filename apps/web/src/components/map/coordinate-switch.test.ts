// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import {
  editShown,
  initialSwitchState,
  switchOff,
  switchOn,
  syncValue,
  useCoordinateSwitch,
  type LngLat,
} from './coordinate-switch';

const beijing: LngLat = { lng: 116.404, lat: 39.915 };
const beijingGcj: LngLat = { lng: 116.410244, lat: 39.916404 };

describe('coordinate switch state', () => {
  it('shows the GCJ-02 numbers when switched on and restores the backup exactly when switched off', () => {
    const on = switchOn(initialSwitchState(beijing));
    expect(on).toEqual({ converted: true, backup: beijing, shown: beijingGcj });
    const off = switchOff(on);
    expect(off.converted).toBe(false);
    expect(off.shown).toBe(beijing);
    expect(off.shown).toEqual({ lng: 116.404, lat: 39.915 });
  });

  it('restores numbers finer than the shown precision untouched', () => {
    const precise: LngLat = { lng: 116.40412345678, lat: 39.91512345678 };
    const on = switchOn(initialSwitchState(precise));
    expect(on.shown).toEqual({ lng: 116.410368, lat: 39.916528 });
    expect(switchOff(on).shown).toEqual({ lng: 116.40412345678, lat: 39.91512345678 });
  });

  it('keeps numbers that cannot be converted yet', () => {
    const half: LngLat = { lng: 116.404, lat: null };
    expect(switchOn(initialSwitchState(half)).shown).toEqual(half);
    const empty: LngLat = { lng: null, lat: null };
    expect(switchOff(switchOn(initialSwitchState(empty))).shown).toEqual(empty);
  });

  it('ignores switching to the state it is already in', () => {
    const off = initialSwitchState(beijing);
    expect(switchOff(off)).toBe(off);
    const on = switchOn(off);
    expect(switchOn(on)).toBe(on);
  });

  it('takes numbers typed while converted as GCJ-02 and backs up their WGS-84 conversion', () => {
    const edited = editShown(switchOn(initialSwitchState(beijing)), { lng: 114.265, lat: 22.7075 });
    expect(edited.shown).toEqual({ lng: 114.265, lat: 22.7075 });
    expect(edited.backup.lng).toBeCloseTo(114.26, 2);
    expect(edited.backup.lat).toBeCloseTo(22.71, 2);
    expect(edited.backup).not.toEqual(edited.shown);
    // Switching off now shows the new WGS-84 value, not the first backup.
    expect(switchOff(edited).shown).toEqual(edited.backup);
  });

  it('takes typed numbers as they are while not converted', () => {
    const edited = editShown(initialSwitchState(beijing), { lng: 1, lat: 2 });
    expect(edited).toEqual({ converted: false, backup: { lng: 1, lat: 2 }, shown: { lng: 1, lat: 2 } });
  });

  it('follows a value set from outside in the current system', () => {
    const on = switchOn(initialSwitchState({ lng: null, lat: null }));
    expect(syncValue(on, beijing)).toEqual({ converted: true, backup: beijing, shown: beijingGcj });
    expect(syncValue(on, on.backup)).toBe(on);
  });
});

describe('useCoordinateSwitch', () => {
  it('switches on and off without changing the value, and hands WGS-84 to onChange', () => {
    let value = beijing;
    const onChange = vi.fn((next: LngLat) => {
      value = next;
    });
    const { result, rerender } = renderHook(() => useCoordinateSwitch(value, onChange));
    expect(result.current.shown).toEqual(beijing);

    act(() => result.current.setConverted(true));
    expect(result.current.converted).toBe(true);
    expect(result.current.shown).toEqual(beijingGcj);
    expect(onChange).not.toHaveBeenCalled();

    act(() => result.current.setConverted(false));
    expect(result.current.shown).toEqual({ lng: 116.404, lat: 39.915 });
    expect(onChange).not.toHaveBeenCalled();

    act(() => result.current.setConverted(true));
    act(() => result.current.setShown({ lng: 116.410244, lat: 39.92 }));
    rerender();
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(value.lng).toBeCloseTo(116.404, 5);
    expect(value.lat).toBeCloseTo(39.9186, 3);
    expect(result.current.shown).toEqual({ lng: 116.410244, lat: 39.92 });

    act(() => result.current.setConverted(false));
    expect(result.current.shown).toEqual(value);
  });

  it('shows a value replaced by the form in the current system', () => {
    const onChange = vi.fn();
    const empty: LngLat = { lng: null, lat: null };
    const { result, rerender } = renderHook(({ v }: { v: LngLat }) => useCoordinateSwitch(v, onChange), {
      initialProps: { v: empty },
    });
    act(() => result.current.setConverted(true));
    rerender({ v: beijing });
    expect(result.current.shown).toEqual(beijingGcj);
    act(() => result.current.setConverted(false));
    expect(result.current.shown).toEqual(beijing);
    expect(onChange).not.toHaveBeenCalled();
  });
});
