import { describe, expect, it } from 'vitest';
import {
  cellKey,
  emptySelection,
  type GridSelection,
  nextSelection,
  rectangleKeys,
  selectedCells,
  type SelectionEvent,
} from './grid-selection';

/** A month of hours × 10 factors. */
const DIMS = { rows: 744, cols: 10 };

const keyOf = (key: string, mods: { shift?: boolean; ctrl?: boolean } = {}): SelectionEvent => ({
  type: 'key',
  key,
  shift: mods.shift ?? false,
  ctrl: mods.ctrl ?? false,
  pageRows: 24,
});

const click = (row: number, col: number, mods: { shift?: boolean; toggle?: boolean } = {}): SelectionEvent => ({
  type: 'click',
  cell: { row, col },
  shift: mods.shift ?? false,
  toggle: mods.toggle ?? false,
});

/** Applies events in turn; an event the grid leaves alone keeps the selection. */
function run(events: SelectionEvent[], start: GridSelection = emptySelection()): GridSelection {
  return events.reduce((state, event) => nextSelection(state, event, DIMS) ?? state, start);
}

const keys = (state: GridSelection) => [...state.selected].sort();

describe('grid selection: the mouse', () => {
  it('a click selects one cell alone and anchors there', () => {
    const state = run([click(3, 2), click(5, 4)]);
    expect(keys(state)).toEqual([cellKey(5, 4)]);
    expect(state.focus).toEqual({ row: 5, col: 4 });
    expect(state.anchor).toEqual({ row: 5, col: 4 });
  });

  it('shift+click selects the rectangle from the anchor, in either direction', () => {
    const state = run([click(4, 3), click(2, 1, { shift: true })]);
    expect(keys(state)).toEqual(rectangleKeys({ row: 2, col: 1 }, { row: 4, col: 3 }).sort());
    expect(state.selected.size).toBe(9);
    // The anchor stays: a second shift+click re-spans from it.
    const again = run([click(5, 3, { shift: true })], state);
    expect(again.selected.size).toBe(2);
    expect(keys(again)).toEqual([cellKey(4, 3), cellKey(5, 3)]);
  });

  it('ctrl/cmd+click toggles one cell, keeping the others; ctrl+shift adds a rectangle from the last toggled', () => {
    const state = run([click(0, 0), click(0, 0, { toggle: true }), click(2, 2, { toggle: true })]);
    expect(keys(state)).toEqual([cellKey(2, 2)]);
    const added = run([click(3, 3, { shift: true, toggle: true })], state);
    expect(keys(added)).toEqual([cellKey(2, 2), cellKey(2, 3), cellKey(3, 2), cellKey(3, 3)]);
  });
});

describe('grid selection: the keyboard', () => {
  it('arrows move the focus (and the anchor) without selecting, kept inside the grid', () => {
    const state = run([
      keyOf('ArrowDown'),
      keyOf('ArrowRight'),
      keyOf('ArrowRight'),
      keyOf('ArrowUp'),
      keyOf('ArrowUp'),
    ]);
    expect(state.focus).toEqual({ row: 0, col: 2 });
    expect(state.anchor).toEqual({ row: 0, col: 2 });
    expect(state.selected.size).toBe(0);
    expect(run([keyOf('ArrowLeft', { ctrl: true })], state).focus).toEqual({ row: 0, col: 0 });
    expect(run([keyOf('ArrowDown', { ctrl: true })], state).focus).toEqual({ row: 743, col: 2 });
  });

  it('shift+arrows extend the rectangle from the anchor', () => {
    const state = run([
      click(10, 1),
      keyOf('ArrowDown', { shift: true }),
      keyOf('ArrowDown', { shift: true }),
      keyOf('ArrowRight', { shift: true }),
    ]);
    expect(state.focus).toEqual({ row: 12, col: 2 });
    expect(state.selected.size).toBe(6);
    // Back over the anchor: the rectangle shrinks and turns.
    const back = run(
      [keyOf('ArrowUp', { shift: true }), keyOf('ArrowUp', { shift: true }), keyOf('ArrowUp', { shift: true })],
      state,
    );
    expect(keys(back)).toEqual([cellKey(10, 1), cellKey(10, 2), cellKey(9, 1), cellKey(9, 2)].sort());
  });

  it('space and enter toggle the focused cell; shift+space its row, ctrl+space its column', () => {
    const one = run([keyOf('ArrowDown'), keyOf(' '), keyOf('ArrowRight'), keyOf('Enter')]);
    expect(keys(one)).toEqual([cellKey(1, 0), cellKey(1, 1)]);
    expect(keys(run([keyOf(' ')], one))).toEqual([cellKey(1, 0)]);
    const row = run([keyOf(' ', { shift: true })], emptySelection());
    expect(row.selected.size).toBe(DIMS.cols);
    const column = run([keyOf('ArrowRight'), keyOf(' ', { ctrl: true })]);
    expect(column.selected.size).toBe(DIMS.rows);
    expect(column.selected.has(cellKey(743, 1))).toBe(true);
  });

  it('PageDown/PageUp move a day of hours; Home/End the row, ctrl+Home/End the grid', () => {
    const state = run([keyOf('PageDown'), keyOf('PageDown'), keyOf('End')]);
    expect(state.focus).toEqual({ row: 48, col: 9 });
    expect(run([keyOf('PageUp')], state).focus).toEqual({ row: 24, col: 9 });
    expect(run([keyOf('Home')], state).focus).toEqual({ row: 48, col: 0 });
    expect(run([keyOf('End', { ctrl: true })], state).focus).toEqual({ row: 743, col: 9 });
    expect(run([keyOf('Home', { ctrl: true })], state).focus).toEqual({ row: 0, col: 0 });
  });

  it('shift+PageDown selects a day of a factor', () => {
    const state = run([keyOf('PageDown', { shift: true })]);
    expect(state.selected.size).toBe(25);
    expect(run([keyOf('ArrowUp', { shift: true })], state).selected.size).toBe(24);
  });

  it('ctrl+A selects all 7440 cells, Escape clears; other keys are left to the page', () => {
    const all = run([keyOf('a', { ctrl: true })]);
    expect(all.selected.size).toBe(7440);
    expect(nextSelection(all, keyOf('Escape'), DIMS)?.selected.size).toBe(0);
    expect(nextSelection(emptySelection(), keyOf('Escape'), DIMS)).toBeNull();
    expect(nextSelection(all, keyOf('a'), DIMS)).toBeNull();
    expect(nextSelection(all, keyOf('Tab'), DIMS)).toBeNull();
  });

  it('an empty grid takes nothing; a focus left outside a smaller grid is brought back in', () => {
    expect(nextSelection(emptySelection(), keyOf('ArrowDown'), { rows: 0, cols: 5 })).toBeNull();
    const far = run([click(700, 9)]);
    expect(nextSelection(far, keyOf('ArrowUp'), { rows: 24, cols: 4 })?.focus).toEqual({ row: 22, col: 3 });
  });
});

describe('selectedCells', () => {
  it('lists the selection in row, then column order', () => {
    const state = run([click(2, 1), click(0, 3, { toggle: true }), click(2, 0, { toggle: true })]);
    expect(selectedCells(state)).toEqual([
      { row: 0, col: 3 },
      { row: 2, col: 0 },
      { row: 2, col: 1 },
    ]);
  });
});
