import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useVocabularyLang } from '../../../../components/vocabulary/use-vocabulary-lang';
import { allFactorsQueryOptions } from '../../../../lib/factor-catalogue';
import { factorOptionLabel } from '../../../../lib/factor-options';
import { labelKeyOf } from '../utils/parameter-values';

/** A parameter's name in the console language (control.param / control.info), or null when the console has none. */
export function useParameterLabel(): (name: string) => string | null {
  const { t, i18n } = useTranslation();
  return (name) => {
    const key = labelKeyOf(name);
    return i18n.exists(key) ? t(key) : null;
  };
}

/** A factor by its code, named in the console language from the catalogue (with its code); the code alone if unknown. */
export function useFactorName(): (code: string) => string {
  const lang = useVocabularyLang();
  const factors = useQuery(allFactorsQueryOptions());
  return (code) => {
    const factor = factors.data?.find((f) => f.factorCode === code);
    return factor ? factorOptionLabel(factor, lang) : code;
  };
}
