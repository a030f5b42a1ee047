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
