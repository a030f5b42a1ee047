import { CHART_PALETTE, DEPLOY_TYPE, type RealtimeFactor } from '@envmon/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Empty, Flex, Segmented, Select, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../../../app/providers/preferences';
import { useSession } from '../../../../app/session-context';
import { longestLine, openingZoom, type ZoomRange, zoomFromEvent } from '../../../../components/chart/chart-theme';
import { EChart } from '../../../../components/chart/echart';
import { PANEL_REPLACE_MERGE } from '../../../../components/chart/unit-panels';
import { QueryErrorAlert } from '../../../../components/crud/table-parts';
import { DeviceTree, type TreeGroup, type TreeGrouping } from '../../../../components/device-tree';
import { useTableHeight } from '../../../../components/use-table-height';
import { useLiveConnection } from '../../../../lib/live';
import { getSelectedProjectId } from '../../../../lib/project';
import { useVocabularyLang } from '../../../../components/vocabulary/use-vocabulary-lang';
import { deployGroupsQueryOptions } from '../../../../lib/deploy-groups';
import { realtimeLatestQueryOptions } from '../../data/api/get-latest';
import { LiveState } from '../../data/components/live-state';
import { useLiveSeries } from '../hooks/use-live-series';
import { buildRealtimeChartOption, type ChartLine } from '../utils/chart-option';
import { seriesFromRecent } from '../utils/series';
import { type ChartTreeDevice, membershipsOf, toTreeDevice } from '../utils/tree';

const TREE_WIDTH = 320;
/** The tree's search box and switches above its list. */
const TREE_OFFSET = 330;
/** Header, tabs and the chart's toolbar above it. */
const CHART_OFFSET = 300;
const FACTOR_SELECT_WIDTH = 360;
const MINUTES_PER_HOUR = 60;
/** Time ranges offered, in minutes: up to a day (getRecent's limit). */
const WINDOWS = [10, 30, 60, 180, 360, 1440] as const;
const DEFAULT_WINDOW = 60;
/** Lines drawn before the user chooses: enough to compare, few enough to read. */
const DEFAULT_FACTOR_COUNT = 6;

const factorName = (factor: RealtimeFactor | undefined, code: string, lang: 'zh' | 'en') =>
  (lang === 'en' ? (factor?.factorNameEn ?? factor?.factorName) : factor?.factorName) ?? code;

/**
 * Real-time chart (SPEC section 2): pick a device in the tree and its factors; a line per factor,
 * filled with the recent values and extended live, in the console's theme and the 24-colour palette.
 */
export default function RealtimeChartPage() {
  const { t } = useTranslation();
  const lang = useVocabularyLang();
  const { theme } = usePreferences();
  const session = useSession();
  const projectId = getSelectedProjectId();
  const [grouping, setGrouping] = useState<TreeGrouping>(DEPLOY_TYPE.project);
  const [selected, setSelected] = useState<ChartTreeDevice | null>(null);
  const [chosen, setChosen] = useState<string[] | null>(null);
  const [minutes, setMinutes] = useState<number>(DEFAULT_WINDOW);
  // The user's zoom, for the device and window it was set on; another choice opens on the newest values again.
  const [userZoom, setUserZoom] = useState<{ view: string; range: ZoomRange } | null>(null);

  const latest = useQuery(realtimeLatestQueryOptions(projectId));
  const projects = useQuery(deployGroupsQueryOptions(DEPLOY_TYPE.project));
  const addresses = useQuery(deployGroupsQueryOptions(DEPLOY_TYPE.address));
  const connection = useLiveConnection();

  const realtimeDevices = useMemo(() => latest.data?.devices ?? [], [latest.data]);
  const devices = useMemo(() => realtimeDevices.map(toTreeDevice), [realtimeDevices]);
  const memberships = useMemo(() => membershipsOf(realtimeDevices, grouping), [realtimeDevices, grouping]);
  const groups = useMemo<TreeGroup[]>(
    () => [...(projects.data ?? []), ...(addresses.data ?? [])],
    [projects.data, addresses.data],
  );
  const boundCodes = useMemo(() => new Set(session.user.deviceCodes), [session.user.deviceCodes]);
  const factorsByCode = useMemo(
    () => new Map((latest.data?.factors ?? []).map((f) => [f.factorCode, f])),
    [latest.data],
  );

  const device = selected?.device ?? null;
  const deviceFactors = useMemo(() => device?.values.map((v) => v.factorCode) ?? [], [device]);
  // Until the user chooses, the device's first factors are drawn.
  const factorCodes = useMemo(() => chosen ?? deviceFactors.slice(0, DEFAULT_FACTOR_COUNT), [chosen, deviceFactors]);
  const { series, recent, enabled } = useLiveSeries(device?.deviceId ?? null, factorCodes, minutes);
  const view = `${device?.deviceId ?? ''}|${minutes}`;
  // Where the chart opens is decided on the fill, so values arriving live do not move the zoom.
  const opening = useMemo(
    () => openingZoom(longestLine([...seriesFromRecent(recent.data?.points ?? [], factorCodes).values()])),
    [recent.data, factorCodes],
  );
  const zoom = userZoom?.view === view ? userZoom.range : opening;
  const chartHeight = useTableHeight(CHART_OFFSET);

  const option = useMemo(() => {
    const lines: ChartLine[] = factorCodes.map((code) => {
      const factor = factorsByCode.get(code);
      const unit = device?.values.find((v) => v.factorCode === code)?.unit ?? factor?.unit ?? null;
      return { factorCode: code, name: factorName(factor, code, lang), unit, points: series.get(code) ?? [] };
    });
    const title = device ? t('realtime.chart.title', { device: device.deviceName }) : '';
    return buildRealtimeChartOption({
      title,
      lines,
      theme,
      available: chartHeight,
      zoom,
      utcOffsetMinutes: device?.utcOffsetMinutes,
    });
  }, [factorCodes, factorsByCode, device, series, lang, theme, zoom, chartHeight, t]);
  const onEvents = useMemo(
    () => ({
      datazoom: (params: unknown) => {
        const next = zoomFromEvent(params);
        if (next) setUserZoom({ view, range: next });
      },
    }),
    [view, setUserZoom],
  );

  const treeHeight = useTableHeight(TREE_OFFSET);
  const noData = enabled && recent.isSuccess && [...series.values()].every((points) => points.length === 0);

  const pickDevice = (next: ChartTreeDevice | null) => {
    setSelected(next);
    setChosen(null);
  };

  const body = () => {
    if (!device) return <Empty description={t('realtime.chart.pickDevice')} />;
    if (deviceFactors.length === 0) return <Empty description={t('realtime.chart.noFactors')} />;
    if (factorCodes.length === 0) return <Empty description={t('realtime.chart.pickFactors')} />;
    return (
      <EChart
        option={option.option}
        theme={theme}
        // Lines (and unit panels) removed from the choice must leave the chart; the rest updates in place.
        replaceMerge={PANEL_REPLACE_MERGE}
        onEvents={onEvents}
        style={{ height: option.height }}
        data-testid="realtime-chart"
      />
    );
  };

  return (
    <Flex gap="middle" align="start" data-testid="realtime-chart-page">
      <Card style={{ width: TREE_WIDTH, flex: 'none' }}>
        <QueryErrorAlert error={latest.error} onRetry={() => void latest.refetch()} />
        <DeviceTree<ChartTreeDevice>
          devices={devices}
          groups={groups}
          memberships={memberships}
          grouping={grouping}
          onGroupingChange={setGrouping}
          boundCodes={boundCodes}
          height={treeHeight}
          selectedId={selected?.id ?? null}
          onSelect={pickDevice}
          loading={latest.isPending}
        />
      </Card>
      <Card style={{ flex: 1, minWidth: 0 }}>
        <Flex vertical gap="small">
          <Flex justify="space-between" align="center" wrap gap="small">
            <Flex gap="small" wrap align="center">
              <Typography.Text type="secondary">{t('realtime.chart.factors')}</Typography.Text>
              <Select<string[]>
                mode="multiple"
                maxCount={CHART_PALETTE.length}
                maxTagCount="responsive"
                value={factorCodes}
                onChange={setChosen}
                disabled={!device}
                placeholder={t('realtime.chart.pickFactors')}
                aria-label={t('realtime.chart.factors')}
                style={{ width: FACTOR_SELECT_WIDTH }}
                options={deviceFactors.map((code) => ({
                  value: code,
                  label: `${factorName(factorsByCode.get(code), code, lang)} (${code})`,
                }))}
                data-testid="realtime-chart-factors"
              />
              <Typography.Text type="secondary">{t('realtime.chart.window')}</Typography.Text>
              <Segmented<number>
                value={minutes}
                onChange={setMinutes}
                options={WINDOWS.map((value) => ({
                  value,
                  label:
                    value < MINUTES_PER_HOUR
                      ? t('realtime.chart.minutes', { count: value })
                      : t('realtime.chart.hours', { count: value / MINUTES_PER_HOUR }),
                }))}
                data-testid="realtime-chart-window"
              />
            </Flex>
            <LiveState connection={connection} />
          </Flex>
          <QueryErrorAlert error={recent.error} onRetry={() => void recent.refetch()} />
          {recent.data?.truncated ? <Alert type="info" showIcon title={t('realtime.chart.truncated')} /> : null}
          {noData ? <Alert type="info" showIcon title={t('realtime.chart.noData')} /> : null}
          {body()}
        </Flex>
      </Card>
    </Flex>
  );
}
