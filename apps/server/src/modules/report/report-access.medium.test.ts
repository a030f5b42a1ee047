import type { ExportLink, ReportSingleStation } from '@envmon/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { body } from '../../test/harness.js';
import { userWith } from '../deploy/device-panel.test-support.js';
import { COD, D0, DAY, HOUR, REST, useReports } from './report.test-support.js';

describe('reports', () => {
  const { t, fixture, get, raw } = useReports();
  let admin: string;
  let bound: string;
  let projectA: number;
  let projectB: number;
  let a: number;
  let b: number;
  let c: number;

  beforeAll(() => {
    ({ admin, bound, projectA, projectB, a, b, c } = fixture());
  });

  const hours = { timeUnit: 'hour', beginTime: D0, endTime: D0 + 4 * HOUR };

  describe('scope and validation', () => {
    it('keeps to the project chosen and, with ifFilter=1, the caller’s bound devices', async () => {
      const params = { deviceId: a, ...hours };
      expect((await get<ReportSingleStation>('singleStation', { ...params, projectId: projectA })).deviceId).toBe(a);
      const outside = body(await raw('singleStation', { ...params, projectId: projectB }));
      expect(outside).toMatchObject({ status: -1, desc: '数据不存在！' });
      expect((await get<ReportSingleStation>('singleStation', { ...params, ifFilter: 1 }, bound)).deviceId).toBe(a);
      const unbound = body(await raw('radar', { deviceId: b, ...hours, ifFilter: 1 }, bound));
      expect(unbound.status).toBe(-1);
      const mixed = body(await raw('multiStation', { deviceIds: `${a},${c}`, ...hours, projectId: projectA }));
      expect(mixed.status).toBe(-1);
      const contrast = body(
        await raw(
          'contrast',
          { mode: 'stations', factorCode: COD, deviceIds: `${a},${b}`, ...hours, ifFilter: 1 },
          bound,
        ),
      );
      expect(contrast.status).toBe(-1);
      // An export refuses the same way, before any file.
      const link = await get<ExportLink>(
        'singleStation/export',
        { ...params, projectId: projectB, exportSpecialFlag: 1 },
        admin,
      );
      const download = await t().app.inject({ method: 'GET', url: link.url });
      expect(body(download).status).toBe(-1);
    });

    it.each([
      ['an end before the beginning', 'singleStation', { deviceId: 1, timeUnit: 'hour', beginTime: D0, endTime: D0 }],
      ['more than 31 days of hours', 'radar', { deviceId: 1, timeUnit: 'hour', beginTime: D0, endTime: D0 + 32 * DAY }],
      ['no station', 'multiStation', { timeUnit: 'day', beginTime: D0, endTime: D0 + DAY }],
      [
        'two stations for a period contrast',
        'contrast',
        { mode: 'periods', factorCode: COD, deviceIds: '1,2', timeUnit: 'day', beginTime: D0, endTime: D0 + DAY },
      ],
      ['an unknown unit', 'singleStation', { deviceId: 1, timeUnit: 'week', beginTime: D0, endTime: D0 + DAY }],
      [
        'a water class beyond V',
        'factorBar',
        { deviceId: 1, timeUnit: 'day', beginTime: D0, endTime: D0 + DAY, standard: 'waterClass', waterClass: 6 },
      ],
    ])('refuses %s', async (_name, path, params) => {
      const response = await raw(path, params);
      expect(response.statusCode).toBe(400);
      expect(body(response).desc).toMatch(/^参数错误！/);
    });

    it('refuses callers without a session (401) or without the report resource (403)', async () => {
      const url = `${REST}/singleStation?deviceId=${a}&timeUnit=hour&beginTime=0&endTime=1`;
      expect((await t().app.inject({ method: 'GET', url })).statusCode).toBe(401);
      const other = await userWith(t(), admin, 'rp-none', ['system.device']);
      for (const path of ['singleStation', 'multiStation', 'contrast', 'factorBar', 'radar']) {
        const response = await t().app.inject({
          method: 'GET',
          url: `${REST}/${path}?deviceId=${a}&timeUnit=hour&beginTime=0&endTime=1`,
          headers: { token: other },
        });
        expect(response.statusCode).toBe(403);
      }
    });
  });
});
