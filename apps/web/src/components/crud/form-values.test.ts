import { CRUD } from '@envmon/shared';
import { describe, expect, it } from 'vitest';
import { fromFormValues, isRequiredField, toFormValues } from './form-values';

describe('form values', () => {
  it('starts a new row from the create schema’s defaults', () => {
    const values = toFormValues(CRUD.user, 'create');
    expect(values.ifValid).toBe('1');
    expect(values.roleIds).toEqual([]);
    expect(values.userName).toBeUndefined();
    expect(toFormValues(CRUD.dictionary, 'create').sort).toBe(0);
  });

  it('edits a row with vocabulary values as strings and no password', () => {
    const values = toFormValues(CRUD.user, 'update', {
      id: 3,
      userName: 'bob',
      ifValid: 0,
      roleIds: [2],
      password: 'hash',
      phone: null,
    });
    expect(values).toMatchObject({ userName: 'bob', ifValid: '0', roleIds: [2], deviceCodes: [] });
    expect(values.password).toBeUndefined();
    expect(values.phone).toBeUndefined();
  });

  it('turns cleared numbers into "not given" and an unset parent into null', () => {
    const input = fromFormValues(CRUD.resource, { module: null, childModule: 2, parentResId: undefined, resName: 'A' });
    expect(input).toMatchObject({ module: undefined, childModule: 2, parentResId: null, resName: 'A' });
    const parsed = CRUD.resource.create.parse({ ...input, resCode: 'a', resType: '20' });
    expect(parsed).toMatchObject({ module: 0, childModule: 2, parentResId: null, resType: 20 });
  });

  it('reads required fields from the schema', () => {
    expect(isRequiredField(CRUD.user.create, 'password')).toBe(true);
    expect(isRequiredField(CRUD.user.update, 'password')).toBe(false);
    expect(isRequiredField(CRUD.user.create, 'phone')).toBe(false);
    expect(isRequiredField(CRUD.resource.create, 'resType')).toBe(true);
    expect(isRequiredField(CRUD.resource.create, 'module')).toBe(false);
  });
});
