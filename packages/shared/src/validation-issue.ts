import type { z } from 'zod';

/**
 * A zod issue in words: the i18n key of the rule it breaks plus the values the key interpolates.
 * One mapping for the console's forms and the server's validation answers, so a rule reads the same
 * beside a field and in a refused request's desc.
 */
export interface IssueMessage {
  key: string;
  values: Record<string, number>;
}

type Issue = z.core.$ZodIssue;

const VALIDATION_PREFIX = 'validation.';

/** By default only `validation.*` messages count as keys; a caller that knows every key (the server) says so. */
export const isValidationKey = (message: string): boolean => message.startsWith(VALIDATION_PREFIX);

/**
 * Bounds are interpolated as `{{max}}`/`{{min}}` (e.g. the spec's '最多输入64位！'); a schema's own rule
 * passes the numbers its message names as the issue's params (`{ days: 366 }`).
 */
function boundValues(issue: Issue): Record<string, number> {
  if (issue.code === 'too_big') return { max: Number(issue.maximum) };
  if (issue.code === 'too_small') return { min: Number(issue.minimum) };
  if (issue.code === 'custom' && issue.params)
    return Object.fromEntries(
      Object.entries(issue.params).filter((entry): entry is [string, number] => typeof entry[1] === 'number'),
    );
  return {};
}

/** Unions (e.g. a phone that is a mobile number or empty) report their branches' issues nested. */
function firstKeyedBranchIssue(issue: Issue, isKey: (message: string) => boolean): Issue | undefined {
  if (issue.code !== 'invalid_union') return undefined;
  for (const branch of issue.errors) {
    for (const nested of branch) {
      if (isKey(nested.message)) return nested;
      const deeper = firstKeyedBranchIssue(nested, isKey);
      if (deeper) return deeper;
    }
  }
  return undefined;
}

/**
 * The shared schemas carry i18n keys as messages; zod's own messages (wrong type, bounds without a
 * custom message) are mapped to the nearest `validation` key so nothing untranslated shows.
 */
export function issueMessage(issue: Issue, isKey: (message: string) => boolean = isValidationKey): IssueMessage {
  const keyed = isKey(issue.message) ? issue : firstKeyedBranchIssue(issue, isKey);
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
