import type { StationStateKind } from '@envmon/shared';

/** The table's columns per kind live in shared (the export writes the same ones). */
export { OTHER_COLUMNS } from '@envmon/shared';

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
