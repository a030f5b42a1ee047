/**
 * The data audit's vocabularies (SPEC section 7 'dataAudit'), with no zod: the audit schemas
 * (./schemas/data-audit.ts) build their enums from these and re-export them, and the console's shell, which
 * imports the water domain's audit parts, reads them without loading a schema (scripts/bundle-budget.mjs).
 */

/** The screens that audit data (their resource codes): each may read the audits; with its write, audit. */
export const DATA_AUDIT_PAGES = ['settings.data-audit', 'water.data-audit'] as const;

/** The data kinds an auditor works on. */
export const AUDIT_DATA_KINDS = ['hour', 'day'] as const;
export type AuditDataKind = (typeof AUDIT_DATA_KINDS)[number];

/** What an audit does to a value. */
export const AUDIT_ACTIONS = ['invalid', 'valid', 'replace', 'approve'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Why (the list); required for every action but approve. */
export const AUDIT_REASONS = ['instrumentFault', 'maintenance', 'calibration', 'abnormal', 'other'] as const;
export type AuditReason = (typeof AUDIT_REASONS)[number];

/**
 * The state an audit leaves on a value. `recomputed` is the platform's: a day value recomputed from its
 * audited hours (never set by hand).
 */
export const AUDIT_STATES = ['invalid', 'valid', 'replaced', 'approved', 'recomputed'] as const;
export type AuditState = (typeof AUDIT_STATES)[number];

/** The state each action leaves. */
export const AUDIT_ACTION_STATE: Record<AuditAction, AuditState> = {
  invalid: 'invalid',
  valid: 'valid',
  replace: 'replaced',
  approve: 'approved',
};
