import type { VocabularyName } from '@envmon/shared';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useVocabularyOptions } from '../../../components/crud/field-controls';
import { getSelectedProjectId } from '../../../lib/project';
import { allFactorsQueryOptions } from '../../device-detail/api/get-factors';
import { useVocabularyLang } from '../../device-detail/hooks/use-vocabulary-lang';
import { deviceOptionsQueryOptions } from '../api/get-device-options';

export interface SelectOptions<T> {
  options: { value: T; label: string }[];
  loading: boolean;
}

/** The devices of the project chosen in the header. */
export function useDeviceOptions(): SelectOptions<number> {
  const query = useQuery(deviceOptionsQueryOptions(getSelectedProjectId() ?? undefined));
  return { options: query.data ?? [], loading: query.isPending };
}

/** The factor catalogue, named in the console language (with the code, as operators know both). */
export function useFactorOptions(): SelectOptions<string> {
  const lang = useVocabularyLang();
  const query = useQuery(allFactorsQueryOptions());
  const options = useMemo(
    () =>
      (query.data ?? []).map((factor) => ({
        value: factor.factorCode,
        label: `${lang === 'en' ? factor.factorNameEn : factor.factorName} (${factor.factorCode})`,
      })),
    [query.data, lang],
  );
  return { options, loading: query.isPending };
}

/**
 * A numeric vocabulary (alarm type, level, status, overflow type, operator) as select options with
 * number values: vocabularies keep their values as strings, the schemas want the codes as numbers.
 */
export function useCodeOptions(name: VocabularyName): SelectOptions<number>['options'] {
  const options = useVocabularyOptions(name);
  return useMemo(() => options.map(({ value, label }) => ({ value: Number(value), label })), [options]);
}
