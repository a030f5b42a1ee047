import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { issueMessage } from './zod-form-errors';

/** An antd form rule that validates with the same zod schema the server uses (STYLE.md rule 3). */
export function zodRule(schema: z.ZodType, t: TFunction, required = true): FormRule {
  return {
    required,
    validator: async (_rule, value: unknown) => {
      const result = await schema.safeParseAsync(value === '' ? undefined : value);
      if (result.success) return;
      const [issue] = result.error.issues;
      if (!issue) throw new Error(t('validation.invalid'));
      const { key, values } = issueMessage(issue);
      throw new Error(t(key, values));
    },
  };
}

/**
 * A rule that reads other fields of the form too (name them in the item's `dependencies`, so it runs again when
 * they change): `refuse` says when the value is wrong beside them, `message` what the field then shows.
 */
export function crossFieldRule(
  refuse: (value: unknown, field: (name: string) => unknown) => boolean,
  message: string,
): FormRule {
  return ({ getFieldValue }) => ({
    validator: (_rule, value: unknown) =>
      refuse(value, getFieldValue) ? Promise.reject(new Error(message)) : Promise.resolve(),
  });
}
