import { WATER_CLASS_COLORS, WATER_CLASS_INFERIOR } from '@envmon/shared';
import { Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const CLASSES = Array.from({ length: WATER_CLASS_INFERIOR }, (_, i) => i + 1);

/** A surface-water class (I–V, inferior V) as a tag in its preset colour; nothing without a class. */
export function WaterClassTag({ waterClass }: { waterClass: number | null }) {
  const { t } = useTranslation();
  if (waterClass === null) return null;
  return (
    <Tag color={WATER_CLASS_COLORS[waterClass]} data-class={waterClass} style={{ marginInlineEnd: 0 }}>
      {t(`realtime.water.class.${waterClass}`)}
    </Tag>
  );
}

/** Every class with its colour, above the cards. */
export function WaterClassLegend() {
  const { t } = useTranslation();
  return (
    <Flex gap="small" align="center" wrap data-testid="water-class-legend">
      <Typography.Text type="secondary">{t('realtime.water.legend')}</Typography.Text>
      {CLASSES.map((waterClass) => (
        <WaterClassTag key={waterClass} waterClass={waterClass} />
      ))}
    </Flex>
  );
}
