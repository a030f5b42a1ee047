import { describe, expect, it } from 'vitest';
import { VOCABULARIES } from '../vocabularies.js';
import { FACTOR_KINDS, factorKindOfDeviceType } from './factor.js';

describe('factorKindOfDeviceType', () => {
  it('gives water stations water factors and air stations air factors', () => {
    expect(factorKindOfDeviceType('21')).toBe('water');
    expect(factorKindOfDeviceType(' 22 ')).toBe('air');
    expect(factorKindOfDeviceType('32')).toBe('water');
    expect(factorKindOfDeviceType('31')).toBe('air');
  });

  it('says nothing for types without a kind of factor, unknown codes and no type', () => {
    expect(factorKindOfDeviceType('25')).toBeNull();
    expect(factorKindOfDeviceType('101')).toBeNull();
    expect(factorKindOfDeviceType('')).toBeNull();
    expect(factorKindOfDeviceType(undefined)).toBeNull();
  });

  it('knows only device types of the vocabulary', () => {
    const types = VOCABULARIES.deviceType.items.map((i) => i.value);
    for (const type of types) {
      const kind = factorKindOfDeviceType(type);
      if (kind !== null) expect(FACTOR_KINDS).toContain(kind);
    }
    expect(types).toEqual(expect.arrayContaining(['21', '22']));
  });
});
