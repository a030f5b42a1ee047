/**
 * An outlier interval's months as outlier_intervals.months keeps them: '' for the whole year, else the months
 * (1–12) in order, comma separated.
 */
export function formatMonths(months: readonly number[]): string {
  return [...months].sort((a, b) => a - b).join(',');
}

export function parseMonths(text: string): number[] {
  return text === '' ? [] : text.split(',').map(Number);
}
