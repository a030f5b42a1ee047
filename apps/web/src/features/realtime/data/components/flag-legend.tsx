import { Flex, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useVocabularyLang } from '../../../../components/vocabulary/use-vocabulary-lang';
import { useToneColors } from '../hooks/use-tone-colors';
import { legendFlags, toneTextColor, valueTone } from '../utils/flag-tone';

/** What each value colour means: the data-flag vocabulary (station flags and quality flags) in the cells' colours. */
export function FlagLegend() {
  const { t } = useTranslation();
  const lang = useVocabularyLang();
  const colors = useToneColors();
  const { token } = theme.useToken();
  return (
    <Flex wrap gap="2px 12px" align="center" style={{ fontSize: token.fontSizeSM }} data-testid="realtime-flag-legend">
      <Typography.Text type="secondary" style={{ fontSize: 'inherit' }}>
        {t('realtime.data.legend')}
      </Typography.Text>
      {legendFlags().map((item) => (
        <Typography.Text
          key={item.value}
          style={{ color: toneTextColor(valueTone(item.value, null), colors), fontSize: 'inherit' }}
        >
          ● {item[lang]} ({item.value})
        </Typography.Text>
      ))}
      <Typography.Text type="secondary" style={{ fontSize: 'inherit' }}>
        * {t('realtime.data.preFit')}
      </Typography.Text>
    </Flex>
  );
}
