import { HOUR_MS } from '@envmon/shared';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { insertDevice } from '../../modules/deploy/device-panel.test-support.js';
import { query, useTestApp } from '../../test/harness.js';
import type { MeasurementKind } from '../schema.js';
import { historyIndexWithoutMinutes } from './0029-history-index-without-minutes.js';

/** The history index, or on PostgreSQL its copy on a partition (named after its columns). */
const HISTORY_INDEX = /measurements_history|_kind_factor_code_data_time_/;

describe('migration 0029: the history index without real-time and minute values', () => {
  const t = useTestApp();
  const H0 = Date.UTC(2026, 2, 1);
  const FACTORS = Array.from({ length: 20 }, (_, i) => `f${String(i).padStart(2, '0')}`);

  /** The plan of one factor's values of `kind` over a range, as the history chart reads them. */
  async function plan(device: number, kind: MeasurementKind): Promise<string> {
    const read = sql`select data_time, value from measurements
      where device_id = ${device} and kind = ${kind} and factor_code = ${FACTORS[3]}
        and data_time >= ${H0} and data_time < ${H0 + 100 * HOUR_MS} order by data_time`;
    return query(t(), async (db) => {
      if (t().dialect === 'sqlite') {
        const { rows } = await sql<{ detail: string }>`explain query plan ${read}`.execute(db);
        return rows.map((r) => r.detail).join('\n');
      }
      const { rows } = await sql<{ 'QUERY PLAN': string }>`explain ${read}`.execute(db);
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
  }

  const indexes = () =>
    query(t(), async (db) => {
      const { rows } = await (
        t().dialect === 'sqlite'
          ? sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = 'measurements'
            and name like 'measurements_history%' order by name`
          : sql<{ name: string }>`select indexname as name from pg_indexes where tablename = 'measurements'
            and indexname like 'measurements_history%' order by indexname`
      ).execute(db);
      return rows.map((r) => r.name);
    });

  it('keeps serving hour, day, month and year reads by factor; down restores the index of every kind', async () => {
    const device = await insertDevice(t(), 'MIG-IDX');
    const rows = (['hour', 'day', 'min'] as const).flatMap((kind) =>
      Array.from({ length: 100 }, (_, h) =>
        FACTORS.map((factorCode) => ({
          deviceId: device,
          kind,
          dataTime: H0 + h * HOUR_MS,
          factorCode,
          value: h,
          min: null,
          max: null,
          cou: null,
          flag: 'N',
          quality: 'N',
          receivedAt: 0,
        })),
      ).flat(),
    );
    await query(t(), async (db) => {
      for (let i = 0; i < rows.length; i += 500)
        await db
          .insertInto('measurements')
          .values(rows.slice(i, i + 500))
          .execute();
      await sql`analyze`.execute(db);
    });
    for (const kind of ['hour', 'day'] as const) expect(await plan(device, kind)).toMatch(HISTORY_INDEX);
    expect(await indexes()).toEqual(
      t().dialect === 'sqlite'
        ? [
            'measurements_history_day_idx',
            'measurements_history_hour_idx',
            'measurements_history_month_idx',
            'measurements_history_year_idx',
          ]
        : ['measurements_history_idx'],
    );

    await query(t(), (db) => historyIndexWithoutMinutes(t().dialect).down!(db.withoutPlugins()));
    expect(await indexes()).toEqual(['measurements_history_idx']);
    expect(await plan(device, 'min')).toMatch(HISTORY_INDEX);
    await query(t(), (db) => historyIndexWithoutMinutes(t().dialect).up(db.withoutPlugins()));
    expect(await plan(device, 'hour')).toMatch(HISTORY_INDEX);
  });
});
