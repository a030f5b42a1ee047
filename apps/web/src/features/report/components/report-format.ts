import { roundReportValue, type ReportFactor } from '@envmon/shared';

/** A value to the factor's decimals (2 when unknown); '-' without one. */
export function formatReportValue(value: number | null | undefined, decimals: number | null = null): string {
  if (value === null || value === undefined) return '-';
  return (roundReportValue(value, decimals) as number).toFixed(decimals ?? 2);
}

/** A 0–1 rate as a percentage with two decimals. */
export function formatReportPercent(ratio: number | null | undefined): string {
  return ratio === null || ratio === undefined ? '-' : (ratio * 100).toFixed(2);
}

/** The factor in the console's language (the code when the catalogue lacks it). */
export function reportFactorName(factor: ReportFactor, lang: 'zh' | 'en'): string {
  return (lang === 'en' ? (factor.factorNameEn ?? factor.factorName) : factor.factorName) ?? factor.factorCode;
}

/** Name and unit, as column headers and the exports write them: 'COD (mg/L)'. */
export function reportFactorLabel(factor: ReportFactor, lang: 'zh' | 'en'): string {
  const name = reportFactorName(factor, lang);
  return factor.unit ? `${name} (${factor.unit})` : name;
}
