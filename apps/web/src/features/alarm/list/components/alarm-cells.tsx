import { ALARM_TYPE, type Alarm, breakerTextKey } from '@envmon/shared';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { VocabularyTag } from '../../../../components/vocabulary/vocabulary-tag';

// The alarm screens name it from here; it is the one vocabulary tag every screen uses.
export { VocabularyTag };

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
