import type { Factor } from '@envmon/shared';
import { describe, expect, it } from 'vitest';
import { factorKindsOf, factorOptionGroups } from './factor-options';

const factor = (factorCode: string, kind: string, factorName: string, factorNameEn: string) =>
  ({ factorCode, kind, factorName, factorNameEn }) as Factor;

const CATALOGUE = [
  factor('w01018', 'water', '化学需氧量', 'Chemical oxygen demand'),
  factor('a34004', 'air', 'PM2.5', 'PM2.5'),
  factor('w21003', 'water', '氨氮', 'Ammonia nitrogen'),
  factor('x001', 'noise', '噪声', 'Noise'),
];
const label = (kind: string) => `[${kind}]`;

describe('factorKindsOf', () => {
  it('reads the factor kind from HJ 212 system codes, in the order the devices were chosen', () => {
    expect(factorKindsOf(['21'])).toEqual(['water']);
    expect(factorKindsOf(['22', '21', '32'])).toEqual(['air', 'water']);
    expect(factorKindsOf(['101', undefined, null, '25'])).toEqual([]);
  });
});

describe('factorOptionGroups', () => {
  it('puts the chosen station’s kind first, each group in catalogue order, other kinds last', () => {
    const groups = factorOptionGroups(CATALOGUE, ['air'], 'zh', label);
    expect(groups.map((g) => g.label)).toEqual(['[air]', '[water]', '[noise]']);
    expect(groups[1]?.options).toEqual([
      { value: 'w01018', label: '化学需氧量 (w01018)' },
      { value: 'w21003', label: '氨氮 (w21003)' },
    ]);
  });

  it('keeps water before air when no station is chosen, and names factors in English for English', () => {
    const groups = factorOptionGroups(CATALOGUE, [], 'en', label);
    expect(groups.map((g) => g.kind)).toEqual(['water', 'air', 'noise']);
    expect(groups[0]?.options[0]?.label).toBe('Chemical oxygen demand (w01018)');
  });

  it('leaves out kinds without a factor', () => {
    const groups = factorOptionGroups(CATALOGUE.slice(0, 1), ['air'], 'zh', label);
    expect(groups.map((g) => g.kind)).toEqual(['water']);
  });
});
