import type { IsotopeReport, OdorRose, StatisticsExportLang, SummaryReport, TransmissionReport } from '@envmon/shared';
import type { XlsxWorkbookPlan } from '../../lib/xlsx-export.js';
import type { XlsxExportColumn, XlsxRow } from '../../lib/xlsx-export.js';

/**
 * The statistics reports as workbooks: the screen's columns and units, a title naming the report,
 * the project and the period, so a sheet can be handed in as it is.
 */

type Lang = StatisticsExportLang;
const en = (lang: Lang) => lang === 'en-US';

/** A value at the factor's decimals when known (two otherwise); blank when absent. */
export const fixed = (value: number | null, decimals: number | null): number | string =>
  value === null ? '' : Number(value.toFixed(decimals ?? 2));
/** A 0–1 rate as a percentage with two decimals. */
export const percent = (rate: number | null): number | string => (rate === null ? '' : Number((rate * 100).toFixed(2)));

const columns = (headers: readonly string[], widths: readonly number[]): XlsxExportColumn[] =>
  headers.map((header, i) => ({ header, width: widths[i] ?? 12 }));

const factorName = (lang: Lang, row: { factorCode: string; factorName: string | null; factorNameEn: string | null }) =>
  (en(lang) ? row.factorNameEn : row.factorName) ?? row.factorCode;
const withUnit = (header: string, unit: string | null) => (unit ? `${header} (${unit})` : header);

const TRANSMISSION_HEADERS = {
  'zh-CN': ['序号', '设备名称', 'MN', '日期', '应收', '实收', '有效', '传输率(%)', '有效率(%)', '低于阈值'],
  'en-US': ['No.', 'Device', 'MN', 'Date', 'Expected', 'Received', 'Valid', 'Transmission (%)', 'Valid (%)', 'Below'],
} as const;

export function transmissionWorkbook(
  report: TransmissionReport,
  range: { beginDate: string; endDate: string },
  project: string | null,
  lang: Lang,
): XlsxWorkbookPlan {
  const names = new Map(report.devices.map((d) => [d.deviceId, d]));
  const yes = en(lang) ? 'Yes' : '是';
  const rows: XlsxRow[] = report.days.map((day, i) => [
    i + 1,
    names.get(day.deviceId)?.deviceName ?? '',
    names.get(day.deviceId)?.deviceCode ?? '',
    day.date,
    day.expected,
    day.received,
    day.valid,
    percent(day.transmissionRate),
    percent(day.validRate),
    day.below ? yes : '',
  ]);
  const unit = en(lang)
    ? report.timeUnit === 'hour'
      ? 'hour data'
      : 'minute data'
    : report.timeUnit === 'hour'
      ? '小时数据'
      : '分钟数据';
  const title = en(lang)
    ? [
        `Data transmission — ${project ?? 'all projects'}`,
        `${range.beginDate} – ${range.endDate}, ${unit}, threshold ${report.threshold} %`,
      ]
    : [
        `数据传输率报表 — ${project ?? '全部项目'}`,
        `${range.beginDate} 至 ${range.endDate}，${unit}，阈值 ${report.threshold}%`,
      ];
  return {
    fileName: { ascii: 'transmission', display: en(lang) ? 'transmission' : '数据传输率' },
    total: rows.length,
    sheets: [
      {
        name: en(lang) ? 'Transmission' : '数据传输率',
        title,
        columns: columns(TRANSMISSION_HEADERS[lang], [8, 22, 26, 12, 10, 10, 10, 16, 12, 10]),
        rows: [rows],
      },
    ],
  };
}

const SUMMARY_HEADERS = {
  'zh-CN': [
    '序号',
    '设备名称',
    'MN',
    '监测因子',
    '单位',
    '平均值',
    '最小值',
    '最大值',
    '数据个数',
    '有效个数',
    '超标次数',
    '达标率(%)',
    '应有个数',
    '完整率(%)',
  ],
  'en-US': [
    'No.',
    'Device',
    'MN',
    'Factor',
    'Unit',
    'Average',
    'Minimum',
    'Maximum',
    'Count',
    'Valid',
    'Exceedances',
    'Compliance (%)',
    'Expected',
    'Completeness (%)',
  ],
} as const;
const SUMMARY_TITLE = {
  'zh-CN': { day: '日汇总报表', month: '月汇总报表', year: '年汇总报表' },
  'en-US': { day: 'Daily summary', month: 'Monthly summary', year: 'Yearly summary' },
} as const;

export function summaryWorkbook(report: SummaryReport, lang: Lang): XlsxWorkbookPlan {
  const rows: XlsxRow[] = report.rows.map((r, i) => [
    i + 1,
    r.deviceName,
    r.deviceCode,
    factorName(lang, r),
    r.unit ?? '',
    fixed(r.avg, r.decimals),
    fixed(r.min, r.decimals),
    fixed(r.max, r.decimals),
    r.count,
    r.valid,
    r.exceedances,
    percent(r.compliance),
    r.expected,
    percent(r.completeness),
  ]);
  const project =
    (en(lang) ? (report.projectNameEn ?? report.projectName) : report.projectName) ??
    (en(lang) ? 'All projects' : '全部项目');
  const name = SUMMARY_TITLE[lang][report.timeUnit];
  return {
    fileName: { ascii: `summary-${report.timeUnit}`, display: en(lang) ? `summary-${report.timeUnit}` : name },
    total: rows.length,
    sheets: [
      {
        name,
        title: [`${project} ${name}`, en(lang) ? `Period: ${report.period}` : `统计时段：${report.period}`],
        columns: columns(SUMMARY_HEADERS[lang], [8, 22, 26, 20, 10, 12, 12, 12, 10, 10, 10, 14, 10, 14]),
        // The summary rests on audited values (issue 19): a note under the rows when any was audited.
        rows: [
          report.auditedCount === 0
            ? rows
            : [
                ...rows,
                [],
                [
                  en(lang)
                    ? `Audited data: ${report.auditedCount} of the values were audited`
                    : `审核数据：其中 ${report.auditedCount} 个数值经过审核`,
                ],
              ],
        ],
      },
    ],
  };
}

const ISOTOPE_HEADERS = {
  'zh-CN': ['序号', '设备名称', 'MN', '监测因子', '单位', '平均值', '最小值', '最大值', '数据个数', '有效个数'],
  'en-US': ['No.', 'Device', 'MN', 'Factor', 'Unit', 'Average', 'Minimum', 'Maximum', 'Count', 'Valid'],
} as const;

export function isotopeWorkbook(
  report: IsotopeReport,
  period: string,
  project: string | null,
  lang: Lang,
): XlsxWorkbookPlan {
  const rows: XlsxRow[] = report.rows.map((r, i) => [
    i + 1,
    r.deviceName,
    r.deviceCode,
    factorName(lang, r),
    r.unit ?? '',
    fixed(r.avg, r.decimals),
    fixed(r.min, r.decimals),
    fixed(r.max, r.decimals),
    r.count,
    r.valid,
  ]);
  const head = en(lang) ? `Isotope statistics — ${project ?? 'all projects'}` : `同位素报表 — ${project ?? '全部项目'}`;
  return {
    fileName: { ascii: 'isotope', display: en(lang) ? 'isotope' : '同位素报表' },
    total: rows.length,
    sheets: [
      {
        name: en(lang) ? 'Isotope' : '同位素报表',
        title: [head, period],
        columns: columns(ISOTOPE_HEADERS[lang], [8, 22, 26, 20, 10, 12, 12, 12, 10, 10]),
        rows: [rows],
      },
    ],
  };
}

export function odorRoseWorkbook(rose: OdorRose, period: string, lang: Lang): XlsxWorkbookPlan {
  const headers = en(lang)
    ? ['Sector', 'Degrees', 'Samples', 'Frequency (%)', withUnit(`Mean ${factorName(lang, rose)}`, rose.unit)]
    : ['风向', '角度范围', '样本数', '频率(%)', withUnit(`${factorName(lang, rose)}平均浓度`, rose.unit)];
  const rows: XlsxRow[] = rose.sectors.map((s) => [
    s.sector,
    `${s.from}–${s.to}`,
    s.count,
    Number(s.frequency.toFixed(2)),
    fixed(s.mean, rose.decimals),
  ]);
  rows.push([
    en(lang) ? 'Calm' : '静风',
    `< ${rose.calmSpeed} m/s`,
    rose.calm.count,
    Number(rose.calm.frequency.toFixed(2)),
    fixed(rose.calm.mean, rose.decimals),
  ]);
  const head = en(lang) ? `Odour rose — ${rose.deviceName}` : `气味玫瑰图 — ${rose.deviceName}`;
  return {
    fileName: { ascii: 'odor-rose', display: en(lang) ? 'odor-rose' : '气味玫瑰图' },
    total: rows.length,
    sheets: [
      {
        name: en(lang) ? 'Odour rose' : '气味玫瑰图',
        title: [head, en(lang) ? `${period}, ${rose.samples} samples` : `${period}，样本 ${rose.samples} 个`],
        columns: columns(headers, [10, 16, 10, 14, 24]),
        rows: [rows],
      },
    ],
  };
}
