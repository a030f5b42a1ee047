import type { z } from 'zod';
import { issueMessage, type Translate } from '../../../../lib/zod-form-errors';

/** The request form's fields; the schema's beginTime and endTime are the one range picker. */
export const REISSUE_FORM_FIELDS = ['deviceIds', 'cn', 'range'] as const;
export type ReissueFormField = (typeof REISSUE_FORM_FIELDS)[number];

export interface ReissueFieldError {
  name: ReissueFormField;
  errors: string[];
}

/** The schema words its own rules as keys of the `reissue` namespace. */
const RULE_PREFIX = 'reissue.rules.';

const FIELD_OF: Readonly<Record<string, ReissueFormField>> = {
  deviceIds: 'deviceIds',
  cn: 'cn',
  beginTime: 'range',
  endTime: 'range',
};

function fieldOf(schemaField: PropertyKey | undefined): ReissueFormField | undefined {
  return typeof schemaField === 'string' && Object.hasOwn(FIELD_OF, schemaField) ? FIELD_OF[schemaField] : undefined;
}

function messageOf(issue: z.core.$ZodIssue, field: ReissueFormField, translate: Translate): string {
  if (issue.message.startsWith(RULE_PREFIX)) return translate(issue.message);
  // A range without its ends is one never chosen (or cleared).
  if (field === 'range') return translate('reissue.rules.range');
  const { key, values } = issueMessage(issue);
  return translate(key, values);
}

/**
 * The shared schema's issues as the form's field errors, one per field; fields without an issue get
 * none, so an error fixed since the last try goes away.
 */
export function reissueFormErrors(issues: readonly z.core.$ZodIssue[], translate: Translate): ReissueFieldError[] {
  const byField = new Map<ReissueFormField, string>();
  for (const issue of issues) {
    const field = fieldOf(issue.path[0]);
    if (field && !byField.has(field)) byField.set(field, messageOf(issue, field, translate));
  }
  return REISSUE_FORM_FIELDS.map((name) => {
    const error = byField.get(name);
    return { name, errors: error === undefined ? [] : [error] };
  });
}
