import { isPreFitFlag, vocabularyColor, vocabularyLabel } from '@envmon/shared';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { EMPTY_CELL } from '../crud/constants';
import { useVocabularyLang } from './use-vocabulary-lang';

/**
 * A data flag (station or platform) labelled from the data-flag vocabulary; the code itself is
 * in the tooltip. A flag with a dot marks the value before fitting (SPEC section 3).
 */
export function FlagTag({ flag }: { flag: string | null }) {
  const { t } = useTranslation();
  const lang = useVocabularyLang();
  if (flag === null || flag === '') return <>{EMPTY_CELL}</>;
  const preFit = isPreFitFlag(flag);
  const code = preFit ? flag.replaceAll('.', '') : flag;
  const label = vocabularyLabel('dataFlag', code, lang);
  return (
    <Tooltip title={flag}>
      <Tag color={vocabularyColor('dataFlag', code)}>
        {preFit ? `${label} (${t('deviceDetail.data.preFit')})` : label}
      </Tag>
    </Tooltip>
  );
}
