import type { FormInstance, FormRule } from 'antd';
import { describe, expect, it } from 'vitest';
import { crossFieldRule } from './form-rules';

/** Runs a rule as the form would, with the other fields' values. */
function check(rule: FormRule, value: unknown, fields: Record<string, unknown>): Promise<void> {
  const form = { getFieldValue: (name: string) => fields[name] } as unknown as FormInstance;
  const resolved = typeof rule === 'function' ? rule(form) : rule;
  return Promise.resolve(resolved.validator?.({}, value, () => undefined));
}

describe('crossFieldRule', () => {
  const requiredWhenOn = crossFieldRule((value, field) => Boolean(field('enabled')) && !value, 'required');

  it('refuses with its message when the value is wrong beside the other fields', async () => {
    await expect(check(requiredWhenOn, '', { enabled: true })).rejects.toThrow('required');
  });

  it('passes otherwise', async () => {
    await expect(check(requiredWhenOn, '', { enabled: false })).resolves.toBeUndefined();
    await expect(check(requiredWhenOn, 'https://x', { enabled: true })).resolves.toBeUndefined();
  });
});
