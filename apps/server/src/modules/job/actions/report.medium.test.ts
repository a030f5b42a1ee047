import { HOUR_MS, type ReportJobParams } from '@envmon/shared';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../db/connection.js';
import type { MeasurementsTable } from '../../../db/schema.js';
import { ManualClock } from '../../../lib/clock.js';
import { useTestApp } from '../../../test/harness.js';
import { registerStation } from '../../../test/station-client.js';
import { ReportRepository } from '../../report/report.repository.js';
import { ReportService } from '../../report/report.service.js';
import { StatisticsService } from '../../statistics/statistics.service.js';
import { fetchWebhookClient, fetchWebhookFileSender } from '../../wx-alarm/webhook.js';
import { WebhookStub } from '../../wx-alarm/webhook-stub.test-support.js';
import { WxAlarmRepository } from '../../wx-alarm/wx-alarm.repository.js';
import { WxAlarmService } from '../../wx-alarm/wx-alarm.service.js';
import type { JobDeviceRef, JobRunContext } from '../job-action.js';
import { JobRunLog } from '../job-run-log.js';
import { reportJobAction } from './report.js';

/** 2026-03-01 00:00 in Beijing (the stations' and the job's zone, UTC+8). */
const DAY = Date.UTC(2026, 2, 1) - 8 * HOUR_MS;
/** The run: 2026-03-02 01:00 in Beijing, the day just ended is 1 March. */
const AT = DAY + 25 * HOUR_MS;
const COD = 'w01018';
const SECRET = 'report-job-secret-key';

const hour = (deviceId: number, h: number, value: number, flag = 'N'): MeasurementsTable => ({
  deviceId,
  kind: 'hour',
  dataTime: DAY + h * HOUR_MS,
  factorCode: COD,
  value,
  min: value - 1,
  max: value + 1,
  cou: null,
  flag,
  quality: 'N',
  receivedAt: DAY,
});

/** The cells of a row of a sheet, from column 1. */
const cells = (sheet: ExcelJS.Worksheet | undefined, row: number) =>
  ((sheet?.getRow(row).values as unknown[] | undefined) ?? []).slice(1);

async function open(content: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(content as unknown as ArrayBuffer);
  return workbook;
}

describe('job action: scheduled report', () => {
  const t = useTestApp();
  const stub = new WebhookStub();
  const clock = new ManualClock(AT);
  let handle: ReturnType<typeof openDatabase>;
  let wxAlarms: WxAlarmService;
  let action: ReturnType<typeof reportJobAction>;
  let a: JobDeviceRef;
  let b: JobDeviceRef;
  let codName: string;

  async function device(mn: string, name: string): Promise<JobDeviceRef> {
    return {
      deviceId: await registerStation(t(), { deviceCode: mn, deviceName: name }),
      deviceCode: mn,
      deviceName: name,
    };
  }

  beforeAll(async () => {
    const base = await stub.start();
    handle = openDatabase(t().config.database);
    const { db } = handle;
    wxAlarms = new WxAlarmService(new WxAlarmRepository(db), fetchWebhookClient(5000), clock, () => Promise.resolve());
    // As the job module wires it: the report and statistics services, the WeChat settings and the file sender.
    action = reportJobAction({
      reports: new ReportService(new ReportRepository(db)),
      statistics: new StatisticsService(db, clock),
      webhook: { webhookUrl: async () => (await wxAlarms.current()).webhookUrl, sender: fetchWebhookFileSender(5000) },
      language: 'zh-CN',
    });
    a = await device('RJ-A', '报表甲站');
    b = await device('RJ-B', '报表乙站');
    const c = await device('RJ-C', '不在任务的站');
    await db
      .insertInto('measurements')
      .values([
        // A: hours 0–3 of 1 March, hour 3 flagged D (not valid); hours outside the day are not read.
        hour(a.deviceId, 0, 10),
        hour(a.deviceId, 1, 20),
        hour(a.deviceId, 2, 30),
        hour(a.deviceId, 3, 40, 'D'),
        hour(a.deviceId, -1, 1000),
        hour(a.deviceId, 24, 1000),
        // B: hours 0 and 1.
        hour(b.deviceId, 0, 50),
        hour(b.deviceId, 1, 70),
        // C is not a device of the job.
        hour(c.deviceId, 0, 5),
      ])
      .execute();
    // A's COD standard: above 25 is an exceedance.
    await db
      .insertInto('thresholds')
      .values({
        deviceId: a.deviceId,
        factorCode: COD,
        overflowType: 0,
        operator: 1,
        limit1: 25,
        limit2: null,
        limitId: null,
        alarmLevel: 1,
        enabled: 1,
        updateTime: DAY,
      })
      .execute();
    const factor = await db
      .selectFrom('factors')
      .select(['factorName', 'unit'])
      .where('factorCode', '=', COD)
      .executeTakeFirstOrThrow();
    codName = factor.factorName;
    await db
      .updateTable('wxAlarmSettings')
      .set({ webhookUrl: `${base}/cgi-bin/webhook/send?key=${SECRET}` })
      .execute();
  });
  afterAll(async () => {
    await handle.db.destroy();
    await stub.close();
  });

  function run(params: ReportJobParams, devices: JobDeviceRef[]) {
    const context: JobRunContext<ReportJobParams> = {
      jobId: 1,
      jobName: 'daily report',
      timeZone: 'Asia/Shanghai',
      params,
      devices,
      at: AT,
      signal: new AbortController().signal,
      log: new JobRunLog(clock),
    };
    return { context, result: action(context) };
  }

  it('writes the single-station report of the day just ended, one pair of sheets per station, and sends it', async () => {
    const uploads = stub.uploads.length;
    const { context, result } = run({ reportKind: 'single', period: 'day', sendWebhook: true }, [a, b]);
    const { summary, file } = await result;
    expect(file?.name).toBe('单站报表 (2 个站点) 2026-03-01.xlsx');
    expect(summary).toMatch(/^single-station report 2026-03-01 of 2 devices \(\d+\.\d kB\); sent through WeChat$/);
    const workbook = await open(file?.content ?? Buffer.alloc(0));
    expect(workbook.worksheets.map((s) => s.name)).toEqual([
      '1-统计-报表甲站',
      '1-数据-报表甲站',
      '2-统计-报表乙站',
      '2-数据-报表乙站',
    ]);
    // Three title lines, the header, then COD of A over 1 March: avg (10+20+30+40)/4 = 25, min 10−1 = 9, max 40+1 = 41,
    // valid 3 (hour 3 is D), exceedances 1 (30 > 25; 40 is not valid), compliance (3 − 1)/3 = 66.67 %.
    const statsA = workbook.getWorksheet('1-统计-报表甲站');
    expect(cells(statsA, 2)).toEqual(['报表甲站 (MN RJ-A)']);
    expect(cells(statsA, 5)).toEqual([codName, 'mg/L', 25, 9, 41, 3, 1, 66.67]);
    // B: avg (50+70)/2 = 60, min 49, max 71, valid 2, no standard → no exceedance, compliance 100 %.
    expect(cells(workbook.getWorksheet('2-统计-报表乙站'), 5)).toEqual([codName, 'mg/L', 60, 49, 71, 2, 0, 100]);
    // A's period sheet: the four hours of the day, none outside it.
    const dataA = workbook.getWorksheet('1-数据-报表甲站');
    expect(dataA?.rowCount).toBe(4 + 4);
    expect(cells(dataA, 5).slice(0, 4)).toEqual(['报表甲站', 'RJ-A', '2026-03-01 00:00', 10]);

    // The robot received the very file: uploaded (upload_media, type file), then a file message with its media id.
    expect(stub.uploads.length).toBe(uploads + 1);
    const upload = stub.uploads[uploads];
    expect(upload?.url).toBe(`/cgi-bin/webhook/upload_media?key=${SECRET}&type=file`);
    expect(upload?.fileName).toBe(file?.name);
    expect(upload?.content.equals(file?.content ?? Buffer.alloc(0))).toBe(true);
    expect(stub.files.at(-1)).toEqual({
      url: `/cgi-bin/webhook/send?key=${SECRET}`,
      message: { msgtype: 'file', file: { media_id: upload?.mediaId } },
    });
    // The log names the webhook with its key masked.
    const log = context.log.lines().join('\n');
    expect(log).toContain('sent through the WeChat webhook');
    expect(log).not.toContain(SECRET);
  });

  it('writes the summary of the job’s stations only, with the day’s numbers', async () => {
    const uploads = stub.uploads.length;
    const { result } = run({ reportKind: 'summary', period: 'day', sendWebhook: false }, [a, b]);
    const { summary, file } = await result;
    expect(file?.name).toBe('日汇总报表 2026-03-01.xlsx');
    expect(summary).toMatch(/^summary report 2026-03-01 of 2 devices \(\d+\.\d kB\)$/);
    const sheet = (await open(file?.content ?? Buffer.alloc(0))).worksheets[0];
    expect(cells(sheet, 2)).toEqual(['统计时段：2026-03-01']);
    // No., device, MN, factor, unit, avg, min, max, count, valid, exceedances, compliance %, expected, completeness %:
    // A 4 hours of 24 → 16.67 %; B 2 of 24 → 8.33 %.
    expect(cells(sheet, 4)).toEqual([1, '报表甲站', 'RJ-A', codName, 'mg/L', 25, 9, 41, 4, 3, 1, 66.67, 24, 16.67]);
    expect(cells(sheet, 5)).toEqual([2, '报表乙站', 'RJ-B', codName, 'mg/L', 60, 49, 71, 2, 2, 0, 100, 24, 8.33]);
    // Station C, not a device of the job, is left out.
    expect(sheet?.rowCount).toBe(5);
    // Not asked to send: nothing went to the robot.
    expect(stub.uploads.length).toBe(uploads);
  });

  it('writes the transmission report of the day', async () => {
    const { file } = await run({ reportKind: 'transmission', period: 'day', sendWebhook: false }, [a, b]).result;
    expect(file?.name).toBe('数据传输率 2026-03-01.xlsx');
    const sheet = (await open(file?.content ?? Buffer.alloc(0))).worksheets[0];
    // No., device, MN, date, expected, received, valid, transmission %, valid %, below.
    expect(cells(sheet, 4)).toEqual([1, '报表甲站', 'RJ-A', '2026-03-01', 24, 4, 3, 16.67, 75, '是']);
    expect(cells(sheet, 5)).toEqual([2, '报表乙站', 'RJ-B', '2026-03-01', 24, 2, 2, 8.33, 100, '是']);
    expect(sheet?.rowCount).toBe(5);
  });

  it('writes the multi-station report of the month just ended from its day values', async () => {
    await handle.db
      .insertInto('measurements')
      .values([
        { ...hour(a.deviceId, 0, 12), kind: 'day' },
        { ...hour(a.deviceId, 24, 18), kind: 'day' },
        // 1 April: the next month.
        { ...hour(a.deviceId, 31 * 24, 999), kind: 'day' },
      ])
      .execute();
    // 2026-04-01 08:00 in Beijing: the month just ended is March.
    const at = DAY + 31 * 24 * HOUR_MS + 8 * HOUR_MS;
    const context = { ...run({ reportKind: 'multi', period: 'month', sendWebhook: false }, [a]).context, at };
    const { file } = await action(context);
    expect(file?.name).toBe('多站报表 2026-03.xlsx');
    const sheet = (await open(file?.content ?? Buffer.alloc(0))).worksheets[0];
    // Device, MN, then COD avg, min, max: (12 + 18)/2 = 15, 11, 19.
    expect(cells(sheet, 4)).toEqual(['报表甲站', 'RJ-A', 15, 11, 19]);
  });

  it('keeps the file but says so when no webhook is configured', async () => {
    const saved = (await wxAlarms.current()).webhookUrl;
    await handle.db.updateTable('wxAlarmSettings').set({ webhookUrl: null }).execute();
    try {
      const uploads = stub.uploads.length;
      const { context, result } = run({ reportKind: 'summary', period: 'day', sendWebhook: true }, [a]);
      const { summary, file } = await result;
      expect(file?.content.length).toBeGreaterThan(0);
      expect(summary).toMatch(/; not sent \(WeChat webhook not configured\)$/);
      expect(context.log.lines().join('\n')).toContain('WeChat webhook not configured');
      expect(stub.uploads.length).toBe(uploads);
    } finally {
      await handle.db.updateTable('wxAlarmSettings').set({ webhookUrl: saved }).execute();
    }
  });

  it('fails clearly past the size a run keeps', async () => {
    const small = reportJobAction({
      reports: new ReportService(new ReportRepository(handle.db)),
      statistics: new StatisticsService(handle.db, clock),
      webhook: { webhookUrl: () => Promise.resolve(null), sender: fetchWebhookFileSender(5000) },
      language: 'en-US',
      maxBytes: 1024,
    });
    await expect(small(run({ reportKind: 'single', period: 'day', sendWebhook: false }, [a]).context)).rejects.toThrow(
      /^the report would be \d+\.\d MB, more than the 0\.0 MB a run keeps$/,
    );
  });
});
