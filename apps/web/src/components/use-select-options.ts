import type { Device, Page, VocabularyName } from '@envmon/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type FactorOptionGroup, factorKindsOf, factorOptionGroups } from '../lib/factor-options';
import { useVocabularyOptions } from './crud/field-controls';
import { getSelectedProjectId } from '../lib/project';
import { allFactorsQueryOptions } from '../lib/factor-catalogue';
import { useVocabularyLang } from './vocabulary/use-vocabulary-lang';
import { projectDevicesQueryOptions } from '../lib/device-list';

export interface SelectOptions<T> {
  options: { value: T; label: string }[];
  loading: boolean;
}

/** A device to choose, with its type: the factor pickers follow the type of the chosen station. */
export interface DeviceOption {
  value: number;
  label: string;
  deviceType: string;
}

const toDeviceOptions = (page: Page<Device>): DeviceOption[] =>
  page.list.map((device) => ({ value: device.id, label: device.deviceName, deviceType: device.deviceType }));

/** The devices of the project chosen in the header, for the selects (alarm filters, threshold settings …). */
export const deviceOptionsQueryOptions = (projectId: number | undefined) =>
  queryOptions({
    ...projectDevicesQueryOptions(projectId),
    select: toDeviceOptions,
  });

/** The devices of the project chosen in the header. */
export function useDeviceOptions(): SelectOptions<number> & { options: DeviceOption[] } {
  const query = useQuery(deviceOptionsQueryOptions(getSelectedProjectId() ?? undefined));
  return { options: query.data ?? [], loading: query.isPending };
}

const asList = (devices: number | readonly number[] | null | undefined): readonly number[] =>
  devices === null || devices === undefined ? [] : typeof devices === 'number' ? [devices] : devices;

/**
 * The factor catalogue, named in the console language (with the code, as operators know both) and
 * grouped by kind; the kind the chosen device(s) measure comes first — a water station's picker
 * opens on water factors. Without a device chosen the catalogue's own order (water, air) holds.
 */
export function useFactorOptions(devices?: number | readonly number[] | null): {
  options: FactorOptionGroup[];
  loading: boolean;
} {
  const { t } = useTranslation();
  const lang = useVocabularyLang();
  const query = useQuery(allFactorsQueryOptions());
  const chosen = asList(devices);
  const deviceList = useQuery({
    ...deviceOptionsQueryOptions(getSelectedProjectId() ?? undefined),
    enabled: chosen.length > 0,
  });
  const types = chosen.map((id) => deviceList.data?.find((d) => d.value === id)?.deviceType);
  // A hundred-odd factors: grouping them on each render costs less than keeping a memo's keys right.
  const options = factorOptionGroups(query.data ?? [], factorKindsOf(types), lang, (kind) =>
    t(`factorSettings.kindGroups.${kind}`, { defaultValue: kind }),
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
