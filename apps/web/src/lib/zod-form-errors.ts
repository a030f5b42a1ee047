import { issueMessage, type IssueMessage } from '@envmon/shared';
import type { FormInstance } from 'antd';
import type { z } from 'zod';

/** antd's `form.setFields` entry for a field that failed. */
export interface FieldError {
  name: string;
  errors: string[];
}

export type Translate = (key: string, values?: Record<string, number>) => string;

type Issue = z.core.$ZodIssue;

// One mapping of zod issues to words for the forms and the server's answers (packages/shared).
export { issueMessage, type IssueMessage };

/**
 * One error per top-level field (an array element's issue belongs to its array field): zod keeps
 * checking after the first failure, and 'required' followed by 'wrong pattern' on an empty box only
 * repeats itself.
 */
export function zodIssuesToFormErrors(issues: readonly Issue[], translate: Translate): FieldError[] {
  const byField = new Map<string, string>();
  for (const issue of issues) {
    const [head] = issue.path;
    if (head === undefined || byField.has(String(head))) continue;
    const { key, values } = issueMessage(issue);
    byField.set(String(head), translate(key, values));
  }
  return [...byField].map(([name, error]) => ({ name, errors: [error] }));
}

/** Shows a failed parse's messages beside their fields of an antd form. */
export function showIssuesOnForm<Values>(
  form: FormInstance<Values>,
  issues: readonly Issue[],
  translate: Translate,
): void {
  // Field names come from the schema, which describes the same values as the form.
  form.setFields(zodIssuesToFormErrors(issues, translate) as Parameters<FormInstance<Values>['setFields']>[0]);
}
