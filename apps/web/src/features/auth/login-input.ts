import { issueMessage, loginSchema, type IssueMessage, type LoginInput } from '@envmon/shared';

/** Each field's first broken rule. */
export type LoginIssues = Partial<Record<keyof LoginInput, IssueMessage>>;

/**
 * The login form's values as the server takes them (the user name trimmed), or what breaks the shared schema
 * (a user name or password longer than it allows). The login page loads this, and zod with it, once the user
 * types, not with its first download (scripts/bundle-budget.mjs).
 */
export function parseLogin(values: LoginInput): { data: LoginInput } | { issues: LoginIssues } {
  const parsed = loginSchema.safeParse(values);
  if (parsed.success) return { data: parsed.data };
  const issues: LoginIssues = {};
  for (const issue of parsed.error.issues) {
    const [head] = issue.path;
    if ((head === 'userName' || head === 'password') && !issues[head]) issues[head] = issueMessage(issue);
  }
  return { issues };
}
