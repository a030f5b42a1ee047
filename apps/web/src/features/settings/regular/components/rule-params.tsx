import type { DataRule } from '@envmon/shared';
import { useTranslation } from 'react-i18next';
import { EMPTY_CELL } from '../../../../components/crud/constants';

/** A rule's parameters in a line: y = k·x + b, µg/m³ → mg/m³, a mode, '< 0.05: half the limit', decimals. */
export function RuleParams({ rule }: { rule: DataRule }) {
  const { t } = useTranslation();
  switch (rule.symbol) {
    case 'linear':
      return t('regular.params.linear', { k: rule.k, b: rule.b });
    case 'unit':
      return t('regular.params.unit', { from: rule.fromUnit, to: rule.toUnit });
    case 'negative':
      return rule.mode ? t(`regular.modes.${rule.mode}`) : EMPTY_CELL;
    case 'detectionLimit': {
      const mode = rule.mode ? t(`regular.modes.${rule.mode}`) : EMPTY_CELL;
      const replaced = rule.mode === 'fixed' ? `${mode} ${rule.fixedValue ?? ''}`.trim() : mode;
      return t('regular.params.detectionLimit', { limit: rule.limit, mode: replaced });
    }
    case 'round':
      if (rule.decimals !== null) return t('regular.params.round', { decimals: rule.decimals });
      return rule.factorDecimals === null
        ? t('regular.params.roundFactorNone')
        : t('regular.params.roundFactor', { decimals: rule.factorDecimals });
  }
}
