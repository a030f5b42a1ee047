import { describe, expect, it } from 'vitest';
import { groupByUnit, MIN_PANEL_HEIGHT, unitPanels } from './unit-panels';

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
});
