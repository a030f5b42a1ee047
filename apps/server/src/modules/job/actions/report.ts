import { Writable } from 'node:stream';
import {
  DAY_MS,
  JOB_LIMITS,
  type JobReportKind,
  type JobReportPeriod,
  type Language,
  REPORT_MAX_DEVICES,
  type ReportTimeUnit,
  TRANSMISSION_DEFAULT_THRESHOLD,
} from '@envmon/shared';
import { writeXlsxWorkbook, type XlsxSheet, type XlsxWorkbookPlan } from '../../../lib/xlsx-export.js';
import { translate } from '../../crud/crud.export.js';
import type { ScopeReader } from '../../device/device-scope.js';
import { multiStationWorkbook, singleStationWorkbook } from '../../report/report.export.js';
import type { ReportService } from '../../report/report.service.js';
import { summaryWorkbook, transmissionWorkbook } from '../../statistics/statistics.export.js';
import type { StatisticsService } from '../../statistics/statistics.service.js';
import { isSuccess, maskWebhookUrl, type WebhookFileSender } from '../../wx-alarm/webhook.js';
import type { JobAction, JobDeviceRef, JobRunContext } from '../job-action.js';
import type { JobParamsByType } from '../job-action.js';
import { counted, localTime, messageOf } from './run-helpers.js';

/**
 * The scheduled report (issue 21): the Report menu's single-station, multi-station, summary or transmission report
 * for the run's devices over the day or month just ended, written as xlsx by the same export code the screens'
 * export buttons use, kept with the run and, when asked and configured, sent through the enterprise-WeChat robot.
 */

/** The robot the file goes to: its saved address (null when none is configured) and the file sender. */
export interface ReportWebhook {
  webhookUrl(): Promise<string | null>;
  sender: WebhookFileSender;
}

export interface ReportJobDeps {
  reports: Pick<ReportService, 'singleStation' | 'multiStation'>;
  statistics: Pick<StatisticsService, 'summary' | 'transmission'>;
  webhook: ReportWebhook;
  /** The language of the file's headers: the platform's default language. */
  language: Language;
  /** Largest file a run keeps (JOB_LIMITS.runFileMaxBytes; smaller in tests). */
  maxBytes?: number;
}

/** The job reads as the platform itself: every device, whoever set the job up (its devices narrow it). */
export const JOB_READER: ScopeReader = { userId: 0, isAdmin: true, hasBoundDevices: false };

/** The calendar days a report covers: [first, next), as 'YYYY-MM-DD'; `label` names the period in the file. */
export interface JobReportRange {
  first: string;
  /** The last day covered (inclusive). */
  last: string;
  /** The day after the last. */
  next: string;
  label: string;
}

const addDays = (date: string, days: number): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/**
 * The day or month just ended at `at`, read in the job's time zone: at 2026-03-02 01:00 Asia/Shanghai the day is
 * 2026-03-01 and the month February 2026 (a run on 1 April reports March; a run on 15 April reports March too).
 */
export function periodJustEnded(at: number, timeZone: string, period: JobReportPeriod): JobReportRange {
  const today = localTime(at, timeZone).slice(0, 10);
  if (period === 'day') {
    const day = addDays(today, -1);
    return { first: day, last: day, next: today, label: day };
  }
  const next = `${today.slice(0, 8)}01`;
  const last = addDays(next, -1);
  const first = `${last.slice(0, 8)}01`;
  return { first, last, next, label: first.slice(0, 7) };
}

/** How far `timeZone` is ahead of UTC at the instant `at` (ms). */
function zoneOffsetMs(at: number, timeZone: string): number {
  const [date, time] = localTime(at, timeZone).split(' ') as [string, string];
  return Date.parse(`${date}T${time}:00Z`) - Math.floor(at / 60_000) * 60_000;
}

/**
 * Midnight of 'YYYY-MM-DD' in the job's time zone (epoch ms): the bounds of the single- and multi-station reports,
 * which take instants. The summary and transmission reports take the dates and read them on each station's
 * calendar, as their screens do; for stations in the job's zone (the usual case) both are the same days.
 */
export function zonedMidnight(date: string, timeZone: string): number {
  const guess = Date.parse(`${date}T00:00:00Z`);
  const first = guess - zoneOffsetMs(guess, timeZone);
  // Across a daylight-saving change the offset at midnight itself differs from the one at the guess.
  return guess - zoneOffsetMs(first, timeZone);
}

/** The report's granule: a day from its hours, a month from its days (as the Report menu reads them). */
export const REPORT_UNIT: Record<JobReportPeriod, ReportTimeUnit> = { day: 'hour', month: 'day' };

/** Characters Excel refuses in a sheet name, and its length limit. */
const SHEET_NAME_MAX = 31;
const sheetName = (text: string) => text.replace(/[:\\/?*[\]]/g, ' ').slice(0, SHEET_NAME_MAX);

/** Characters no file system takes, control characters included; at most JOB_LIMITS.fileNameMax with `.xlsx`. */
export function reportFileName(base: string): string {
  const clean =
    base
      .replace(/[<>:"/\\|?*\p{Cc}]+/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim() || 'report';
  return `${clean.slice(0, JOB_LIMITS.fileNameMax - '.xlsx'.length)}.xlsx`;
}

/**
 * The single-station report of several devices as one workbook: each device's two sheets (statistics, period
 * values) one after the other, named `1-统计-<station>` so they stay apart within Excel's 31 characters.
 */
export function mergeStationPlans(plans: readonly XlsxWorkbookPlan[], devices: readonly JobDeviceRef[]): XlsxSheet[] {
  if (plans.length === 1) return [...(plans[0]?.sheets ?? [])];
  return plans.flatMap((plan, i) =>
    plan.sheets.map((sheet) => ({
      ...sheet,
      name: sheetName(`${i + 1}-${sheet.name}-${devices[i]?.deviceName ?? ''}`),
    })),
  );
}

/** The xlsx in memory, at most `maxBytes` of it kept; larger fails with the size (the run's file is bounded). */
export async function workbookBuffer(sheets: readonly XlsxSheet[], maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      // Past the limit the rest is only counted, so that the message can say how large it would have been.
      if (size <= maxBytes) chunks.push(chunk);
      done();
    },
  });
  await writeXlsxWorkbook(sink, sheets);
  if (size > maxBytes) {
    throw new Error(`the report would be ${megabytes(size)}, more than the ${megabytes(maxBytes)} a run keeps`);
  }
  return Buffer.concat(chunks);
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

const KIND_NOUN: Record<JobReportKind, string> = {
  single: 'single-station report',
  multi: 'multi-station report',
  summary: 'summary report',
  transmission: 'transmission report',
};

/** What a report kind wrote: its sheets and the file's name without the period. */
interface Written {
  sheets: XlsxSheet[];
  title: string;
}

type ReportRun = JobRunContext<JobParamsByType['report']>;

async function write(deps: ReportJobDeps, run: ReportRun, range: JobReportRange): Promise<Written> {
  const { reportKind, period } = run.params;
  const lang = deps.language;
  const ids = run.devices.map((d) => d.deviceId);
  const timeUnit = REPORT_UNIT[period];
  const times = {
    beginTime: zonedMidnight(range.first, run.timeZone),
    endTime: zonedMidnight(range.next, run.timeZone),
  };
  switch (reportKind) {
    case 'single': {
      const plans: XlsxWorkbookPlan[] = [];
      for (const device of run.devices) {
        if (run.signal.aborted) throw new Error('the run was stopped before every station was read');
        const report = await deps.reports.singleStation({ timeUnit, deviceId: device.deviceId, ...times }, JOB_READER);
        plans.push(singleStationWorkbook(report, lang));
      }
      const title =
        plans.length === 1
          ? (plans[0]?.fileName.display ?? '')
          : `${translate('report.singleStation.title', lang) ?? 'single-station'} (${lang === 'en-US' ? counted(plans.length, 'station') : `${plans.length} 个站点`})`;
      return { sheets: mergeStationPlans(plans, run.devices), title };
    }
    case 'multi': {
      const report = await deps.reports.multiStation(
        { timeUnit, deviceIds: ids, factorCodes: [], ...times },
        JOB_READER,
      );
      const plan = multiStationWorkbook(report, lang);
      return { sheets: [...plan.sheets], title: plan.fileName.display };
    }
    case 'summary': {
      const report = await deps.statistics.summary({ timeUnit: period, date: range.first }, JOB_READER, ids);
      const plan = summaryWorkbook(report, lang);
      return { sheets: [...plan.sheets], title: plan.fileName.display };
    }
    case 'transmission': {
      const query = {
        timeUnit: 'hour',
        beginDate: range.first,
        endDate: range.last,
        threshold: TRANSMISSION_DEFAULT_THRESHOLD,
      } as const;
      const report = await deps.statistics.transmission(query, JOB_READER, ids);
      const plan = transmissionWorkbook(report, query, null, lang);
      return { sheets: [...plan.sheets], title: plan.fileName.display };
    }
  }
}

/** Sends the file when the job asks and a robot is configured; answers the summary's ending. */
async function send(deps: ReportJobDeps, run: ReportRun, file: { name: string; content: Buffer }): Promise<string> {
  if (!run.params.sendWebhook) return '';
  const url = await deps.webhook.webhookUrl();
  if (url === null) {
    run.log.info('WeChat webhook not configured (Settings › WeChat alarm): the file was not sent');
    return '; not sent (WeChat webhook not configured)';
  }
  try {
    const reply = await deps.webhook.sender.sendFile(url, file, run.signal);
    if (!isSuccess(reply)) {
      const why = `HTTP ${reply.httpStatus ?? '-'}, errcode ${reply.errcode ?? '-'}${reply.errmsg ? ` ${reply.errmsg}` : ''}`;
      run.log.info(`sending the file through the WeChat webhook ${maskWebhookUrl(url)} failed: ${why}`);
      return `; sending through WeChat failed (${why})`;
    }
    run.log.info(`sent through the WeChat webhook ${maskWebhookUrl(url)}`);
    return '; sent through WeChat';
  } catch (err) {
    // The file stays in the run's record: a robot out of reach does not lose the report.
    run.log.info(`sending the file through the WeChat webhook ${maskWebhookUrl(url)} failed: ${messageOf(err)}`);
    return '; sending through WeChat failed (unreachable)';
  }
}

/**
 * The scheduled report: `single` writes one workbook with each device's statistics and period sheets (the
 * single-station export of each device, sheets named by station); `multi`, `summary` and `transmission` the one
 * workbook the screen exports, narrowed to the run's devices. Single- and multi-station reports cover at most
 * REPORT_MAX_DEVICES stations, as on the screen; the run fails saying so when the job has more.
 */
export function reportJobAction(deps: ReportJobDeps): JobAction<'report'> {
  const maxBytes = deps.maxBytes ?? JOB_LIMITS.runFileMaxBytes;
  return async (run) => {
    const { reportKind, period } = run.params;
    const noun = KIND_NOUN[reportKind];
    if (run.devices.length === 0) throw new Error(`no devices: the ${noun} has nothing to cover`);
    if ((reportKind === 'single' || reportKind === 'multi') && run.devices.length > REPORT_MAX_DEVICES) {
      throw new Error(
        `a ${noun} covers at most ${REPORT_MAX_DEVICES} stations and this job has ${run.devices.length}: ` +
          'choose fewer devices, or the summary report',
      );
    }
    const range = periodJustEnded(run.at, run.timeZone, period);
    run.log.info(
      `${noun} of ${range.first === range.last ? range.first : `${range.first} – ${range.last}`} ` +
        `(the ${period} just ended at ${localTime(run.at, run.timeZone)} ${run.timeZone}) for ${counted(run.devices.length, 'device')}`,
    );
    const written = await write(deps, run, range);
    const content = await workbookBuffer(written.sheets, maxBytes);
    const file = { name: reportFileName(`${written.title} ${range.label}`), content };
    run.log.info(`wrote ${file.name} (${kilobytes(content.length)})`);
    const sent = await send(deps, run, file);
    return {
      summary: `${noun} ${range.label} of ${counted(run.devices.length, 'device')} (${kilobytes(content.length)})${sent}`,
      file,
    };
  };
}
