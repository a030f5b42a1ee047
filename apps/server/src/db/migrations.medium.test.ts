import { HOUR_MS, DAY_MS } from '@envmon/shared';
import { describe, expect, it } from 'vitest';
import type { MeasurementsTable } from './schema.js';
import { noDimensionlessUnit, rollupsFromValidDays } from './migrations/index.js';
import { insertDevice } from '../modules/deploy/device-panel.test-support.js';
import { query, useTestApp } from '../test/harness.js';

/** Beijing midnight of 2026-02-01 (the devices' default offset, UTC+8). */
const FEB1 = Date.UTC(2026, 1, 1) - 8 * HOUR_MS;
const YEAR = Date.UTC(2026, 0, 1) - 8 * HOUR_MS;

describe('migration 0010: month and year values from the valid days', () => {
  const t = useTestApp();

  it('recomputes the stored months and years from their valid day values, keeping the flow of every day', async () => {
    const device = await insertDevice(t(), 'MIG-1');
    const row = (
      kind: MeasurementsTable['kind'],
      dataTime: number,
      value: number,
      extra: Partial<MeasurementsTable> = {},
    ) =>
      ({
        deviceId: device,
        kind,
        dataTime,
        factorCode: 'w21001',
        value,
        min: value - 1,
        max: value + 1,
        cou: 1,
        flag: 'N',
        quality: 'N',
        receivedAt: dataTime,
        ...extra,
      }) satisfies MeasurementsTable;
    const rollup = (kind: 'month' | 'year', dataTime: number) =>
      query(t(), (db) =>
        db
          .selectFrom('measurements')
          .select(['value', 'min', 'max', 'cou'])
          .where('deviceId', '=', device)
          .where('kind', '=', kind)
          .where('dataTime', '=', dataTime)
          .executeTakeFirstOrThrow(),
      );

    await query(t(), (db) =>
      db
        .insertInto('measurements')
        .values([
          // February: 10 (N), 20 (no flag: normal), 100 (D), 200 (quality SH1); March: 40.
          row('day', FEB1, 10),
          row('day', FEB1 + DAY_MS, 20, { flag: null }),
          row('day', FEB1 + 2 * DAY_MS, 100, { flag: 'D' }),
          row('day', FEB1 + 3 * DAY_MS, 200, { quality: 'SH1' }),
          row('day', FEB1 + 28 * DAY_MS, 40),
          // As the old rollup kept them: every day averaged.
          row('month', FEB1, 82.5, { min: 9, max: 201, cou: 4, flag: null }),
          row('year', YEAR, 74, { min: 9, max: 201, cou: 5, flag: null }),
        ])
        .execute(),
    );
    await query(t(), (db) => rollupsFromValidDays().up(db.withoutPlugins()));

    // February: (10 + 20) / 2 = 15, min 9, max 21, cou 4; the year: (10 + 20 + 40) / 3, min 9, max 41, cou 5.
    expect(await rollup('month', FEB1)).toEqual({ value: 15, min: 9, max: 21, cou: 4 });
    const year = await rollup('year', YEAR);
    expect(year).toMatchObject({ min: 9, max: 41, cou: 5 });
    expect(year.value).toBeCloseTo(70 / 3);
  });
});

describe("migration 0011: pH's unit is none, not 'dimensionless'", () => {
  const t = useTestApp();

  it('clears the word from the catalogue and the device factor settings, and leaves real units', async () => {
    const device = await insertDevice(t(), 'MIG-2');
    await query(t(), async (db) => {
      await db.updateTable('factors').set({ unit: 'dimensionless' }).where('factorCode', '=', 'w01001').execute();
      await db
        .insertInto('deviceFactors')
        .values([
          { deviceId: device, factorCode: 'w01001', unit: 'dimensionless', displayOrder: 0 },
          { deviceId: device, factorCode: 'w01018', unit: 'g/L', displayOrder: 1 },
        ])
        .execute();
    });
    await query(t(), (db) => noDimensionlessUnit().up(db.withoutPlugins()));
    const units = await query(t(), async (db) => ({
      catalogue: await db
        .selectFrom('factors')
        .select(['factorCode', 'unit'])
        .where('factorCode', 'in', ['w01001', 'w01018'])
        .orderBy('factorCode')
        .execute(),
      device: await db
        .selectFrom('deviceFactors')
        .select(['factorCode', 'unit'])
        .where('deviceId', '=', device)
        .orderBy('factorCode')
        .execute(),
    }));
    expect(units).toEqual({
      catalogue: [
        { factorCode: 'w01001', unit: null },
        { factorCode: 'w01018', unit: 'mg/L' },
      ],
      device: [
        { factorCode: 'w01001', unit: null },
        { factorCode: 'w01018', unit: 'g/L' },
      ],
    });
  });
});
