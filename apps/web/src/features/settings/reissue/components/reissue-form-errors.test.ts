import { reissueInputSchema } from '@envmon/shared';
import { describe, expect, it } from 'vitest';
import { reissueFormErrors } from './reissue-form-errors';

const DAY_MS = 86_400_000;
const translate = (key: string) => `<${key}>`;

function errorsOf(input: unknown) {
  const parsed = reissueInputSchema.safeParse(input);
  if (parsed.success) throw new Error('expected the schema to refuse the input');
  return reissueFormErrors(parsed.error.issues, translate);
}

describe('reissueFormErrors', () => {
  it('puts the range rule on the picker, with the device rule beside it', () => {
    expect(errorsOf({ deviceIds: [], cn: '2051', beginTime: 0, endTime: 40 * DAY_MS })).toEqual([
      { name: 'deviceIds', errors: ['<reissue.rules.devices>'] },
      { name: 'cn', errors: [] },
      { name: 'range', errors: ['<reissue.rules.tooLong2051>'] },
    ]);
  });

  it('asks for a range when none is chosen, once', () => {
    expect(errorsOf({ deviceIds: [7], cn: '2061' })).toEqual([
      { name: 'deviceIds', errors: [] },
      { name: 'cn', errors: [] },
      { name: 'range', errors: ['<reissue.rules.range>'] },
    ]);
  });

  it('maps zod’s own messages to the validation keys', () => {
    expect(errorsOf({ deviceIds: [7], beginTime: 0, endTime: DAY_MS })).toContainEqual({
      name: 'cn',
      errors: ['<validation.invalid>'],
    });
  });
});
