import { DAY_MS, WEATHER_FACTORS, type WeatherDay, type WeatherQuery } from '@envmon/shared';
import { DomainError } from '../../lib/errors.js';
import { type ScopeReader, scopeOf } from '../device/device-scope.js';
import type { WeatherRepository } from './weather.repository.js';

const CODES = Object.values(WEATHER_FACTORS);
const NAMES = Object.entries(WEATHER_FACTORS) as [keyof typeof WEATHER_FACTORS, string][];

const pad = (n: number) => String(n).padStart(2, '0');
/** Dates are the server's local calendar days, as every date and time the platform shows (crud.export formatDateTime). */
const localDate = (ms: number) => {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};
const startOf = (date: string) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d).getTime();
};

/**
 * getByDate: the station's meteorological day values (CN 2031 'day' measurements of a01001 temperature,
 * a01002 humidity, a01006 pressure, a01007 wind speed, a01008 wind direction), one entry per date from
 * beginDate to endDate, nulls where the station sent nothing. The HJ 212 catalogue has no rainfall code, so
 * rainfall is not among them.
 */
export class WeatherService {
  constructor(private readonly repo: WeatherRepository) {}

  /** A device outside the reader's scope (device-scope.ts) is not found. */
  async byDate(query: WeatherQuery, reader: ScopeReader): Promise<WeatherDay[]> {
    if (!(await this.repo.visible(query.deviceId, scopeOf({}, reader)))) throw new DomainError('notFound');
    const from = startOf(query.beginDate);
    // The day after endDate (a DST-safe next midnight: noon plus a day, floored back to the date).
    const until = startOf(localDate(startOf(query.endDate) + DAY_MS + DAY_MS / 2));
    const rows = await this.repo.dayValues(query.deviceId, CODES, from, until);
    const byDate = new Map<string, Map<string, number | null>>();
    for (const row of rows) {
      const date = localDate(row.dataTime);
      const values = byDate.get(date) ?? new Map<string, number | null>();
      values.set(row.factorCode, row.value);
      byDate.set(date, values);
    }
    const days: WeatherDay[] = [];
    for (let at = from; at < until; at = startOf(localDate(at + DAY_MS + DAY_MS / 2))) {
      const date = localDate(at);
      const values = byDate.get(date);
      const day = { date } as WeatherDay;
      for (const [name, code] of NAMES) day[name] = values?.get(code) ?? null;
      days.push(day);
    }
    return days;
  }
}
