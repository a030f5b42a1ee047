import { vocabularyLabel } from '@envmon/shared';
import { memo } from 'react';
import { EMPTY_CELL } from '../../../../components/crud/constants';
import type { VocabularyLang } from '../../../../components/crud/cell-render';
import { formatValue } from '../../../../lib/format';
import { type PresetColors, flagCode, toneTextColor, valueTone } from '../utils/flag-tone';
import type { LiveCell } from '../utils/live-rows';

interface ValueCellProps {
  cell: LiveCell | undefined;
  decimals: number | null;
  /** The column's unit: the value shows its own only when the device uses another. */
  columnUnit: string | null;
  colors: PresetColors;
  lang: VocabularyLang;
  /** 'Data flag: …; quality flag: …' with both labels filled in. */
  describe: (flag: string, quality: string) => string;
}

const flagText = (flag: string | null, lang: VocabularyLang) =>
  flag === null || flag === '' ? EMPTY_CELL : `${vocabularyLabel('dataFlag', flagCode(flag), lang)} (${flag})`;

/**
 * One value coloured by its flags. Memoised on the cell object: a batch of live messages renders
 * only the cells whose values changed. A plain `title` instead of a Tooltip keeps 10,000 cells light.
 */
export const ValueCell = memo(function ValueCell({
  cell,
  decimals,
  columnUnit,
  colors,
  lang,
  describe,
}: ValueCellProps) {
  if (!cell) return <span>{EMPTY_CELL}</span>;
  const tone = valueTone(cell.flag, cell.quality);
  const unit = cell.unit !== null && cell.unit !== columnUnit ? ` ${cell.unit}` : '';
  return (
    <span
      style={{ color: toneTextColor(tone, colors), fontVariantNumeric: 'tabular-nums' }}
      title={describe(flagText(cell.flag, lang), flagText(cell.quality, lang))}
      data-flag={tone.flag}
    >
      {formatValue(cell.value, decimals)}
      {unit}
      {tone.preFit ? '*' : ''}
    </span>
  );
});
