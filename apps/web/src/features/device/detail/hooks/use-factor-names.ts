import type { DeviceFactor } from '@envmon/shared';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { deviceFactorsQueryOptions } from '../api/get-device-factors';
import { useVocabularyLang } from '../../../../components/vocabulary/use-vocabulary-lang';

export interface FactorNames {
  factors: DeviceFactor[];
  /** The factor's name in the console language, or the code when the device has no such factor. */
  nameOf: (code: string) => string;
  isPending: boolean;
}

/** The device's own factors, named in the console language. */
export function useDeviceFactorNames(deviceId: number): FactorNames {
  const lang = useVocabularyLang();
  const query = useQuery(deviceFactorsQueryOptions(deviceId));
  return useMemo(() => {
    const factors = query.data ?? [];
    const names = new Map(factors.map((f) => [f.factorCode, lang === 'en' ? f.factorNameEn : f.factorName]));
    return { factors, nameOf: (code: string) => names.get(code) ?? code, isPending: query.isPending };
  }, [query.data, query.isPending, lang]);
}
