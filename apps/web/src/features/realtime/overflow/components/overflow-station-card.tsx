import { vocabularyLabel, type RealtimeFactor, type RealtimeOverflowStation } from '@envmon/shared';
import { Card, Flex, Progress, Tag, theme, Typography } from 'antd';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatValue } from '../../../../lib/format';
import { useVocabularyLang } from '../../../../components/vocabulary/use-vocabulary-lang';
import { stationClock } from '../../../../components/chart/station-clock';
import { alarmTime } from '../../../alarm';
import { Sparkline } from '../../water/components/sparkline';
import { StationState } from '../../water/components/station-state';
import { trendLine } from '../../water/utils/live-stations';
import { factorName } from '../../water/utils/water-rules';
import { levelPercent, OVERFLOW_STATE_COLORS, overflowState, standardText, valueOf } from '../utils/overflow';

const GAUGE_SIZE = 120;
const TREND_HEIGHT = 110;

interface OverflowStationCardProps {
  station: RealtimeOverflowStation;
  factors: ReadonlyMap<string, RealtimeFactor>;
}

/**
 * One overflow station: its level on a gauge, the state of each overflow type against its
 * standard, its current overflow alarms and the level's last day with the standards drawn in.
 */
export const OverflowStationCard = memo(function OverflowStationCard({ station, factors }: OverflowStationCardProps) {
  const { t } = useTranslation();
  const lang = useVocabularyLang();
  const { token } = theme.useToken();
  const factor = factors.get(station.levelFactorCode);
  const level = valueOf(station, station.levelFactorCode);
  const unit = level?.unit ?? factor?.unit ?? null;
  const withUnit = (value: number | null) => `${formatValue(value, factor?.decimals ?? null)}${unit ? ` ${unit}` : ''}`;
  const percent = levelPercent(station);
  const exceeded = station.thresholds.some((th) => th.exceeded === true);
  const typeLabel = (type: number | null) => (type === null ? '' : vocabularyLabel('overflowType', type, lang));
  const name = factorName(factor, station.levelFactorCode, lang);
  const points = useMemo(() => trendLine(station.trend, station.levelFactorCode), [station]);
  // The trend's times on the station's clock, as its alarms' times (half-hour buckets: to the minute).
  const clock = useMemo(() => stationClock([station.utcOffsetMinutes], 'minute'), [station.utcOffsetMinutes]);
  const guides = station.thresholds
    .filter((th) => th.factorCode === station.levelFactorCode && th.limit1 !== null)
    .map((th) => ({ name: typeLabel(th.overflowType), value: th.limit1 as number }));

  return (
    <Card
      size="small"
      title={<span title={station.deviceCode}>{station.deviceName}</span>}
      extra={<StationState online={station.online} />}
      data-testid="overflow-station"
      data-device={station.deviceId}
    >
      <Flex vertical gap="small">
        <Flex gap="middle" align="center">
          <Flex vertical align="center" style={{ width: GAUGE_SIZE }}>
            <Progress
              type="dashboard"
              size={GAUGE_SIZE}
              percent={percent ?? 0}
              status={exceeded ? 'exception' : 'normal'}
              format={() => (level === undefined ? '—' : withUnit(level.value))}
              aria-label={t('realtime.overflow.level')}
              data-testid="overflow-level"
            />
            <Typography.Text type="secondary" ellipsis style={{ maxWidth: GAUGE_SIZE }} title={name}>
              {level === undefined ? t('realtime.overflow.noLevel') : name}
            </Typography.Text>
          </Flex>
          <Flex vertical gap={4} style={{ flex: 1, minWidth: 0 }}>
            <Typography.Text strong>{t('realtime.overflow.states')}</Typography.Text>
            {station.thresholds.map((th) => {
              const state = overflowState(th);
              return (
                <Flex
                  key={th.overflowType}
                  align="center"
                  justify="space-between"
                  gap="small"
                  data-testid="overflow-state"
                  data-state={state}
                >
                  <span>{typeLabel(th.overflowType)}</span>
                  <Typography.Text type="secondary" title={t('realtime.overflow.standard')}>
                    {standardText(th, lang)}
                  </Typography.Text>
                  <Tag color={OVERFLOW_STATE_COLORS[state]} style={{ marginInlineEnd: 0 }}>
                    {t(`realtime.overflow.state.${state}`)}
                  </Tag>
                </Flex>
              );
            })}
          </Flex>
        </Flex>
        <div data-testid="overflow-alarms">
          <Typography.Text strong>{t('realtime.overflow.alarms')}</Typography.Text>
          {station.alarms.length === 0 ? (
            <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
              {t('realtime.overflow.noAlarms')}
            </Typography.Paragraph>
          ) : (
            station.alarms.map((alarm) => (
              <Typography.Paragraph key={alarm.id} type="danger" style={{ marginBottom: 0 }} data-alarm={alarm.id}>
                {t('realtime.overflow.alarmLine', {
                  type: typeLabel(alarm.overflowType),
                  value: withUnit(alarm.alarmValue),
                  time: alarmTime(alarm, alarm.beginDate),
                })}
              </Typography.Paragraph>
            ))
          )}
        </div>
        <div>
          <Typography.Text type="secondary">{t('realtime.overflow.trend')}</Typography.Text>
          {points.length === 0 ? (
            <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
              {t('realtime.overflow.noTrend')}
            </Typography.Paragraph>
          ) : (
            <Sparkline
              name={name}
              points={points}
              height={TREND_HEIGHT}
              axes
              guides={guides}
              guideColor={token.colorError}
              clock={clock}
            />
          )}
        </div>
      </Flex>
    </Card>
  );
});
