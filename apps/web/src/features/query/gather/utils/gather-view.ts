import {
  formatStationTime,
  GATHER_TIME_PRECISION,
  type GatherFactor,
  type GatherGroupType,
  type GatherRequest,
  type GatherResult,
  type GatherTimeUnit,
} from '@envmon/shared';
import dayjs, { type Dayjs } from 'dayjs';
import { baseChartOption, type ChartThemeName, openingZoom } from '../../../../components/chart/chart-theme';
import { groupByUnit, unitPanels } from '../../../../components/chart/unit-panels';

export interface GatherForm {
  groupType: GatherGroupType;
  groupId?: number;
  deviceIds?: number[];
  factorCodes?: string[];
  timeUnit: GatherTimeUnit;
  range: [Dayjs, Dayjs];
}

/** The server's request: lists as comma-separated text, within the header's project. */
export function toGatherRequest(form: GatherForm, projectId: number | null): GatherRequest {
  return {
    projectId: projectId ?? undefined,
    groupType: form.groupType,
    groupId: form.groupType === 'devices' ? undefined : form.groupId,
    deviceIds: form.groupType === 'devices' ? (form.deviceIds ?? []).join(',') : undefined,
    factorCodes: form.factorCodes?.length ? form.factorCodes.join(',') : undefined,
    timeUnit: form.timeUnit,
    beginTime: form.range[0].valueOf(),
    endTime: form.range[1].valueOf(),
  };
}

/** The default range of each unit: the last day of hours, the last month of days, the last year of months. */
export function defaultRange(unit: GatherTimeUnit, now: Dayjs = dayjs()): [Dayjs, Dayjs] {
  switch (unit) {
    case 'hour':
      return [now.subtract(1, 'day').startOf('hour'), now];
    case 'day':
      return [now.subtract(30, 'day').startOf('day'), now];
    case 'month':
      return [now.subtract(11, 'month').startOf('month'), now];
  }
}

/** Decimals shown when the factor's are not known: an average of a few values should not print 15 digits. */
export const FALLBACK_DECIMALS = 3;

/**
 * A value to the factor's decimals where known (SPEC: number formatting to the factor's decimals); otherwise
 * rounded to FALLBACK_DECIMALS, without trailing zeros.
 */
export function formatValue(value: number | null, decimals: number | null | undefined): string {
  if (value === null) return '-';
  return decimals === null || decimals === undefined
    ? String(Number(value.toFixed(FALLBACK_DECIMALS)))
    : value.toFixed(decimals);
}

export function factorLabel(factor: GatherFactor | undefined, code: string, english: boolean): string {
  const name = (english ? (factor?.factorNameEn ?? factor?.factorName) : factor?.factorName) ?? code;
  return factor?.unit ? `${name} (${factor.unit})` : name;
}

/** Room for the title and the legend above the panels. */
const CHART_TOP = 56;

/**
 * A line of the group's average per factor over the periods, in the console's theme: a panel per unit with
 * its own labelled scale (unitPanels), opening on all the periods when they are readable (openingZoom).
 * Returns the option and the height the chart needs for `available` offered.
 */
export function gatherChartOption(
  result: GatherResult,
  theme: ChartThemeName,
  english: boolean,
  title: string,
  available: number,
) {
  const base = baseChartOption(theme);
  const precision = GATHER_TIME_PRECISION[result.timeUnit];
  const times = [...new Set(result.rows.map((r) => r.dataTime))].sort((a, b) => a - b);
  const units = groupByUnit(
    result.factors.map((factor) => ({ unit: factor.unit, measure: factorLabel(factor, factor.factorCode, english) })),
  );
  const series = result.factors.map((factor, i) => {
    const byTime = new Map(
      result.rows.filter((r) => r.factorCode === factor.factorCode).map((r) => [r.dataTime, r.avg]),
    );
    return {
      type: 'line' as const,
      name: factorLabel(factor, factor.factorCode, english),
      xAxisIndex: units.panelOf[i],
      yAxisIndex: units.panelOf[i],
      showSymbol: times.length < 50,
      connectNulls: false,
      data: times.map((time) => {
        const value = byTime.get(time);
        return value === undefined ? null : Number(value.toFixed(factor.decimals ?? FALLBACK_DECIMALS));
      }),
    };
  });
  const { height, ...layout } = unitPanels({
    theme,
    names: units.names,
    xAxis: { type: 'category', data: times.map((time) => formatStationTime(time, result.utcOffsetMinutes, precision)) },
    top: CHART_TOP,
    available,
    zoom: openingZoom(times.length),
  });
  return {
    height,
    option: {
      ...base,
      title: { ...base.title, text: title, left: 0, top: 0 },
      legend: { ...base.legend, top: 24 },
      ...layout,
      series,
    },
  };
}
