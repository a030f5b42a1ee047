/**
 * The workbench grid's selection, as a pure model: the focused cell (the one in the tab order: roving
 * tabindex), the anchor a range starts from, and the selected cells. Mouse and keyboard events become
 * new selections here, so the component only renders and the rules are tested without a browser.
 *
 * Mouse: click selects a cell alone, shift+click the rectangle from the anchor (ctrl/cmd+shift adds it),
 * ctrl/cmd+click toggles one cell. Keyboard: arrows move (ctrl/cmd: to the edge), shift+arrows extend the
 * rectangle, Home/End go to the row's ends (ctrl/cmd: the grid's), PageUp/PageDown by a page of rows;
 * space or enter toggles the focused cell, shift+space selects its row, ctrl/cmd+space its column,
 * ctrl/cmd+A everything, Escape clears.
 */

export interface CellPos {
  row: number;
  col: number;
}

export interface GridDims {
  rows: number;
  cols: number;
}

export interface GridSelection {
  focus: CellPos;
  anchor: CellPos;
  /** Keys of the selected cells (cellKey). */
  selected: ReadonlySet<string>;
}

export type SelectionEvent =
  | { type: 'click'; cell: CellPos; shift: boolean; toggle: boolean }
  | { type: 'key'; key: string; shift: boolean; ctrl: boolean; pageRows: number }
  | { type: 'row'; row: number; toggle: boolean }
  | { type: 'column'; col: number; toggle: boolean }
  | { type: 'all' }
  | { type: 'clear' };

export const cellKey = (row: number, col: number): string => `${row}:${col}`;

export function parseCellKey(key: string): CellPos {
  const [row = 0, col = 0] = key.split(':').map(Number);
  return { row, col };
}

const ORIGIN: CellPos = { row: 0, col: 0 };

export function emptySelection(): GridSelection {
  return { focus: ORIGIN, anchor: ORIGIN, selected: new Set() };
}

const clamp = (value: number, max: number) => Math.min(Math.max(value, 0), Math.max(max - 1, 0));

export function clampPos(pos: CellPos, dims: GridDims): CellPos {
  return { row: clamp(pos.row, dims.rows), col: clamp(pos.col, dims.cols) };
}

/** The keys of the rectangle spanned by two cells. */
export function rectangleKeys(a: CellPos, b: CellPos): string[] {
  const keys: string[] = [];
  for (let row = Math.min(a.row, b.row); row <= Math.max(a.row, b.row); row++) {
    for (let col = Math.min(a.col, b.col); col <= Math.max(a.col, b.col); col++) keys.push(cellKey(row, col));
  }
  return keys;
}

const union = (base: ReadonlySet<string>, keys: readonly string[]) => new Set([...base, ...keys]);

/** Toggles `keys` as one: all selected when any was not, otherwise all unselected. */
function toggleAll(base: ReadonlySet<string>, keys: readonly string[]): Set<string> {
  const next = new Set(base);
  if (keys.every((key) => next.has(key))) for (const key of keys) next.delete(key);
  else for (const key of keys) next.add(key);
  return next;
}

function rowKeys(row: number, dims: GridDims): string[] {
  return Array.from({ length: dims.cols }, (_, col) => cellKey(row, col));
}

function columnKeys(col: number, dims: GridDims): string[] {
  return Array.from({ length: dims.rows }, (_, row) => cellKey(row, col));
}

/** Where a navigation key moves the focus; null for a key that does not move it. */
function moved(focus: CellPos, key: string, ctrl: boolean, pageRows: number, dims: GridDims): CellPos | null {
  const last = { row: dims.rows - 1, col: dims.cols - 1 };
  switch (key) {
    case 'ArrowUp':
      return { row: ctrl ? 0 : focus.row - 1, col: focus.col };
    case 'ArrowDown':
      return { row: ctrl ? last.row : focus.row + 1, col: focus.col };
    case 'ArrowLeft':
      return { row: focus.row, col: ctrl ? 0 : focus.col - 1 };
    case 'ArrowRight':
      return { row: focus.row, col: ctrl ? last.col : focus.col + 1 };
    case 'Home':
      return ctrl ? ORIGIN : { row: focus.row, col: 0 };
    case 'End':
      return ctrl ? last : { row: focus.row, col: last.col };
    case 'PageUp':
      return { row: focus.row - Math.max(pageRows, 1), col: focus.col };
    case 'PageDown':
      return { row: focus.row + Math.max(pageRows, 1), col: focus.col };
    default:
      return null;
  }
}

/**
 * The selection after an event, or null when the event means nothing to the grid (a key it leaves to the
 * page). An empty grid takes no event.
 */
export function nextSelection(state: GridSelection, event: SelectionEvent, dims: GridDims): GridSelection | null {
  if (dims.rows === 0 || dims.cols === 0) return null;
  const focus = clampPos(state.focus, dims);
  switch (event.type) {
    case 'click': {
      const cell = clampPos(event.cell, dims);
      if (event.shift) {
        const rect = rectangleKeys(clampPos(state.anchor, dims), cell);
        return { ...state, focus: cell, selected: event.toggle ? union(state.selected, rect) : new Set(rect) };
      }
      if (event.toggle)
        return { focus: cell, anchor: cell, selected: toggleAll(state.selected, [cellKey(cell.row, cell.col)]) };
      return { focus: cell, anchor: cell, selected: new Set([cellKey(cell.row, cell.col)]) };
    }
    case 'row': {
      const row = clamp(event.row, dims.rows);
      const keys = rowKeys(row, dims);
      const cell = { row, col: focus.col };
      return { focus: cell, anchor: cell, selected: event.toggle ? toggleAll(state.selected, keys) : new Set(keys) };
    }
    case 'column': {
      const col = clamp(event.col, dims.cols);
      const keys = columnKeys(col, dims);
      const cell = { row: focus.row, col };
      return { focus: cell, anchor: cell, selected: event.toggle ? toggleAll(state.selected, keys) : new Set(keys) };
    }
    case 'all':
      return { ...state, focus, selected: new Set(rectangleKeys(ORIGIN, { row: dims.rows - 1, col: dims.cols - 1 })) };
    case 'clear':
      return { ...state, focus, selected: new Set() };
    case 'key':
      return keySelection({ ...state, focus }, event, dims);
  }
}

function keySelection(
  state: GridSelection,
  { key, shift, ctrl, pageRows }: { key: string; shift: boolean; ctrl: boolean; pageRows: number },
  dims: GridDims,
): GridSelection | null {
  const { focus } = state;
  const to = moved(focus, key, ctrl, pageRows, dims);
  if (to) {
    const cell = clampPos(to, dims);
    if (shift) return { ...state, focus: cell, selected: new Set(rectangleKeys(clampPos(state.anchor, dims), cell)) };
    return { ...state, focus: cell, anchor: cell };
  }
  switch (key) {
    case ' ':
    case 'Enter':
      if (shift) return nextSelection(state, { type: 'row', row: focus.row, toggle: true }, dims);
      if (ctrl) return nextSelection(state, { type: 'column', col: focus.col, toggle: true }, dims);
      return { focus, anchor: focus, selected: toggleAll(state.selected, [cellKey(focus.row, focus.col)]) };
    case 'a':
    case 'A':
      return ctrl ? nextSelection(state, { type: 'all' }, dims) : null;
    case 'Escape':
      return state.selected.size > 0 ? { ...state, selected: new Set() } : null;
    default:
      return null;
  }
}

/** The selected cells, in row then column order. */
export function selectedCells(selection: GridSelection): CellPos[] {
  return [...selection.selected].map(parseCellKey).sort((a, b) => a.row - b.row || a.col - b.col);
}
