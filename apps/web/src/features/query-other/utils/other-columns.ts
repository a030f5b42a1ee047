import type { OtherRow, StationStateKind } from '@envmon/shared';

/** Which row fields a kind's table shows: equipment and value for 2021/2041, the time for 2081, all for 3020. */
export const OTHER_COLUMNS: Record<StationStateKind, readonly (keyof OtherRow)[]> = {
  runState: ['dataTime', 'item', 'value'],
  runTime: ['dataTime', 'item', 'value'],
  restart: ['dataTime', 'value'],
  info: ['dataTime', 'item', 'infoId', 'value'],
};

/** A restart row's value is the restart instant in epoch ms (or the station's text when not a time). */
export function otherValueText(
  kind: StationStateKind,
  value: string | null,
  formatTime: (ms: number) => string,
): string {
  if (value === null) return '-';
  if (kind === 'restart' && /^\d+$/.test(value)) return formatTime(Number(value));
  return value;
}
