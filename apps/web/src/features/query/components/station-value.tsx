import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * A stored value, with the station's own beside it where a data rule (Settings › regular) changed it: the
 * history query's cells carry `stationValue` only then.
 */
export function WithStationValue({ text, stationValue }: { text: string; stationValue: number | null | undefined }) {
  const { t } = useTranslation();
  if (stationValue === undefined || stationValue === null) return text;
  return (
    <>
      {text}{' '}
      <Typography.Text type="secondary" data-testid="station-value">
        {t('history.stationValue', { value: stationValue })}
      </Typography.Text>
    </>
  );
}
