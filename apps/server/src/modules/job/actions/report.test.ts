import { JOB_LIMITS } from '@envmon/shared';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { XlsxWorkbookPlan } from '../../../lib/xlsx-export.js';
import { uploadUrlOf } from '../../wx-alarm/webhook.js';
import { mergeStationPlans, periodJustEnded, reportFileName, workbookBuffer, zonedMidnight } from './report.js';

describe('the period a scheduled report covers', () => {
  it('is the day before the run, read in the job time zone', () => {
    // 2026-03-01 17:30 UTC is 2026-03-02 01:30 in Shanghai: the day just ended there is 1 March.
    expect(periodJustEnded(Date.UTC(2026, 2, 1, 17, 30), 'Asia/Shanghai', 'day')).toEqual({
      first: '2026-03-01',
      last: '2026-03-01',
      next: '2026-03-02',
      label: '2026-03-01',
    });
    // The same instant in UTC is still 1 March: the day just ended is 28 February.
    expect(periodJustEnded(Date.UTC(2026, 2, 1, 17, 30), 'UTC', 'day').first).toBe('2026-02-28');
  });

  it('is the calendar month before the run, whatever day of the month it runs', () => {
    expect(periodJustEnded(Date.UTC(2026, 2, 31, 16, 5), 'Asia/Shanghai', 'month')).toEqual({
      first: '2026-03-01',
      last: '2026-03-31',
      next: '2026-04-01',
      label: '2026-03',
    });
    expect(periodJustEnded(Date.UTC(2026, 2, 15), 'Asia/Shanghai', 'month')).toMatchObject({
      first: '2026-02-01',
      last: '2026-02-28',
    });
    // January: the month before is last year's December.
    expect(periodJustEnded(Date.UTC(2026, 0, 1, 1), 'Asia/Shanghai', 'month')).toMatchObject({
      first: '2025-12-01',
      last: '2025-12-31',
      next: '2026-01-01',
    });
  });

  it('turns a date into its midnight in the zone, across daylight saving', () => {
    expect(zonedMidnight('2026-03-01', 'Asia/Shanghai')).toBe(Date.UTC(2026, 1, 28, 16));
    expect(zonedMidnight('2026-03-01', 'UTC')).toBe(Date.UTC(2026, 2, 1));
    // New York: EST (−5) on 8 March 2026 at midnight, EDT (−4) from 2:00 that day; EDT on the 9th.
    expect(zonedMidnight('2026-03-08', 'America/New_York')).toBe(Date.UTC(2026, 2, 8, 5));
    expect(zonedMidnight('2026-03-09', 'America/New_York')).toBe(Date.UTC(2026, 2, 9, 4));
  });
});

describe('the report file', () => {
  it('has a name any file system takes, bounded', () => {
    expect(reportFileName('单站报表-Station A 2026-03-01')).toBe('单站报表-Station A 2026-03-01.xlsx');
    expect(reportFileName('a/b:c*?"<>|\u0007 d')).toBe('a b c d.xlsx');
    const long = reportFileName('x'.repeat(500));
    expect(long.length).toBe(JOB_LIMITS.fileNameMax);
    expect(long.endsWith('.xlsx')).toBe(true);
  });

  it('names each station’s sheets apart within 31 characters', () => {
    const plan = (name: string): XlsxWorkbookPlan => ({
      fileName: { ascii: 'single-station', display: name },
      sheets: [
        { name: '因子统计', columns: [], rows: [] },
        { name: '时段数据', columns: [], rows: [] },
      ],
    });
    const device = (deviceId: number, deviceName: string) => ({ deviceId, deviceName, deviceCode: `MN${deviceId}` });
    expect(mergeStationPlans([plan('a')], [device(1, 'A')]).map((s) => s.name)).toEqual(['因子统计', '时段数据']);
    const names = mergeStationPlans(
      [plan('a'), plan('b')],
      [device(1, 'Station with a very long name: [north]'), device(2, 'B:C')],
    ).map((s) => s.name);
    expect(names).toEqual([
      '1-因子统计-Station with a very long',
      '1-时段数据-Station with a very long',
      '2-因子统计-B C',
      '2-时段数据-B C',
    ]);
    expect(names.every((n) => n.length <= 31)).toBe(true);
  });

  it('is written in memory, and refused past the size limit', async () => {
    const sheets = [{ name: 'S', columns: [{ header: 'v', width: 10 }], rows: [[[1], [2.5]]] }];
    const content = await workbookBuffer(sheets, JOB_LIMITS.runFileMaxBytes);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(content as unknown as ArrayBuffer);
    expect(workbook.getWorksheet('S')?.getRow(3).getCell(1).value).toBe(2.5);
    await expect(workbookBuffer(sheets, 1000)).rejects.toThrow(
      /the report would be .* MB, more than the 0\.0 MB a run keeps/,
    );
  });

  it('goes to the robot’s upload address', () => {
    expect(uploadUrlOf('https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=K1')).toBe(
      'https://qyapi.weixin.qq.com/cgi-bin/webhook/upload_media?key=K1&type=file',
    );
  });
});
