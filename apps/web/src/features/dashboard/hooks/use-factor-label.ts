import { useCallback, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useVocabularyLang } from '../../../components/vocabulary/use-vocabulary-lang';
import { allFactorsQueryOptions } from '../../../lib/factor-catalogue';

export interface FactorLabel {
  name: string;
  unit: string | null;
}

/** A factor code's name in the console language and its unit, from the catalogue (the code while it loads). */
export function useFactorLabel(): (code: string) => FactorLabel {
  const lang = useVocabularyLang();
  const catalogue = useQuery(allFactorsQueryOptions());
  const byCode = useMemo(() => new Map((catalogue.data ?? []).map((f) => [f.factorCode, f])), [catalogue.data]);
  return useCallback(
    (code: string) => {
      const factor = byCode.get(code);
      if (!factor) return { name: code, unit: null };
      return { name: lang === 'en' ? factor.factorNameEn || factor.factorName : factor.factorName, unit: factor.unit };
    },
    [byCode, lang],
  );
}
