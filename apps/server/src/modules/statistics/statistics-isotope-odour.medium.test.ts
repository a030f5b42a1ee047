import type { Factor, IsotopeReport, OdorRose } from '@envmon/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { body, call } from '../../test/harness.js';
import { DAY, MAR1, useStatistics } from './statistics.test-support.js';

describe('statistics reports', () => {
  const { t, get, inject, download, fixture } = useStatistics();
  let admin: string;
  let project: number;
  let a: number;
  let c: number;
  let rose: number;

  beforeAll(() => {
    ({ admin, project, a, c, rose } = fixture());
  });

  describe('isotope', () => {
    const range = { beginTime: MAR1, endTime: MAR1 + DAY, timeUnit: 'hour' };

    it('lists nothing, and no factors, while no factor is of the isotope category', async () => {
      expect(await get<IsotopeReport>('isotope', { ...range, projectId: project })).toEqual({ factors: [], rows: [] });
    });

    it('summarizes each station × isotope factor once the catalogue marks it', async () => {
      // The factor settings set the category; an update that leaves it out keeps it.
      const settings = '/manager/settings/factor/rest/update';
      const iso1 = {
        factorCode: 'ISO1',
        factorName: '氚',
        factorNameEn: 'ISO1 en',
        kind: 'water',
        unit: 'Bq/L',
        decimals: 3,
      };
      const marked = await call<Factor>(t().app, admin, 'POST', settings, {
        payload: { ...iso1, category: 'isotope' },
      });
      expect(marked.category).toBe('isotope');
      expect((await call<Factor>(t().app, admin, 'POST', settings, { payload: iso1 })).category).toBe('isotope');
      const report = await get<IsotopeReport>('isotope', { ...range, projectId: project });
      expect(report.factors).toEqual([
        { factorCode: 'ISO1', factorName: '氚', factorNameEn: 'ISO1 en', unit: 'Bq/L', decimals: 3 },
      ]);
      // 1, 2, 3 → avg 2, min 1, max 3, 3 values, all valid.
      expect(report.rows).toEqual([
        expect.objectContaining({
          deviceId: a,
          deviceCode: 'ST-A',
          factorCode: 'ISO1',
          avg: 2,
          min: 1,
          max: 3,
          count: 3,
          valid: 3,
        }),
      ]);
      const sheet = await download('isotope', { ...range, projectId: project });
      expect(sheet.getRow(4).values).toEqual([undefined, 1, 'Station ST-A', 'ST-A', '氚', 'Bq/L', 2, 1, 3, 3, 3]);
    });

    it('refuses a range over a year', async () => {
      expect((await inject('isotope', { beginTime: 0, endTime: 367 * DAY })).statusCode).toBe(400);
    });
  });

  describe('odour rose', () => {
    const params = () => ({ deviceId: rose, factorCode: 'ODR1', beginTime: MAR1, endTime: MAR1 + DAY });

    it('counts valid samples per 22.5° sector, with the boundaries and calm apart', async () => {
      const result = await get<OdorRose>('odorRose', params());
      // Samples: every hour with valid direction, speed and odour: 9 − the D-flagged one − the one without odour = 7.
      expect(result.samples).toBe(7);
      // Calm: speed 0.4 (value 50) → 1/7; 0.5 m/s is not calm.
      expect(result.calm.count).toBe(1);
      expect(result.calm.frequency).toBeCloseTo(100 / 7);
      expect(result.calm.mean).toBe(50);
      const sector = (name: string) => result.sectors.find((s) => s.sector === name);
      // N = [348.75, 11.25): 0°, 348.75° and 360° → 10, 30, 80: 3/7, mean 40.
      expect(sector('N')).toMatchObject({ from: 348.75, to: 11.25, count: 3, mean: 40 });
      expect(sector('N')?.frequency).toBeCloseTo(300 / 7);
      // 11.25° opens NNE; 348.74° is still NNW; 180° is S.
      expect(sector('NNE')).toMatchObject({ from: 11.25, to: 33.75, count: 1, mean: 20 });
      expect(sector('NNW')).toMatchObject({ count: 1, mean: 40 });
      expect(sector('S')).toMatchObject({ count: 1, mean: 60 });
      expect(sector('E')).toMatchObject({ count: 0, frequency: 0, mean: null });
      expect(result.sectors.reduce((sum, s) => sum + s.frequency, result.calm.frequency)).toBeCloseTo(100);
      expect(result).toMatchObject({ factorName: '臭气浓度', unit: 'OU', calmSpeed: 0.5 });
    });

    it('exports the sectors and calm', async () => {
      const sheet = await download('odorRose', params());
      expect(sheet.getRow(3).values).toEqual([
        undefined,
        '风向',
        '角度范围',
        '样本数',
        '频率(%)',
        '臭气浓度平均浓度 (OU)',
      ]);
      expect(sheet.getRow(4).values).toEqual([undefined, 'N', '348.75–11.25', 3, 42.86, 40]);
      expect(sheet.getRow(20).values).toEqual([undefined, '静风', '< 0.5 m/s', 1, 14.29, 50]);
    });

    it('refuses a device outside the project, and a missing factor', async () => {
      expect(body(await inject('odorRose', { ...params(), deviceId: c, projectId: project }))).toMatchObject({
        status: -1,
      });
      const { factorCode: _f, ...withoutFactor } = params();
      expect((await inject('odorRose', withoutFactor)).statusCode).toBe(400);
    });
  });
});
