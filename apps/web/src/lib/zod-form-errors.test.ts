import { CRUD, dictionaryInputSchema, resourceInputSchema, userCreateSchema, userUpdateSchema } from '@envmon/shared';
import { describe, expect, it } from 'vitest';
import { issueMessage, zodIssuesToFormErrors, type Translate } from './zod-form-errors';

/** Renders a key with its values so assertions see both. */
const translate: Translate = (key, values) =>
  values && Object.keys(values).length > 0 ? `${key}${JSON.stringify(values)}` : key;

const errorsOf = (result: { success: boolean; error?: { issues: Parameters<typeof zodIssuesToFormErrors>[0] } }) =>
  Object.fromEntries(zodIssuesToFormErrors(result.error?.issues ?? [], translate).map((e) => [e.name, e.errors]));

describe('zodIssuesToFormErrors', () => {
  it('puts each schema message on its field, translated with its bounds', () => {
    const result = userCreateSchema.safeParse({ userName: '', name: 'x'.repeat(65), password: '1' });
    expect(errorsOf(result)).toEqual({
      userName: ['validation.required{"min":1}'],
      name: ['validation.tooLong{"max":64}'],
      password: ['validation.tooShort{"min":6}'],
    });
  });

  it('finds the keyed message inside a union (mobile number or empty)', () => {
    const result = userUpdateSchema.safeParse({ userName: 'bob', name: 'Bob', phone: '12345' });
    expect(errorsOf(result)).toEqual({ phone: ['validation.mobile'] });
  });

  it('accepts an empty optional field that a union allows', () => {
    const result = userUpdateSchema.safeParse({ userName: 'bob', name: 'Bob', phone: '', email: '', password: '' });
    expect(result.success).toBe(true);
  });

  it('reports an unchosen select as required rather than zod’s type message', () => {
    const result = resourceInputSchema.safeParse({ resCode: 'a', resName: 'A' });
    expect(errorsOf(result)).toEqual({ resType: ['validation.required'] });
  });

  it('puts an array element’s issue on the array field, first issue only', () => {
    const result = userCreateSchema.safeParse({
      userName: 'bob',
      name: 'Bob',
      password: 'secret1',
      deviceCodes: ['', ' '],
    });
    expect(zodIssuesToFormErrors(result.error?.issues ?? [], translate)).toEqual([
      { name: 'deviceCodes', errors: ['validation.tooShort{"min":1}'] },
    ]);
  });

  it('produces no errors for a valid input', () => {
    const result = dictionaryInputSchema.safeParse({ tableName: 't', columnName: 'c', value: '1', label: 'L' });
    expect(result.success).toBe(true);
    expect(errorsOf(result)).toEqual({});
  });

  it('uses the definitions’ schemas (role names are required)', () => {
    expect(errorsOf(CRUD.role.create.safeParse({}))).toEqual({ roleName: ['validation.required'] });
  });
});

describe('issueMessage', () => {
  it('maps zod’s own bound messages to validation keys by origin', () => {
    expect(
      issueMessage({ code: 'too_big', origin: 'number', maximum: 2, path: ['action'], message: 'Too big' }),
    ).toEqual({ key: 'validation.max', values: { max: 2 } });
    expect(
      issueMessage({ code: 'too_small', origin: 'string', minimum: 3, path: ['x'], message: 'Too small' }),
    ).toEqual({ key: 'validation.tooShort', values: { min: 3 } });
  });

  it('falls back to a generic key for anything else', () => {
    expect(issueMessage({ code: 'custom', path: ['x'], message: 'nope' })).toEqual({
      key: 'validation.invalid',
      values: {},
    });
  });
});
