import type { FormInstance } from 'antd';
import type { z } from 'zod';

/** A message key of the `validation` namespace plus the values it interpolates. */
export interface IssueMessage {
  key: string;
  values: Record<string, number>;
}

/** antd's `form.setFields` entry for a field that failed. */
export interface FieldError {
  name: string;
  errors: string[];
}

export type Translate = (key: string, values?: Record<string, number>) => string;

type Issue = z.core.$ZodIssue;

const VALIDATION_PREFIX = 'validation.';

const isValidationKey = (message: string): boolean => message.startsWith(VALIDATION_PREFIX);

/** Bounds are interpolated as `{{max}}`/`{{min}}` (e.g. the spec's '最多输入64位！'). */
function boundValues(issue: Issue): Record<string, number> {
  if (issue.code === 'too_big') return { max: Number(issue.maximum) };
  if (issue.code === 'too_small') return { min: Number(issue.minimum) };
  return {};
}

/** Unions (e.g. a phone that is a mobile number or empty) report their branches' issues nested. */
function firstKeyedBranchIssue(issue: Issue): Issue | undefined {
  if (issue.code !== 'invalid_union') return undefined;
  for (const branch of issue.errors) {
    for (const nested of branch) {
      if (isValidationKey(nested.message)) return nested;
      const deeper = firstKeyedBranchIssue(nested);
      if (deeper) return deeper;
    }
  }
  return undefined;
}

/**
 * The shared schemas carry `validation.*` keys as messages; zod's own messages (wrong type,
 * bounds without a custom message) are mapped to the nearest key so nothing untranslated shows.
 */
export function issueMessage(issue: Issue): IssueMessage {
  const keyed = isValidationKey(issue.message) ? issue : firstKeyedBranchIssue(issue);
  if (keyed) return { key: keyed.message, values: boundValues(keyed) };
  switch (issue.code) {
    // A form field of the wrong type is one left empty (a select never chosen, a cleared number).
    case 'invalid_type':
      return { key: 'validation.required', values: {} };
    case 'too_big':
      return { key: issue.origin === 'string' ? 'validation.tooLong' : 'validation.max', values: boundValues(issue) };
    case 'too_small':
      return { key: issue.origin === 'string' ? 'validation.tooShort' : 'validation.min', values: boundValues(issue) };
    case 'invalid_format':
      return { key: 'validation.pattern', values: {} };
    case 'invalid_union':
    case 'invalid_value':
    case 'not_multiple_of':
    case 'unrecognized_keys':
    case 'invalid_key':
    case 'invalid_element':
    case 'custom':
      return { key: 'validation.invalid', values: {} };
  }
}

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
