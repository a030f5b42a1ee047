import { IOT_CARD_EXPIRIES, IOT_CARD_EXPIRY_COLORS, IOT_CARD_OPERATORS, iotCardExpiry } from '@envmon/shared';
import { Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { EMPTY_CELL } from '../../../../components/crud/constants';
import { dayjs } from '../../../../lib/dayjs';

export const operatorOptions = (t: TFunction) =>
  IOT_CARD_OPERATORS.map((operator) => ({ value: operator, label: t(`iotCard.operators.${operator}`) }));

export const expiryOptions = (t: TFunction) =>
  IOT_CARD_EXPIRIES.map((expiry) => ({ value: expiry, label: t(`iotCard.expiries.${expiry}`) }));

/** Calendar days from today to the expiry date (negative once past). */
const daysUntil = (expireDate: number, now: number) =>
  dayjs(expireDate).startOf('day').diff(dayjs(now).startOf('day'), 'day');

/** Days left on a card, coloured as the expiry filter buckets it: expired, within 30 days, later. */
export function DaysLeftTag({ expireDate, now }: { expireDate: number | null; now: number }) {
  const { t } = useTranslation();
  if (expireDate === null) return EMPTY_CELL;
  const expiry = iotCardExpiry(expireDate, now);
  const days = daysUntil(expireDate, now);
  const text =
    expiry === 'expired'
      ? t('iotCard.days.expired', { days: Math.max(-days, 0) })
      : days === 0
        ? t('iotCard.days.today')
        : t('iotCard.days.left', { days });
  return <Tag color={IOT_CARD_EXPIRY_COLORS[expiry]}>{text}</Tag>;
}
