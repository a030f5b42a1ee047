import type { RealtimeFactor, RealtimeWaterStation } from '@envmon/shared';
import { Card, Empty, Flex, Typography } from 'antd';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatValue } from '../../../../lib/format';
import { useVocabularyLang } from '../../../../components/vocabulary/use-vocabulary-lang';
import { stationClock } from '../../../../components/chart/station-clock';
import { formatDataTime } from '../../../../lib/data-time';
import { trendLine } from '../utils/live-stations';
import { factorName } from '../utils/water-rules';
import { Sparkline } from './sparkline';
import { StationState } from './station-state';
import { WaterClassTag } from './water-class-tag';

const SPARK = { width: 96, height: 28 } as const;
const CLASS_WIDTH = 64;

interface WaterStationCardProps {
  station: RealtimeWaterStation;
  factors: ReadonlyMap<string, RealtimeFactor>;
}

/**
 * One water station: each factor's latest value with its unit, its surface-water class and the
 * last day's trend. Memoised: a live batch re-renders only the stations it changed.
 */
export const WaterStationCard = memo(function WaterStationCard({ station, factors }: WaterStationCardProps) {
  const { t } = useTranslation();
  const lang = useVocabularyLang();
  const newest = station.values.reduce<number | null>(
    (max, v) => (max === null || v.dataTime > max ? v.dataTime : max),
    null,
  );
  // The trend's times on the station's clock, as its values' time above (half-hour buckets: to the minute).
  const clock = stationClock([station.utcOffsetMinutes], 'minute');
  return (
    <Card
      size="small"
      title={<span title={station.deviceCode}>{station.deviceName}</span>}
      extra={<StationState online={station.online} />}
      data-testid="water-station"
      data-device={station.deviceId}
    >
      {station.values.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('realtime.water.noValues')} />
      ) : (
        <Flex vertical gap={4}>
          {station.values.map((value) => {
            const factor = factors.get(value.factorCode);
            const name = factorName(factor, value.factorCode, lang);
            const unit = value.unit ?? factor?.unit ?? null;
            return (
              <Flex key={value.factorCode} align="center" gap="small" data-factor={value.factorCode}>
                {/* The whole name, wrapped when long ('Chemical oxygen demand'): never cut. */}
                <Typography.Text style={{ flex: 1, minWidth: 0, overflowWrap: 'break-word' }}>{name}</Typography.Text>
                <span style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }} data-testid="water-value">
                  {formatValue(value.value, factor?.decimals ?? null)}
                  {unit ? ` ${unit}` : ''}
                </span>
                <span style={{ width: CLASS_WIDTH, textAlign: 'center' }}>
                  <WaterClassTag waterClass={value.waterClass} />
                </span>
                <div style={{ width: SPARK.width }}>
                  <Sparkline
                    name={name}
                    points={trendLine(station.trend, value.factorCode)}
                    height={SPARK.height}
                    clock={clock}
                  />
                </div>
              </Flex>
            );
          })}
          {newest !== null && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('realtime.water.dataTime', { time: formatDataTime(newest, station.utcOffsetMinutes) })}
            </Typography.Text>
          )}
        </Flex>
      )}
    </Card>
  );
});
