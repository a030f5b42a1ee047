import type { DataAuditResult, SummaryReport, TransmissionReport } from '@envmon/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test/harness.js';
import { DAY, HOUR, MAR1, useStatistics } from './statistics.test-support.js';

const AUDIT = '/manager/settings/dataAudit/rest';

/**
 * Summaries and transmission on audited data (issue 19), on station A of statistics.test-support.ts: TS01 day
 * values of March 2026 10, 20, 30, 40 (flagged D) and 50 (03-31), min/max value ∓ 1, threshold > 25.
 */
describe('statistics on audited data', () => {
  const { t, get, download, fixture } = useStatistics();
  let admin: string;
  let project: number;
  let a: number;

  beforeAll(() => {
    ({ admin, project, a } = fixture());
  });

  const audit = (path: string, payload: unknown) =>
    call<DataAuditResult>(t().app, admin, 'POST', `${AUDIT}/${path}`, { payload });
  const month = async () => {
    const report = await get<SummaryReport>('summary', { timeUnit: 'month', date: '2026-03-15', projectId: project });
    return { report, ts01: report.rows.find((r) => r.deviceId === a && r.factorCode === 'TS01') };
  };
  const day = (d: number) => [{ factorCode: 'TS01', dataTime: MAR1 + d * DAY }];

  describe('a month summary', () => {
    let invalidation: DataAuditResult;
    let replacement: DataAuditResult;

    it('before any audit', async () => {
      const { report, ts01 } = await month();
      expect(ts01).toMatchObject({ avg: 30, min: 9, max: 51, count: 5, valid: 4, exceedances: 2, compliance: 0.5 });
      expect(report.auditedCount).toBe(0);
    });

    it('leaves out a day an audit invalidated', async () => {
      invalidation = await audit('add', {
        deviceId: a,
        kind: 'day',
        action: 'invalid',
        reason: 'other',
        cells: day(1),
      });
      const { report, ts01 } = await month();
      // 10, 30, 40(D), 50: avg 32.5, min 9, max 51; valid 10, 30, 50; > 25: 30, 50 → compliance 1 / 3.
      expect(ts01).toMatchObject({ avg: 32.5, min: 9, max: 51, count: 4, valid: 3, exceedances: 2 });
      expect(ts01?.compliance).toBeCloseTo(1 / 3, 9);
      expect(report.auditedCount).toBe(1);
    });

    it('uses a replaced day, valid whatever the station flagged', async () => {
      replacement = await audit('add', {
        deviceId: a,
        kind: 'day',
        action: 'replace',
        reason: 'instrumentFault',
        value: 35,
        cells: day(3),
      });
      const { report, ts01 } = await month();
      // 10, 30, 35, 50: avg 31.25, min 9, max 51; all valid; > 25: 30, 35, 50 → compliance 1 / 4.
      expect(ts01).toMatchObject({ avg: 31.25, min: 9, max: 51, count: 4, valid: 4, exceedances: 3, compliance: 0.25 });
      expect(report.auditedCount).toBe(2);
      const sheet = await download('summary', { timeUnit: 'month', date: '2026-03-01', projectId: project });
      // Title, period, header, the rows (A's TS01 first), a blank row and the note under them.
      expect(sheet.getRow(3).getCell(1).value).toBe('序号');
      // No., device, MN, factor, unit, then avg 31.25 at one decimal.
      expect(sheet.getRow(4).getCell(6).value).toBe(31.3);
      expect(sheet.getRow(sheet.rowCount).getCell(1).value).toBe('审核数据：其中 2 个数值经过审核');
    });

    it('counts the day again once the invalidation is revoked, and is the station’s again after the replacement', async () => {
      await audit('uninstall', { batchId: invalidation.batchId });
      const { report, ts01 } = await month();
      // 10, 20, 30, 35, 50: avg 29, valid 5; > 25: 30, 35, 50 → compliance 2 / 5.
      expect(ts01).toMatchObject({ avg: 29, count: 5, valid: 5, exceedances: 3, compliance: 0.4 });
      expect(report.auditedCount).toBe(1);
      await audit('uninstall', { batchId: replacement.batchId });
      expect((await month()).ts01).toMatchObject({ avg: 30, count: 5, valid: 4, exceedances: 2, compliance: 0.5 });
    });
  });

  describe('transmission', () => {
    const firstDay = async () => {
      const report = await get<TransmissionReport>('transmission', {
        beginDate: '2026-03-01',
        endDate: '2026-03-01',
        projectId: project,
      });
      return report.days.find((d) => d.deviceId === a);
    };

    it('counts a data time valid when every value of it is, as audited', async () => {
      // 03-01: 20 data times; hour 5 (TS02 flagged D) and hour 6 (TS01 SH1) not valid → 18.
      expect(await firstDay()).toMatchObject({ received: 20, valid: 18 });
      const valid = await audit('add', {
        deviceId: a,
        kind: 'hour',
        action: 'valid',
        reason: 'calibration',
        cells: [{ factorCode: 'TS01', dataTime: MAR1 + 6 * HOUR }],
      });
      expect(await firstDay()).toMatchObject({ valid: 19, validRate: 19 / 20 });
      const invalid = await audit('add', {
        deviceId: a,
        kind: 'hour',
        action: 'invalid',
        reason: 'abnormal',
        cells: [{ factorCode: 'ISO1', dataTime: MAR1 }],
      });
      expect(await firstDay()).toMatchObject({ valid: 18, validRate: 0.9 });
      await audit('uninstall', { ids: [valid.batchId, invalid.batchId] });
      expect(await firstDay()).toMatchObject({ received: 20, valid: 18 });
    });
  });
});
