import { CHART_PALETTE } from '@envmon/shared';
import { Alert, Card, Col, Flex, Row, theme as antdTheme, Typography } from 'antd';
import { GaugeChart, PieChart } from 'echarts/charts';
import * as echarts from 'echarts/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../../app/providers/preferences';
import type { ChartThemeName } from '../../../components/chart/chart-theme';
import { EChart } from '../../../components/chart/echart';
import { BlockCard } from '../components/block-card';
import { GalleryHeader } from '../components/gallery-header';
import {
  barOption,
  type ExampleLabels,
  gaugeOption,
  lineOption,
  pieOption,
  radarOption,
  roseOption,
} from '../utils/example-series';

// The shared EChart bundles the line, bar and radar the screens draw; gauges and pies are registered where they are drawn.
echarts.use([GaugeChart, PieChart]);

const CHART_HEIGHT = 300;
const SWATCH_SIZE = 24;

const CHARTS = {
  line: lineOption,
  bar: barOption,
  radar: radarOption,
  rose: roseOption,
  gauge: gaugeOption,
  pie: pieOption,
} as const satisfies Record<string, (theme: ChartThemeName, labels: ExampleLabels) => object>;

type ChartType = keyof typeof CHARTS;
const CHART_TYPES = Object.keys(CHARTS) as ChartType[];

function ChartBlock({ type, labels }: { type: ChartType; labels: ExampleLabels }) {
  const { theme } = usePreferences();
  const option = useMemo(() => CHARTS[type](theme, labels), [type, theme, labels]);
  return (
    <BlockCard prefix={`gallery.charts.types.${type}`} testId={`gallery-chart-${type}`}>
      <EChart option={option} theme={theme} style={{ height: CHART_HEIGHT }} data-testid={`gallery-echart-${type}`} />
    </BlockCard>
  );
}

/** The 24 colours every chart takes its series colours from, in order. */
function PaletteCard() {
  const { t } = useTranslation();
  const { token } = antdTheme.useToken();
  return (
    <Card title={t('gallery.charts.palette.title')} data-testid="gallery-palette">
      <Typography.Paragraph>
        {t('gallery.charts.palette.purpose', { count: CHART_PALETTE.length })}
      </Typography.Paragraph>
      <Flex gap="small" wrap component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {CHART_PALETTE.map((color, index) => (
          <Flex key={color} component="li" align="center" gap={6} style={{ width: 120 }}>
            <span
              aria-hidden
              style={{
                width: SWATCH_SIZE,
                height: SWATCH_SIZE,
                borderRadius: token.borderRadiusSM,
                border: `1px solid ${token.colorBorder}`,
                background: color,
                flex: 'none',
              }}
            />
            <Typography.Text>
              {index + 1}. <Typography.Text code>{color}</Typography.Text>
            </Typography.Text>
          </Flex>
        ))}
      </Flex>
    </Card>
  );
}

/** /charts/index: every chart type of the console in its theme and palette, on example series. */
export default function GalleryChartsPage() {
  const { t } = useTranslation();
  const { theme } = usePreferences();
  const labels = useMemo<ExampleLabels>(
    () => ({
      series: (index) => t('gallery.charts.example.series', { n: index + 1 }),
      part: (index) => t('gallery.charts.example.part', { n: index + 1 }),
      gauge: t('gallery.charts.example.gauge'),
    }),
    [t],
  );
  return (
    <Flex vertical gap={16} data-testid="gallery-charts">
      <GalleryHeader title={t('gallery.charts.title')} intro={t('gallery.charts.intro')} />
      <Alert
        type="info"
        showIcon
        title={t('gallery.charts.example.notice')}
        description={t('gallery.charts.example.theme', { theme: t(`gallery.charts.themes.${theme}`) })}
        data-testid="gallery-charts-notice"
      />
      <PaletteCard />
      <Row gutter={[16, 16]}>
        {CHART_TYPES.map((type) => (
          <Col key={type} xs={24} xl={12}>
            <ChartBlock type={type} labels={labels} />
          </Col>
        ))}
      </Row>
    </Flex>
  );
}
