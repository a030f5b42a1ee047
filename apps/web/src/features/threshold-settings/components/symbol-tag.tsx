import { limitSymbol } from '@envmon/shared';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

/** A limit pair's derived symbol (DESC, ASC, ph) with what it means on hover. */
export function SymbolTag({ limit1, limit2 }: { limit1: number | null; limit2: number | null }) {
  const { t } = useTranslation();
  const symbol = limitSymbol(limit1, limit2);
  return (
    <Tooltip title={t(`threshold.symbols.${symbol}`)}>
      <Tag>{symbol}</Tag>
    </Tooltip>
  );
}
