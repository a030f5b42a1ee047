import { memo } from 'react';
import { Flex, Tag, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { AQI_CATEGORIES, WATER_CLASS_COLORS, WATER_CLASS_INFERIOR, type DashboardInfo } from '@envmon/shared';
import { useVocabularyLang } from '../../../components/vocabulary/use-vocabulary-lang';
import { usePagePath } from '../hooks/use-page-path';
import { CARD_SCREENS } from './card-screens';
import { DashboardCard } from './dashboard-card';

type Counts = DashboardInfo['waterClasses'];

const WATER_CLASSES = Array.from({ length: WATER_CLASS_INFERIOR }, (_, i) => i + 1);

interface Row {
  key: number;
  label: React.ReactNode;
  color: string;
  count: number;
}

/** One row a category: its label, a bar as long as its share of the stations, the count. */
function Bars({ rows, testId }: { rows: readonly Row[]; testId: string }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const total = rows.reduce((sum, row) => sum + row.count, 0);
  return (
    <Flex vertical gap={6} data-testid={testId}>
      {rows.map((row) => (
        <Flex key={row.key} align="center" gap={8} data-category={row.key} data-count={row.count}>
          <div className="dashboard-bars__label">{row.label}</div>
          <div className="dashboard-bars__track" style={{ background: token.colorFillSecondary }} aria-hidden>
            <div
              className="dashboard-bars__fill"
              style={{ width: `${total === 0 ? 0 : (row.count / total) * 100}%`, background: row.color }}
            />
          </div>
          <Typography.Text className="dashboard-bars__count">
            {t('dashboard.distribution.stations', { count: row.count })}
          </Typography.Text>
        </Flex>
      ))}
    </Flex>
  );
}

/** Surface-water stations by the worst class of their latest hour, in the class colours. */
export const WaterClassesCard = memo(function WaterClassesCard({ counts }: { counts: Counts }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const byClass = new Map(counts.map((c) => [c.key, c.count]));
  const rows = WATER_CLASSES.map((waterClass) => {
    const preset = WATER_CLASS_COLORS[waterClass] ?? 'default';
    return {
      key: waterClass,
      label: (
        <Tag color={preset} style={{ marginInlineEnd: 0 }}>
          {t(`realtime.water.class.${waterClass}`)}
        </Tag>
      ),
      color: (token as unknown as Record<string, string>)[preset] ?? token.colorFill,
      count: byClass.get(waterClass) ?? 0,
    };
  });
  return (
    <DashboardCard card="waterClasses" link={usePagePath(CARD_SCREENS.waterClasses)}>
      {counts.length === 0 ? (
        <Typography.Text type="secondary">{t('dashboard.distribution.noWater')}</Typography.Text>
      ) : (
        <Bars rows={rows} testId="dashboard-water-classes" />
      )}
    </DashboardCard>
  );
});

/** Air stations by HJ 633 AQI category, with the standard's names and colours. */
export const AirQualityCard = memo(function AirQualityCard({ counts }: { counts: Counts }) {
  const { t } = useTranslation();
  const lang = useVocabularyLang();
  const byLevel = new Map(counts.map((c) => [c.key, c.count]));
  const rows = AQI_CATEGORIES.map((category) => {
    const range = Number.isFinite(category.max)
      ? t('dashboard.distribution.aqi', { min: category.min, max: category.max })
      : t('dashboard.distribution.aqiOpen', { min: category.min - 1 });
    return {
      key: category.level,
      label: (
        <Flex align="center" gap={6} title={range}>
          <span className="dashboard-swatch" style={{ background: category.hex }} aria-hidden />
          <Typography.Text>{lang === 'en' ? category.en : category.zh}</Typography.Text>
        </Flex>
      ),
      color: category.hex,
      count: byLevel.get(category.level) ?? 0,
    };
  });
  return (
    <DashboardCard card="airQuality" link={usePagePath(CARD_SCREENS.airQuality)}>
      {counts.length === 0 ? (
        <Typography.Text type="secondary">{t('dashboard.distribution.noAir')}</Typography.Text>
      ) : (
        <Bars rows={rows} testId="dashboard-air-quality" />
      )}
    </DashboardCard>
  );
});
