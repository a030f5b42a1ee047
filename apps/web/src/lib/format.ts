import { EMPTY_CELL } from '../components/crud/constants';
import { formatDateTime } from './dayjs';

/** A value with the factor's decimals (as stored when the factor has none). */
export function formatValue(value: number | null, decimals: number | null): string {
  if (value === null) return EMPTY_CELL;
  return decimals === null ? String(value) : value.toFixed(decimals);
}

export function formatTime(epochMs: number | null | undefined): string {
  return epochMs === null || epochMs === undefined ? EMPTY_CELL : formatDateTime(epochMs);
}

const MINUTES_PER_HOUR = 60;

/** A station clock offset as UTC±hh:mm (Beijing: 480 → UTC+08:00). */
export function formatUtcOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  const hours = String(Math.floor(abs / MINUTES_PER_HOUR)).padStart(2, '0');
  const rest = String(abs % MINUTES_PER_HOUR).padStart(2, '0');
  return `UTC${sign}${hours}:${rest}`;
}

/** An optional number as text ('' when absent), for the factor table's compact cells. */
export function optionalNumber(value: number | null | undefined): string {
  return value === null || value === undefined ? EMPTY_CELL : String(value);
}
