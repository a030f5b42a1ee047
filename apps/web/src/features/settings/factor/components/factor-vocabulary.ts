import { FACTOR_CATEGORY_ISOTOPE, FACTOR_KINDS } from '@envmon/shared';
import type { TFunction } from 'i18next';

/** The catalogue categories the console offers; a factor without one is in none. */
export const FACTOR_CATEGORIES = [FACTOR_CATEGORY_ISOTOPE] as const;

/** The category select's value for "none": the input schema reads '' as no category. */
export const NO_CATEGORY = '';

const isKnown = <T extends string>(values: readonly T[], value: string): value is T =>
  (values as readonly string[]).includes(value);

/** A kind's label; a kind the console does not know (written by another client) shows as stored. */
export function kindLabel(t: TFunction, kind: string): string {
  return isKnown(FACTOR_KINDS, kind) ? t(`factorSettings.kinds.${kind}`) : kind;
}

/** A category's label; null is none, an unknown category shows as stored. */
export function categoryLabel(t: TFunction, category: string | null | undefined): string {
  if (category === null || category === undefined || category === NO_CATEGORY)
    return t('factorSettings.categories.none');
  return isKnown(FACTOR_CATEGORIES, category) ? t(`factorSettings.categories.${category}`) : category;
}

export const kindOptions = (t: TFunction) => FACTOR_KINDS.map((kind) => ({ value: kind, label: kindLabel(t, kind) }));

export const categoryOptions = (t: TFunction) => [
  { value: NO_CATEGORY, label: categoryLabel(t, null) },
  ...FACTOR_CATEGORIES.map((category) => ({ value: category, label: categoryLabel(t, category) })),
];
