import {
  ALARM_TYPE,
  type Alarm,
  breakerTextKey,
  vocabularyColor,
  vocabularyLabel,
  type VocabularyName,
} from '@envmon/shared';
import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { EMPTY_CELL } from '../../../components/crud/constants';
import { useVocabularyLang } from '../../device-detail/hooks/use-vocabulary-lang';

/** A code as a tag in its vocabulary's label and colour (the colour names follow the theme). */
export function VocabularyTag({ name, value }: { name: VocabularyName; value: number | null }) {
  const lang = useVocabularyLang();
  if (value === null) return EMPTY_CELL;
  return <Tag color={vocabularyColor(name, value)}>{vocabularyLabel(name, value, lang)}</Tag>;
}

/** The alarm type; a breaker alarm (type 5) adds its symbol's text (SPEC section 9). */
export function AlarmTypeCell({ alarm }: { alarm: Alarm }) {
  const { t } = useTranslation();
  const breaker = alarm.alarmType === ALARM_TYPE.breaker && alarm.symbol !== null ? breakerTextKey(alarm.symbol) : null;
  return (
    <>
      <VocabularyTag name="alarmType" value={alarm.alarmType} />
      {breaker ? <Typography.Text type="secondary">{t(breaker)}</Typography.Text> : null}
    </>
  );
}
