import { type Factor, FACTOR_KINDS, factorKindOfDeviceType, type FactorKindName } from '@envmon/shared';

export interface FactorOption {
  value: string;
  label: string;
}

/** A kind's factors under its name (antd Select option group). */
export interface FactorOptionGroup {
  label: string;
  /** Read by the option group's tooltip and by tests. */
  title: string;
  /** The kind the group holds, so screens and tests can tell which group is first. */
  kind: string;
  options: FactorOption[];
}

/** A factor in the console language, with its code: operators know both. */
export const factorOptionLabel = (
  factor: Pick<Factor, 'factorCode' | 'factorName' | 'factorNameEn'>,
  lang: 'zh' | 'en',
) => `${lang === 'en' ? factor.factorNameEn : factor.factorName} (${factor.factorCode})`;

/** The kinds of factor the chosen devices measure, in the order the devices were chosen (water station → water). */
export function factorKindsOf(deviceTypes: readonly (string | null | undefined)[]): FactorKindName[] {
  const kinds: FactorKindName[] = [];
  for (const type of deviceTypes) {
    const kind = factorKindOfDeviceType(type);
    if (kind && !kinds.includes(kind)) kinds.push(kind);
  }
  return kinds;
}

/**
 * The catalogue as option groups by kind: the kinds the chosen devices measure first (a water
 * station offers its water factors before any air factor), then the others, each group in
 * catalogue order. Factors of a kind outside FACTOR_KINDS come last, each kind its own group.
 */
export function factorOptionGroups(
  factors: readonly Factor[],
  firstKinds: readonly FactorKindName[],
  lang: 'zh' | 'en',
  groupLabel: (kind: string) => string,
): FactorOptionGroup[] {
  const known: readonly string[] = FACTOR_KINDS;
  const present = [...new Set(factors.map((f) => f.kind))];
  const order = [
    ...firstKinds,
    ...FACTOR_KINDS.filter((kind) => !firstKinds.includes(kind)),
    ...present.filter((kind) => !known.includes(kind)),
  ];
  return order
    .map((kind) => ({
      label: groupLabel(kind),
      title: groupLabel(kind),
      kind,
      options: factors
        .filter((f) => f.kind === kind)
        .map((f) => ({ value: f.factorCode, label: factorOptionLabel(f, lang) })),
    }))
    .filter((group) => group.options.length > 0);
}
