import { describe, expect, it } from 'vitest';
import { stationClock } from './station-clock';
import { groupByUnit, itemsByUnit, MIN_PANEL_HEIGHT, unitPanels } from './unit-panels';

describe('unit panels', () => {
  it('groups lines by unit in the order the units come, naming a unitless panel by what it measures', () => {
    expect(
      groupByUnit([
        { unit: 'mg/L', measure: 'COD' },
        { unit: null, measure: 'pH' },
        { unit: 'mg/L', measure: 'NH3-N' },
        { unit: '', measure: 'Turbidity index' },
        { unit: null, measure: 'pH' },
      ]),
    ).toEqual({ names: ['mg/L', 'pH / Turbidity index'], panelOf: [0, 1, 0, 1, 1] });
    expect(groupByUnit([])).toEqual({ names: [''], panelOf: [] });
  });

  it('stacks a panel per unit with its own labelled value axis, one zoom for every x axis', () => {
    const panels = unitPanels({
      theme: 'light',
      names: ['mg/L', '℃', 'μS/cm'],
      xAxis: { type: 'time', min: 1, max: 2 },
      top: 40,
      available: 900,
      zoom: { start: 0, end: 100 },
    });
    const first = panels.grid[0]?.height;
    expect(panels.grid.map((g) => g.height)).toEqual([first, first, first]);
    // The height offered is shared out (to the pixel).
    expect(panels.height).toBeLessThanOrEqual(900);
    expect(panels.height).toBeGreaterThan(900 - 3);
    expect(panels.yAxis.map((a) => [a.name, a.gridIndex, a.axisLabel?.show])).toEqual([
      ['mg/L', 0, true],
      ['℃', 1, true],
      ['μS/cm', 2, true],
    ]);
    // The time is written under the last panel only; every panel spans the same time.
    expect(panels.xAxis.map((a) => [a.gridIndex, a.axisLabel?.show, a.min, a.max])).toEqual([
      [0, false, 1, 2],
      [1, false, 1, 2],
      [2, true, 1, 2],
    ]);
    expect(panels.dataZoom.map((z) => z.xAxisIndex)).toEqual([
      [0, 1, 2],
      [0, 1, 2],
    ]);
  });

  it('grows past the height offered rather than let a panel get too low to read', () => {
    const names = Array.from({ length: 10 }, (_, i) => `u${i}`);
    const panels = unitPanels({
      theme: 'dark',
      names,
      xAxis: { type: 'category', data: ['a'] },
      top: 40,
      available: 400,
      zoom: { start: 0, end: 100 },
    });
    expect(panels.grid.every((g) => (g.height as number) >= MIN_PANEL_HEIGHT)).toBe(true);
    expect(panels.height).toBeGreaterThan(10 * MIN_PANEL_HEIGHT);
  });

  it("writes the time axes in the station's clock when given one, and leaves a category axis alone", () => {
    // 2026-11-25 21:00 UTC is 05:00 on a UTC+08:00 station; the span (one hour) is within a day.
    const at = Date.UTC(2026, 10, 25, 21, 0, 0);
    const panels = unitPanels({
      theme: 'light',
      names: ['mg/L', '℃'],
      xAxis: { type: 'time', min: at - 3_600_000, max: at },
      top: 40,
      available: 600,
      zoom: { start: 0, end: 100 },
      clock: stationClock([480], 'minute'),
    });
    for (const axis of panels.xAxis) {
      const { formatter } = axis.axisLabel as { formatter: (value: number) => string };
      expect(formatter(at)).toBe('05:00');
      const pointer = axis.axisPointer as { label: { formatter: (params: { value: number }) => string } };
      expect(pointer.label.formatter({ value: at })).toMatch(/^2026-11-26 05:00( UTC\+08:00)?$/);
    }
    // The panels keep their look: labels under the last one only.
    expect(panels.xAxis.map((a) => a.axisLabel?.show)).toEqual([false, true]);

    const categories = unitPanels({
      theme: 'light',
      names: ['mg/L'],
      xAxis: { type: 'category', data: ['2026-11'] },
      top: 40,
      available: 600,
      zoom: { start: 0, end: 100 },
      clock: stationClock([480]),
    });
    expect(categories.xAxis[0]?.axisLabel).not.toHaveProperty('formatter');
    expect(categories.xAxis[0]).not.toHaveProperty('axisPointer');
  });

  it('puts items (report factors) in groups by unit, each named as its panel', () => {
    const factors = [
      { code: 'w01018', unit: 'mg/L', name: 'COD' },
      { code: 'w01001', unit: null, name: 'pH' },
      { code: 'w21003', unit: 'mg/L', name: 'NH3-N' },
    ];
    expect(
      itemsByUnit(factors, (f) => ({ unit: f.unit, measure: f.name })).map((g) => [g.name, g.items.map((f) => f.code)]),
    ).toEqual([
      ['mg/L', ['w01018', 'w21003']],
      ['pH', ['w01001']],
    ]);
  });
});
