import { limitSymbol } from '@envmon/shared';
import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { VocabularyTag } from '../../../../components/vocabulary/vocabulary-tag';

/** Which way a limit pair runs (ascending, descending, a range), by its label, with what it means on hover. */
export function SymbolTag({ limit1, limit2 }: { limit1: number | null; limit2: number | null }) {
  const { t } = useTranslation();
  const symbol = limitSymbol(limit1, limit2);
  return (
    <Tooltip title={t(`threshold.symbols.${symbol}`)}>
      <span>
        <VocabularyTag name="limitSymbol" value={symbol} />
      </span>
    </Tooltip>
  );
}
