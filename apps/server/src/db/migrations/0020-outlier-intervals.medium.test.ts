import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { insertDevice } from '../../modules/deploy/device-panel.test-support.js';
import { query, useTestApp } from '../../test/harness.js';
import { outlierIntervals } from './0020-outlier-intervals.js';

describe('migration 0020: outlier intervals', () => {
  const t = useTestApp();

  it('turns the factors’ and device factors’ WN bounds into all-year intervals, and back', async () => {
    const device = await insertDevice(t(), 'MIG-OUT');
    const migration = outlierIntervals(t().dialect);
    await query(t(), async (db) => {
      const raw = db.withoutPlugins();
      // Back to before the migration: the old columns, no intervals.
      await migration.down?.(raw);
      await sql`update factors set outlier_min = 1, outlier_max = 40 where factor_code = 'w01018'`.execute(raw);
      await sql`update factors set outlier_max = 9 where factor_code = 'w01001'`.execute(raw);
      // The device narrows COD's upper bound only: its lower bound stays the factor's.
      await sql`insert into device_factors (device_id, factor_code, display_order, outlier_max)
                values (${device}, 'w01018', 1, ${30})`.execute(raw);
      await sql`insert into device_factors (device_id, factor_code, display_order) values (${device}, 'w01001', 2)`.execute(
        raw,
      );
      await migration.up(raw);
    });
    const intervals = await query(t(), (db) =>
      db
        .selectFrom('outlierIntervals')
        .select(['deviceId', 'factorCode', 'months', 'abnMin', 'abnMax', 'wnMin', 'wnMax'])
        .orderBy('factorCode')
        // The factors' rows were written before the device factors'.
        .orderBy('id')
        .execute(),
    );
    const open = { months: '', abnMin: null, abnMax: null };
    expect(intervals.map((i) => ({ ...i, deviceId: i.deviceId === null ? null : 'device' }))).toEqual([
      { deviceId: null, factorCode: 'w01001', ...open, wnMin: null, wnMax: 9 },
      { deviceId: null, factorCode: 'w01018', ...open, wnMin: 1, wnMax: 40 },
      { deviceId: 'device', factorCode: 'w01018', ...open, wnMin: 1, wnMax: 30 },
    ]);
    // The old columns are gone.
    await expect(query(t(), (db) => sql`select outlier_min from factors`.execute(db))).rejects.toThrow();
  });
});
