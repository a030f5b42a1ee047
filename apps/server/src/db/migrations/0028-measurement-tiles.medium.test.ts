import { HOUR_MS, MINUTE_MS } from '@envmon/shared';
import { describe, expect, it } from 'vitest';
import { insertDevice } from '../../modules/deploy/device-panel.test-support.js';
import { query, useTestApp } from '../../test/harness.js';
import type { MeasurementKind } from '../schema.js';
import { measurementTiles } from './0028-measurement-tiles.js';

describe('migration 0028: hourly tiles', () => {
  const t = useTestApp();
  const H0 = Date.UTC(2026, 2, 1, 8);

  it('marks every hour of the real-time and minute values already stored dirty, and drops its tables', async () => {
    const device = await insertDevice(t(), 'MIG-TILE');
    await query(t(), (db) => measurementTiles(t().dialect).down!(db.withoutPlugins()));
    await expect(query(t(), (db) => db.selectFrom('measurementTiles').select('hour').execute())).rejects.toThrow();

    const row = (kind: MeasurementKind, dataTime: number, factorCode: string) => ({
      deviceId: device,
      kind,
      dataTime,
      factorCode,
      value: 1,
      min: null,
      max: null,
      cou: null,
      flag: 'N',
      quality: 'N',
      receivedAt: dataTime,
    });
    await query(t(), (db) =>
      db
        .insertInto('measurements')
        .values([
          // Two minutes and two factors of one hour, a minute of the next, a real-time value: three hours.
          row('min', H0, 'w01018'),
          row('min', H0 + 59 * MINUTE_MS, 'w01018'),
          row('min', H0, 'w21003'),
          row('min', H0 + HOUR_MS, 'w01018'),
          row('rtd', H0 + 30_000, 'w01018'),
          // Hours and days have no tiles.
          row('hour', H0, 'w01018'),
          row('day', H0 - 8 * HOUR_MS, 'w01018'),
        ])
        .execute(),
    );
    await query(t(), (db) => measurementTiles(t().dialect).up(db.withoutPlugins()));
    const dirty = await query(t(), (db) =>
      db
        .selectFrom('measurementTilesDirty')
        .select(['deviceId', 'kind', 'hour', 'seq'])
        .orderBy('kind')
        .orderBy('hour')
        .execute(),
    );
    expect(dirty.map((d) => ({ ...d, hour: Number(d.hour) }))).toEqual([
      { deviceId: device, kind: 'min', hour: H0, seq: 1 },
      { deviceId: device, kind: 'min', hour: H0 + HOUR_MS, seq: 1 },
      { deviceId: device, kind: 'rtd', hour: H0, seq: 1 },
    ]);
    expect(await query(t(), (db) => db.selectFrom('measurementTiles').select('hour').execute())).toEqual([]);

    await query(t(), (db) => measurementTiles(t().dialect).down!(db.withoutPlugins()));
    await expect(query(t(), (db) => db.selectFrom('measurementTilesDirty').select('hour').execute())).rejects.toThrow();
    // The app's schema again, for whatever runs after.
    await query(t(), (db) => measurementTiles(t().dialect).up(db.withoutPlugins()));
  });
});
