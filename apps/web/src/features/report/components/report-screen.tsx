import type { EndpointData, EndpointQuery } from '@envmon/shared';
import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { Flex, type GlobalToken, Segmented, theme as antdTheme } from 'antd';
import type { TFunction } from 'i18next';
import { Fragment, type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../../app/providers/preferences';
import type { ChartThemeName } from '../../../components/chart/chart-theme';
import type { VocabularyLang } from '../../../components/crud/cell-render';
import { useTableHeight } from '../../../components/use-table-height';
import { useVocabularyLang } from '../../../components/vocabulary/use-vocabulary-lang';
import { ReportChart, type ReportChartSpec } from './report-chart';
import { ReportLayout } from './report-layout';
import { type ReportParts, reportParts } from './report-parts';
import { type ReportCalls, reportQuery, type ReportQueryKey } from './report-query';
import { sameReportParams } from './report-time';

/** What draws a report's chart: the report read, in the console's theme and language. */
export interface ReportChartContext {
  theme: ChartThemeName;
  lang: VocabularyLang;
  t: TFunction;
}

/** What the body's parts see besides the report: the language, the filters it was read with, the theme's tokens, the table height. */
export interface ReportContext<P> {
  t: TFunction;
  lang: VocabularyLang;
  token: GlobalToken;
  /** The filters of the report shown. */
  params: P | null;
  /** The body height of a full-page table (definition.tableOffset). */
  tableHeight: number;
}

/** The filter bar of a screen: what it draws and how a search becomes the read's filters. */
export interface ReportFilterDefinition<P> {
  /** Searching again with the same filters reads again (the demo's history may have arrived since). */
  refetchSameSearch: boolean;
  render: (onSearch: (params: P) => void) => ReactNode;
}

/** A part of a report's body, shown in order in a column: a chart, or any node (tables, titles, notes). */
export type ReportPart<T, P> =
  | { kind: 'chart'; testId: string; build: (data: T, context: ReportChartContext) => ReportChartSpec | null }
  | { kind: 'node'; render: (data: T, context: ReportContext<P>) => ReactNode };

/** Variants of one screen chosen above its filter bar (the contrast's stations or periods). */
export interface ReportModes<M extends string> {
  values: readonly M[];
  initial: M;
  label: (mode: M, t: TFunction) => string;
  testId: string;
}

/**
 * A report screen as data: its frame (test id, help, prompt), filter bar, read, export, empty rule and
 * the parts of its body. Texts are functions of `t` so that each screen's keys stay literal in its source
 * (the translation tests read them from there).
 */
export interface ReportScreenDefinition<P extends object, T, K extends QueryKey = QueryKey, M extends string = string> {
  testId: string;
  help: (t: TFunction) => string;
  /** Said before the first search (ReportLayout's default: pick a device). */
  prompt?: (t: TFunction, mode: M) => string;
  modes?: ReportModes<M>;
  filter: ReportFilterDefinition<P> | ((mode: M) => ReportFilterDefinition<P>);
  query: (params: P | null) => UseQueryOptions<T, Error, T, K>;
  exportUrl: string;
  isEmpty: (data: T) => boolean;
  exportable?: (data: T) => boolean;
  /** What the full-page tables leave for the rest of the screen (useTableHeight's offset). */
  tableOffset?: number;
  /** Shown instead of the parts when it answers something (the isotope report without isotope factors). */
  instead?: (data: T, context: ReportContext<P>) => ReactNode;
  /** The body's parts, from the part builders typed for this report (report-parts.tsx). */
  body: (parts: ReportParts<T, P>) => readonly ReportPart<T, P>[];
}

/**
 * A chart of the body, built again when the report, the theme or the language change (only screens with a
 * chart read the theme's preference).
 */
function ChartPart<T>({
  data,
  build,
  testId,
}: {
  data: T;
  build: (data: T, context: ReportChartContext) => ReportChartSpec | null;
  testId: string;
}) {
  const { t } = useTranslation();
  const lang = useVocabularyLang();
  const { theme } = usePreferences();
  const chart = useMemo(() => build(data, { theme, lang, t }), [build, data, theme, lang, t]);
  return chart ? <ReportChart {...chart} testId={testId} /> : null;
}

/**
 * A page's screen from its declared calls (reportEndpoints.<name>) and what is its own: the read (keyed
 * ['report', <name>, filters]) and the export's path come from the calls. They come first so that
 * TypeScript knows the report's type inside the definition.
 */
export function defineReportScreen<
  C extends ReportCalls,
  P extends EndpointQuery<C['read']> & object,
  M extends string = string,
>(
  calls: C,
  definition: Omit<
    ReportScreenDefinition<P, EndpointData<C['read']>, ReportQueryKey<C['read']>, M>,
    'query' | 'exportUrl'
  >,
): ReportScreenDefinition<P, EndpointData<C['read']>, ReportQueryKey<C['read']>, M> {
  return { ...definition, query: reportQuery<C['read']>(calls.read), exportUrl: calls.export.path };
}

/**
 * The one report screen: a definition's filter bar, read and body in ReportLayout's frame. A search sets
 * the read's filters; a mode change (when the screen has modes) clears them and draws a new filter bar.
 */
export function ReportScreen<P extends object, T, K extends QueryKey, M extends string = string>({
  definition,
}: {
  definition: ReportScreenDefinition<P, T, K, M>;
}) {
  const { t } = useTranslation();
  const lang = useVocabularyLang();
  const { token } = antdTheme.useToken();
  const tableHeight = useTableHeight(definition.tableOffset);
  const { modes } = definition;
  const [mode, setMode] = useState<M | undefined>(modes?.initial);
  const [params, setParams] = useState<P | null>(null);
  const report = useQuery(definition.query(params));
  const filter = typeof definition.filter === 'function' ? definition.filter(mode as M) : definition.filter;
  const search = (next: P) => {
    if (filter.refetchSameSearch && sameReportParams(next, params)) void report.refetch();
    else setParams(next);
  };
  const body = useMemo(() => definition.body(reportParts<T, P>()), [definition]);
  const context: ReportContext<P> = { lang, t, token, params, tableHeight };

  const bar = modes ? (
    <Flex vertical gap="small">
      <Segmented<M>
        value={mode}
        onChange={(next) => {
          setMode(next);
          setParams(null);
        }}
        options={modes.values.map((m) => ({ value: m, label: modes.label(m, t) }))}
        data-testid={modes.testId}
      />
      {/* A new bar per mode. */}
      <Fragment key={mode}>{filter.render(search)}</Fragment>
    </Flex>
  ) : (
    filter.render(search)
  );

  return (
    <ReportLayout<T>
      testId={definition.testId}
      help={definition.help(t)}
      prompt={definition.prompt?.(t, mode as M)}
      filter={bar}
      exportUrl={definition.exportUrl}
      params={params}
      query={report}
      isEmpty={definition.isEmpty}
      exportable={definition.exportable}
    >
      {(data) =>
        definition.instead?.(data, context) ?? (
          <Flex vertical gap="middle">
            {body.map((part, i) =>
              part.kind === 'node' ? (
                <Fragment key={i}>{part.render(data, context)}</Fragment>
              ) : (
                <ChartPart key={i} data={data} build={part.build} testId={part.testId} />
              ),
            )}
          </Flex>
        )
      }
    </ReportLayout>
  );
}
