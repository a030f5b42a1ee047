import { type AuditGridCell, type DataAuditGrid, vocabularyColor, vocabularyLabel } from '@envmon/shared';
import { CheckCircleOutlined } from '@ant-design/icons';
import { Tag, theme } from 'antd';
import {
  type CSSProperties,
  type KeyboardEvent,
  memo,
  type MouseEvent,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { EMPTY_CELL } from '../../../../components/crud/constants';
import { useVocabularyLang } from '../../../../components/vocabulary/use-vocabulary-lang';
import { formatDataTime } from '../../../../lib/data-time';
import { formatValue } from '../../../../lib/format';
import { stationDayStart } from '../utils/audit-range';
import { cellKey, type GridSelection, type SelectionEvent } from '../utils/grid-selection';

/** Fixed sizes: rows are virtualised (a month of hours is 744 rows), so every row is as tall as the next. */
export const GRID_SIZES = { rowHeight: 52, headerHeight: 52, timeWidth: 150, cellWidth: 156, maxHeight: 560 } as const;
/** Rows drawn above and below the visible ones, so a fast scroll shows no gap. */
const OVERSCAN = 8;

type Factor = DataAuditGrid['factors'][number];
type Row = DataAuditGrid['rows'][number];

const factorName = (factor: Factor, lang: 'zh' | 'en') =>
  (lang === 'en' ? (factor.factorNameEn ?? factor.factorName) : factor.factorName) ?? factor.factorCode;

/** A data time as the grid's row header: hours with the hour, days as the date (the zone named when it differs). */
const rowTime = (dataTime: number, kind: DataAuditGrid['kind'], utcOffsetMinutes: number): string =>
  formatDataTime(dataTime, utcOffsetMinutes, kind === 'hour' ? 'minute' : 'day');

/** Outliers the platform flagged (HJ 212 platform quality WN suspected, ABN outlier). */
const OUTLIERS: Readonly<Record<string, 'warning' | 'error'>> = { WN: 'warning', ABN: 'error' };

const TAG_STYLE: CSSProperties = { marginInlineEnd: 2, paddingInline: 3, fontSize: 11, lineHeight: '16px' };

function FlagTags({ cell, lang }: { cell: AuditGridCell; lang: 'zh' | 'en' }) {
  const station = cell.flag !== null && cell.flag !== '' && cell.flag !== 'N' ? cell.flag : null;
  const platform = cell.quality !== 'N' ? cell.quality : null;
  return (
    <>
      {station ? (
        <Tag color={vocabularyColor('dataFlag', station)} style={TAG_STYLE}>
          {vocabularyLabel('dataFlag', station, lang)}
        </Tag>
      ) : null}
      {platform ? (
        <Tag color={vocabularyColor('dataFlag', platform)} style={TAG_STYLE}>
          {vocabularyLabel('dataFlag', platform, lang)}
        </Tag>
      ) : null}
      {cell.auditState ? (
        <Tag color={vocabularyColor('auditState', cell.auditState)} style={TAG_STYLE} data-state={cell.auditState}>
          {vocabularyLabel('auditState', cell.auditState, lang)}
        </Tag>
      ) : null}
    </>
  );
}

interface RowProps {
  row: Row;
  index: number;
  factors: readonly Factor[];
  /** Selected column indices of this row, comma-joined (a cheap memo key). */
  selectedCols: string;
  focusCol: number;
  gridFocused: boolean;
  approved: boolean;
  kind: DataAuditGrid['kind'];
  utcOffsetMinutes: number;
  lang: 'zh' | 'en';
  approvedLabel: string;
  onCellMouseDown: (event: MouseEvent, row: number, col: number) => void;
  onRowHeaderClick: (event: MouseEvent, row: number) => void;
}

const AuditGridRow = memo(function AuditGridRow({
  row,
  index,
  factors,
  selectedCols,
  focusCol,
  gridFocused,
  approved,
  kind,
  utcOffsetMinutes,
  lang,
  approvedLabel,
  onCellMouseDown,
  onRowHeaderClick,
}: RowProps) {
  const { token } = theme.useToken();
  const selected = useMemo(() => new Set(selectedCols.split(',').filter(Boolean).map(Number)), [selectedCols]);
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      data-row={index}
      style={{
        position: 'absolute',
        top: index * GRID_SIZES.rowHeight,
        left: 0,
        display: 'flex',
        height: GRID_SIZES.rowHeight,
      }}
    >
      <div
        role="rowheader"
        aria-colindex={1}
        onMouseDown={(event) => onRowHeaderClick(event, index)}
        style={{
          position: 'sticky',
          left: 0,
          zIndex: 1,
          width: GRID_SIZES.timeWidth,
          flex: 'none',
          padding: `0 ${token.paddingXS}px`,
          display: 'flex',
          alignItems: 'center',
          gap: token.marginXXS,
          background: token.colorBgContainer,
          borderBottom: `1px solid ${token.colorSplit}`,
          borderInlineEnd: `1px solid ${token.colorSplit}`,
          cursor: 'pointer',
          fontVariantNumeric: 'tabular-nums',
        }}
      >
        {rowTime(row.dataTime, kind, utcOffsetMinutes)}
        {approved ? (
          <CheckCircleOutlined aria-label={approvedLabel} role="img" style={{ color: token.colorSuccessText }} />
        ) : null}
      </div>
      {factors.map((factor, col) => {
        const cell = row.cells[factor.factorCode];
        const isSelected = selected.has(col);
        const focused = col === focusCol;
        const outlier = cell ? OUTLIERS[cell.quality] : undefined;
        const accent = outlier === 'error' ? token.colorError : outlier === 'warning' ? token.colorWarning : undefined;
        const background = isSelected
          ? token.controlItemBgActive
          : cell && !cell.valid
            ? token.colorErrorBg
            : token.colorBgContainer;
        return (
          <div
            key={factor.factorCode}
            role="gridcell"
            aria-colindex={col + 2}
            aria-selected={isSelected}
            tabIndex={focused ? 0 : -1}
            data-cell={`${index}:${col}`}
            data-factor={factor.factorCode}
            data-valid={cell ? String(cell.valid) : undefined}
            onMouseDown={(event) => onCellMouseDown(event, index, col)}
            style={{
              width: GRID_SIZES.cellWidth,
              flex: 'none',
              padding: `2px ${token.paddingXS}px`,
              borderBottom: `1px solid ${token.colorSplit}`,
              borderInlineEnd: `1px solid ${token.colorSplit}`,
              borderInlineStart: accent ? `3px solid ${accent}` : undefined,
              background,
              outline: focused && gridFocused ? `2px solid ${token.colorPrimary}` : undefined,
              outlineOffset: -2,
              cursor: 'cell',
              userSelect: 'none',
              overflow: 'hidden',
            }}
          >
            {cell ? (
              <>
                <div
                  style={{
                    textAlign: 'right',
                    fontVariantNumeric: 'tabular-nums',
                    textDecoration: cell.valid ? undefined : 'line-through',
                    fontWeight: cell.auditState === 'replaced' ? token.fontWeightStrong : undefined,
                    whiteSpace: 'nowrap',
                  }}
                >
                  {cell.auditState === 'replaced' && cell.value !== cell.effectiveValue ? (
                    <span style={{ fontWeight: 'normal', marginInlineEnd: token.marginXXS }}>
                      <s>{formatValue(cell.value, factor.decimals)}</s> →
                    </span>
                  ) : null}
                  {formatValue(cell.auditState === 'invalid' ? cell.value : cell.effectiveValue, factor.decimals)}
                </div>
                <div style={{ whiteSpace: 'nowrap', overflow: 'hidden' }}>
                  <FlagTags cell={cell} lang={lang} />
                </div>
              </>
            ) : (
              <div style={{ textAlign: 'center' }}>{EMPTY_CELL}</div>
            )}
          </div>
        );
      })}
    </div>
  );
});

export interface AuditGridProps {
  grid: DataAuditGrid;
  utcOffsetMinutes: number;
  selection: GridSelection;
  onSelect: (event: SelectionEvent) => void;
  /** Rows a PageUp/PageDown moves: a day of hours, a week of days. */
  pageRows: number;
  label: string;
}

/**
 * The workbench grid (ARIA grid, multi-selectable): rows are data times, columns factors with their unit;
 * each cell the value reports use, its station and platform flags and its audit state, outliers edged in
 * their colour and invalid values struck through. One cell is in the tab order (roving tabindex); the
 * keyboard and mouse go through the selection model (grid-selection.ts). Only the rows in view are drawn.
 */
export function AuditGrid({ grid, utcOffsetMinutes, selection, onSelect, pageRows, label }: AuditGridProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const lang = useVocabularyLang();
  const scroller = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [gridFocused, setGridFocused] = useState(false);
  const { rowHeight, headerHeight, timeWidth, cellWidth, maxHeight } = GRID_SIZES;
  const width = timeWidth + grid.factors.length * cellWidth;
  const height = Math.min(maxHeight, headerHeight + grid.rows.length * rowHeight + 2);
  const approvedDays = useMemo(() => new Set(grid.approvedDays), [grid.approvedDays]);

  const selectedByRow = useMemo(() => {
    const byRow = new Map<number, number[]>();
    for (const key of selection.selected) {
      const [row = 0, col = 0] = key.split(':').map(Number);
      byRow.set(row, [...(byRow.get(row) ?? []), col]);
    }
    return byRow;
  }, [selection.selected]);

  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - OVERSCAN);
  const last = Math.min(grid.rows.length - 1, Math.ceil((scrollTop + height) / rowHeight) + OVERSCAN);
  const shown = useMemo(() => {
    const indices: number[] = [];
    for (let i = first; i <= last; i++) indices.push(i);
    // The focused row is always drawn: its cell holds the grid's tab stop.
    if (selection.focus.row < first || selection.focus.row > last) indices.push(selection.focus.row);
    return indices.filter((i) => i < grid.rows.length);
  }, [first, last, selection.focus.row, grid.rows.length]);

  // Keeps the focused cell in view and, while the grid has the focus, moves the browser's focus to it.
  const focusKey = cellKey(selection.focus.row, selection.focus.col);
  useLayoutEffect(() => {
    const box = scroller.current;
    if (!box || !box.contains(document.activeElement)) return;
    const { row, col } = selection.focus;
    const top = row * rowHeight;
    if (top < box.scrollTop) box.scrollTop = top;
    else if (top + rowHeight > box.scrollTop + box.clientHeight - headerHeight)
      box.scrollTop = top + rowHeight - box.clientHeight + headerHeight;
    const left = timeWidth + col * cellWidth;
    if (left - timeWidth < box.scrollLeft) box.scrollLeft = left - timeWidth;
    else if (left + cellWidth > box.scrollLeft + box.clientWidth) box.scrollLeft = left + cellWidth - box.clientWidth;
    const target = box.querySelector<HTMLElement>(`[data-cell="${focusKey}"]`);
    target?.focus({ preventScroll: true });
    // The grid itself may reach below the window: the page follows (the grid has the cell in view already).
    target?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [focusKey, selection.focus, rowHeight, headerHeight, timeWidth, cellWidth]);

  const onKeyDown = (event: KeyboardEvent) => {
    const handled = nextKey(event, pageRows, onSelect);
    if (handled) event.preventDefault();
  };
  const onCellMouseDown = useMemo(
    () => (event: MouseEvent, row: number, col: number) =>
      onSelect({ type: 'click', cell: { row, col }, shift: event.shiftKey, toggle: event.ctrlKey || event.metaKey }),
    [onSelect],
  );
  const onRowHeaderClick = useMemo(
    () => (event: MouseEvent, row: number) => {
      event.preventDefault();
      onSelect({ type: 'row', row, toggle: event.ctrlKey || event.metaKey });
    },
    [onSelect],
  );

  const header: CSSProperties = {
    flex: 'none',
    height: headerHeight,
    padding: `0 ${token.paddingXS}px`,
    display: 'flex',
    flexDirection: 'column',
    justifyContent: 'center',
    // Opaque: the rows scroll under the sticky header and the sticky time column.
    backgroundColor: token.colorBgContainer,
    backgroundImage: `linear-gradient(${token.colorFillAlter}, ${token.colorFillAlter})`,
    borderBottom: `1px solid ${token.colorSplit}`,
    borderInlineEnd: `1px solid ${token.colorSplit}`,
    fontWeight: token.fontWeightStrong,
  };

  return (
    <div
      ref={scroller}
      role="grid"
      aria-label={label}
      aria-multiselectable
      aria-rowcount={grid.rows.length + 1}
      aria-colcount={grid.factors.length + 1}
      data-testid="data-audit-grid"
      onKeyDown={onKeyDown}
      onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
      onFocus={() => setGridFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setGridFocused(false);
      }}
      style={{
        position: 'relative',
        height,
        overflow: 'auto',
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadius,
        background: token.colorBgContainer,
      }}
    >
      <div role="rowgroup" style={{ position: 'sticky', top: 0, zIndex: 2, width }}>
        <div role="row" aria-rowindex={1} style={{ display: 'flex', width }}>
          <div
            role="columnheader"
            aria-colindex={1}
            style={{ ...header, width: timeWidth, position: 'sticky', left: 0, zIndex: 1 }}
          >
            {t('dataAudit.grid.dataTime')}
          </div>
          {grid.factors.map((factor, col) => (
            <div
              key={factor.factorCode}
              role="columnheader"
              aria-colindex={col + 2}
              data-factor={factor.factorCode}
              title={factor.factorCode}
              onMouseDown={(event) => {
                event.preventDefault();
                onSelect({ type: 'column', col, toggle: event.ctrlKey || event.metaKey });
              }}
              style={{ ...header, width: cellWidth, cursor: 'pointer', textAlign: 'right', alignItems: 'flex-end' }}
            >
              <span style={{ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', maxWidth: '100%' }}>
                {factorName(factor, lang)}
              </span>
              <span style={{ fontWeight: 'normal' }}>{factor.unit ?? ''}</span>
            </div>
          ))}
        </div>
      </div>
      <div role="rowgroup" style={{ position: 'relative', width, height: grid.rows.length * rowHeight }}>
        {shown.map((index) => {
          const row = grid.rows[index] as Row;
          return (
            <AuditGridRow
              key={row.dataTime}
              row={row}
              index={index}
              factors={grid.factors}
              selectedCols={(selectedByRow.get(index) ?? []).join(',')}
              focusCol={selection.focus.row === index ? selection.focus.col : -1}
              gridFocused={gridFocused}
              approved={grid.kind === 'hour' && approvedDays.has(stationDayStart(row.dataTime, utcOffsetMinutes))}
              kind={grid.kind}
              utcOffsetMinutes={utcOffsetMinutes}
              lang={lang}
              approvedLabel={t('dataAudit.grid.approvedDay')}
              onCellMouseDown={onCellMouseDown}
              onRowHeaderClick={onRowHeaderClick}
            />
          );
        })}
      </div>
    </div>
  );
}

/** A key on the grid as a selection event; true when the grid took it. */
function nextKey(event: KeyboardEvent, pageRows: number, onSelect: (event: SelectionEvent) => void): boolean {
  const keys = new Set([
    'ArrowUp',
    'ArrowDown',
    'ArrowLeft',
    'ArrowRight',
    'Home',
    'End',
    'PageUp',
    'PageDown',
    ' ',
    'Enter',
    'Escape',
  ]);
  const ctrl = event.ctrlKey || event.metaKey;
  if (!keys.has(event.key) && !(ctrl && (event.key === 'a' || event.key === 'A'))) return false;
  onSelect({ type: 'key', key: event.key, shift: event.shiftKey, ctrl, pageRows });
  return true;
}
