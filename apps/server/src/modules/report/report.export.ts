import {
  contrastChange,
  exportTimeColumn,
  formatReportLimit,
  formatReportTime,
  roundReportValue,
  type Language,
  type ReportContrast,
  type ReportDevice,
  type ReportFactor,
  type ReportMultiStation,
  type ReportSingleStation,
  type ReportStandardReport,
  type ReportStats,
  REPORT_TIME_PRECISION,
  type ReportTimeUnit,
  titleWithZone,
  vocabularyLabel,
} from '@envmon/shared';
import type { XlsxWorkbookPlan } from '../../lib/xlsx-export.js';
import type { XlsxExportColumn, XlsxRow, XlsxSheet } from '../../lib/xlsx-export.js';
import { translate } from '../crud/crud.export.js';

/**
 * The reports' xlsx files: the columns, units and number formatting the screens show, headers in the
 * console's language (the same i18n keys), titled with the report, its station and its period.
 */
const tr = (key: string, lang: Language) => translate(`report.${key}`, lang) ?? key;

const numFmt = (decimals: number | null) => ((decimals ?? 2) > 0 ? `0.${'0'.repeat(decimals ?? 2)}` : '0');
const percent = (ratio: number | null) => (ratio === null ? null : roundReportValue(ratio * 100, 2));

export function factorLabel(factor: ReportFactor, lang: Language): string {
  const name = (lang === 'en-US' ? (factor.factorNameEn ?? factor.factorName) : factor.factorName) ?? factor.factorCode;
  return factor.unit ? `${name} (${factor.unit})` : name;
}

function periodLine(begin: number, end: number, unit: ReportTimeUnit, offset: number, lang: Language): string {
  // The end is exclusive: the period shown ends with the last whole hour/day/month before it.
  const text = tr('period', lang);
  const at = (ms: number) => formatReportTime(ms, 'hour', offset);
  // A file has no reader's zone: the station's is named (packages/shared utils/station-time.ts).
  const period = titleWithZone(text.replace('{{begin}}', at(begin)).replace('{{end}}', at(end)), offset, lang);
  return `${period} · ${tr(`units.${unit}`, lang)}`;
}

const deviceLine = (device: ReportDevice) => `${device.deviceName} (MN ${device.mn})`;

/**
 * A note under a sheet's rows when the report rests on audited values (issue 19), and how many: below the
 * table, so that the title and header rows stay where they are whether or not anything was audited.
 */
const auditedNote = (count: number, lang: Language): XlsxRow[] =>
  count > 0 ? [[], [tr('audited', lang).replace('{{count}}', String(count))]] : [];

const factorName = (f: ReportFactor, lang: Language) =>
  (lang === 'en-US' ? (f.factorNameEn ?? f.factorName) : f.factorName) ?? f.factorCode;

/** A period row's audit states, one 'factor: state' per audited value ('' when none). */
function auditCell(row: ReportSingleStation['rows'][number], factors: readonly ReportFactor[], lang: Language) {
  return (
    factors
      .filter((f) => row.audit[f.factorCode] !== undefined)
      .map(
        (f) =>
          `${factorName(f, lang)}: ${vocabularyLabel('auditState', row.audit[f.factorCode] ?? '', lang === 'en-US' ? 'en' : 'zh')}`,
      )
      .join('; ') || null
  );
}

/** With `decimals` (one factor) the value columns show that many; without (a factor per row) the rounded values as they are. */
const statColumns = (lang: Language, decimals?: number | null): XlsxExportColumn[] => {
  const format = decimals === undefined ? {} : { numFmt: numFmt(decimals) };
  return [
    { header: tr('columns.avg', lang), width: 12, ...format },
    { header: tr('columns.min', lang), width: 12, ...format },
    { header: tr('columns.max', lang), width: 12, ...format },
    { header: tr('columns.valid', lang), width: 10 },
    { header: tr('columns.exceedances', lang), width: 10 },
    { header: tr('columns.compliance', lang), width: 12, numFmt: '0.00' },
  ];
};

const statCells = (stats: ReportStats, decimals: number | null): XlsxRow => [
  roundReportValue(stats.avg, decimals),
  roundReportValue(stats.min, decimals),
  roundReportValue(stats.max, decimals),
  stats.valid,
  stats.exceedances,
  percent(stats.compliance),
];

/** A report's sheet: it is computed whole, so its rows are one batch. */
type ReportSheet = Omit<XlsxSheet, 'rows'> & { rows: XlsxRow[] };

const plan = (ascii: string, display: string, sheets: ReportSheet[]): XlsxWorkbookPlan => ({
  fileName: { ascii, display },
  sheets: sheets.map((sheet) => ({ ...sheet, rows: [sheet.rows] })),
  total: sheets.reduce((sum, sheet) => sum + sheet.rows.length, 0),
});

/** Sheet 1: the per-factor statistics; sheet 2: deviceName, MN, DataTime and one column per factor. */
export function singleStationWorkbook(report: ReportSingleStation, lang: Language): XlsxWorkbookPlan {
  const { device, timeUnit } = report;
  const title = [
    tr('singleStation.title', lang),
    deviceLine(device),
    periodLine(report.beginTime, report.endTime, timeUnit, device.utcOffsetMinutes, lang),
  ];
  const summary: ReportSheet = {
    name: tr('sheets.summary', lang),
    title,
    columns: [
      { header: tr('columns.factor', lang), width: 24 },
      { header: tr('columns.unit', lang), width: 10 },
      ...statColumns(lang),
    ],
    rows: [
      ...report.factors.map((f) => [
        (lang === 'en-US' ? (f.factorNameEn ?? f.factorName) : f.factorName) ?? f.factorCode,
        f.unit ?? '',
        ...statCells(f, f.decimals),
      ]),
      ...auditedNote(report.auditedCount, lang),
    ],
  };
  const data: ReportSheet = {
    name: tr('sheets.data', lang),
    title,
    columns: [
      { header: tr('columns.deviceName', lang), width: 20 },
      { header: tr('columns.mn', lang), width: 26 },
      { header: titleWithZone(tr('columns.dataTime', lang), device.utcOffsetMinutes, lang), width: 24 },
      ...report.factors.map((f) => ({ header: factorLabel(f, lang), width: 16, numFmt: numFmt(f.decimals) })),
      { header: tr('columns.audit', lang), width: 24 },
    ],
    rows: report.rows.map((row) => [
      device.deviceName,
      device.mn,
      formatReportTime(row.dataTime, timeUnit, device.utcOffsetMinutes),
      ...report.factors.map((f) => roundReportValue(row.values[f.factorCode] ?? null, f.decimals)),
      auditCell(row, report.factors, lang),
    ]),
  };
  return plan('single-station', `${tr('singleStation.title', lang)}-${device.deviceName}`, [summary, data]);
}

/** deviceName, MN, then per factor its average, minimum and maximum ('factor (unit) average' …). */
export function multiStationWorkbook(report: ReportMultiStation, lang: Language): XlsxWorkbookPlan {
  const offset = report.stations[0]?.device.utcOffsetMinutes ?? 0;
  const sheet: ReportSheet = {
    name: tr('sheets.summary', lang),
    title: [
      tr('multiStation.title', lang),
      periodLine(report.beginTime, report.endTime, report.timeUnit, offset, lang),
    ],
    columns: [
      { header: tr('columns.deviceName', lang), width: 20 },
      { header: tr('columns.mn', lang), width: 26 },
      ...report.factors.flatMap((f) =>
        (['avg', 'min', 'max'] as const).map((stat) => ({
          header: `${factorLabel(f, lang)} ${tr(`columns.${stat}`, lang)}`,
          width: 18,
          numFmt: numFmt(f.decimals),
        })),
      ),
    ],
    rows: report.stations.map((station) => [
      station.device.deviceName,
      station.device.mn,
      ...report.factors.flatMap((f) => {
        const stats = station.values[f.factorCode];
        return [stats?.avg ?? null, stats?.min ?? null, stats?.max ?? null].map((v) => roundReportValue(v, f.decimals));
      }),
    ]),
  };
  sheet.rows.push(...auditedNote(report.auditedCount, lang));
  return plan('multi-station', tr('multiStation.title', lang), [sheet]);
}

/** The series' label: the station (stations) or the period (periods). */
export function contrastSeriesLabel(
  series: ReportContrast['series'][number],
  mode: ReportContrast['mode'],
  lang: Language,
): string {
  return mode === 'stations' ? series.device.deviceName : tr(`contrast.periods.${series.period}`, lang);
}

/** Sheet 1: each series' period and statistics (periods: and this period's change against it); sheet 2: DataTime and each series' value. */
export function contrastWorkbook(report: ReportContrast, lang: Language): XlsxWorkbookPlan {
  const { factor, timeUnit, mode } = report;
  const offset = report.series[0]?.device.utcOffsetMinutes ?? 0;
  const current = report.series.find((s) => s.period === 'current');
  const title = [
    `${tr('contrast.title', lang)} · ${tr(`contrast.modes.${mode}`, lang)}`,
    mode === 'periods' && current
      ? `${deviceLine(current.device)} · ${factorLabel(factor, lang)}`
      : factorLabel(factor, lang),
    periodLine(report.beginTime, report.endTime, timeUnit, offset, lang),
  ];
  // Each series on its station's clock: the zone in the title when the stations share one, else beside each time.
  const offsets = report.series.map((s) => s.device.utcOffsetMinutes);
  const beginColumn = exportTimeColumn(tr('columns.beginTime', lang), offsets, lang);
  const endColumn = exportTimeColumn(tr('columns.endTime', lang), offsets, lang);
  const summary: ReportSheet = {
    name: tr('sheets.summary', lang),
    title,
    columns: [
      { header: tr('columns.series', lang), width: 20 },
      { header: beginColumn.title, width: 24 },
      { header: endColumn.title, width: 24 },
      ...statColumns(lang, factor.decimals),
      ...(mode === 'periods' ? [{ header: tr('contrast.change', lang), width: 14, numFmt: '0.00' }] : []),
    ],
    rows: report.series.map((s) => [
      contrastSeriesLabel(s, mode, lang),
      beginColumn.format(s.beginTime, s.device.utcOffsetMinutes, REPORT_TIME_PRECISION.hour),
      endColumn.format(s.endTime, s.device.utcOffsetMinutes, REPORT_TIME_PRECISION.hour),
      ...statCells(s.stats, factor.decimals),
      ...(mode === 'periods'
        ? [s.period === 'current' ? null : roundReportValue(contrastChange(current?.stats.avg ?? null, s.stats.avg), 2)]
        : []),
    ]),
  };
  const data: ReportSheet = {
    name: tr('sheets.data', lang),
    title,
    columns: [
      { header: titleWithZone(tr('columns.dataTime', lang), offset, lang), width: 24 },
      ...report.series.map((s) => ({
        header: `${contrastSeriesLabel(s, mode, lang)} ${factor.unit ? `(${factor.unit})` : ''}`.trim(),
        width: 18,
        numFmt: numFmt(factor.decimals),
      })),
    ],
    rows: report.rows.map((row) => [
      formatReportTime(row.dataTime, timeUnit, offset),
      ...report.series.map((s) => roundReportValue(row.values[s.key] ?? null, factor.decimals)),
    ]),
  };
  return plan('contrast', tr('contrast.title', lang), [summary, data]);
}

/** factor, unit, average, minimum, maximum, standard limit, ratio to it (%), exceeded. */
export function standardWorkbook(
  report: ReportStandardReport,
  lang: Language,
  kind: 'factorBar' | 'radar',
): XlsxWorkbookPlan {
  const { device } = report;
  const standard =
    report.standard === 'waterClass'
      ? `${tr('standards.waterClass', lang)} ${tr(`waterClasses.${report.waterClass}`, lang)}`
      : tr('standards.threshold', lang);
  const sheet: ReportSheet = {
    name: tr('sheets.summary', lang),
    title: [
      `${tr(`${kind}.title`, lang)} · ${standard}`,
      deviceLine(device),
      periodLine(report.beginTime, report.endTime, report.timeUnit, device.utcOffsetMinutes, lang),
    ],
    columns: [
      { header: tr('columns.factor', lang), width: 24 },
      { header: tr('columns.unit', lang), width: 10 },
      { header: tr('columns.avg', lang), width: 12 },
      { header: tr('columns.min', lang), width: 12 },
      { header: tr('columns.max', lang), width: 12 },
      { header: tr('columns.limit', lang), width: 14 },
      { header: tr('columns.ratio', lang), width: 14, numFmt: '0.00' },
      { header: tr('columns.exceeded', lang), width: 10 },
    ],
    rows: report.factors.map((f) => [
      (lang === 'en-US' ? (f.factorNameEn ?? f.factorName) : f.factorName) ?? f.factorCode,
      f.unit ?? '',
      roundReportValue(f.avg, f.decimals),
      roundReportValue(f.min, f.decimals),
      roundReportValue(f.max, f.decimals),
      f.limit === null ? tr('states.noStandard', lang) : formatReportLimit(f.limit),
      percent(f.ratio),
      f.exceeded === null ? '' : tr(f.exceeded ? 'states.yes' : 'states.no', lang),
    ]),
  };
  return plan(kind === 'radar' ? 'standard-radar' : 'factor-bar', `${tr(`${kind}.title`, lang)}-${device.deviceName}`, [
    sheet,
  ]);
}
