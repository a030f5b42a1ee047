import { z } from 'zod';
import { DAY_MS } from '../utils/time-units.js';
import { optionalText, pageSchema, timestampSchema } from './common.js';
import { LIMITS } from '../limits.js';
import {
  AUDIT_ACTIONS,
  AUDIT_DATA_KINDS,
  AUDIT_REASONS,
  AUDIT_STATES,
  type AuditAction,
  type AuditDataKind,
  type AuditReason,
  type AuditState,
} from '../data-audit-codes.js';

/**
 * Data audit (SPEC section 7: dataAudit getList, add, update, uninstall — all POST; the fields are ours).
 * An auditor reviews a station's hour and day values and marks them valid or invalid, replaces a value, or
 * approves a whole day. Every audit is a record; nothing is lost: the station's value stays in the
 * measurement, the audit lays its state (and a replacement value) over it, and a revoke restores the state
 * the previous audit left (or none).
 */

export * from '../data-audit-codes.js';

export const DATA_AUDIT_LIMITS = {
  /** Most cells one audit may touch (a month of hours × 40 factors). */
  maxCells: 31 * 24 * 40,
  /** The workbench's widest range per data kind: a month of hours, a year of days. */
  maxRangeDays: { hour: 31, day: 366 } satisfies Record<AuditDataKind, number>,
  remarkMax: 200,
  /**
   * A day value recomputed from its audited hours needs this many valid hours, else it has no value (and is
   * invalid). One: stations report hourly or every few hours (water stations often every 4 h), so a count
   * fit for one (GB 3095's 20 hours for air) would void the other's days; the stricter national rules per
   * standard are not applied here.
   */
  dayMinValidHours: 1,
} as const;

/**
 * A stored value as audited: the value reports use, and whether it counts. The station's validity (its flag
 * N or absent, the platform's quality N) stands unless an audit says otherwise; approved keeps it.
 */
export function auditedReading(reading: {
  value: number | null;
  flag: string | null;
  quality: string;
  auditState: AuditState | null;
  auditValue: number | null;
}): { value: number | null; valid: boolean } {
  switch (reading.auditState) {
    case 'invalid':
      return { value: reading.value, valid: false };
    case 'valid':
      return { value: reading.value, valid: reading.value !== null };
    case 'replaced':
    case 'recomputed':
      return { value: reading.auditValue, valid: reading.auditValue !== null };
    case 'approved':
    case null:
      return {
        value: reading.value,
        valid: reading.value !== null && (reading.flag ?? 'N') === 'N' && reading.quality === 'N',
      };
  }
}

/** Every call is a JSON POST: numbers come as numbers (no query-string coercion). */
const idSchema = z.number().int().positive();

/**
 * A stored value as reports take it (issue 19: "invalid ones excluded, replaced ones used"): audited as above,
 * and a value an audit invalidated is left out altogether — no average, lowest or highest rests on it. A value
 * only the station's or the platform's flags make invalid is still averaged and counted, not valid, as before.
 */
export function reportedReading(reading: Parameters<typeof auditedReading>[0]): { value: number | null; valid: boolean } {
  if (reading.auditState === 'invalid') return { value: null, valid: false };
  return auditedReading(reading);
}

const cellSchema = z.object({
  factorCode: z.string().trim().min(1).max(32),
  dataTime: timestampSchema,
});
export type AuditCell = z.infer<typeof cellSchema>;

/**
 * add: one audit over cells of one device and data kind. `replace` takes exactly one cell and its `value`;
 * `approve` takes the day (`day`, the start of the station's day) and approves every hour value of it that
 * no audit has touched; the others take their cells.
 */
export const dataAuditInputSchema = z
  .object({
    deviceId: idSchema,
    kind: z.enum(AUDIT_DATA_KINDS),
    action: z.enum(AUDIT_ACTIONS),
    reason: z.enum(AUDIT_REASONS).nullable().optional(),
    remark: optionalText(DATA_AUDIT_LIMITS.remarkMax),
    cells: z.array(cellSchema).max(DATA_AUDIT_LIMITS.maxCells).default([]),
    value: z.number().finite().nullable().optional(),
    day: timestampSchema.optional(),
  })
  .superRefine((input, ctx) => {
    const problem = dataAuditInputProblem(input);
    if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: [problem.path] });
  });
export type DataAuditInput = z.input<typeof dataAuditInputSchema>;

/** Why an audit's input cannot be taken (an i18n key of `dataAudit`), checked alike in the console and the server. */
export function dataAuditInputProblem(input: {
  action: AuditAction;
  reason?: AuditReason | null;
  cells: readonly AuditCell[];
  value?: number | null;
  day?: number;
}): { path: string; message: string } | null {
  if (input.action !== 'approve' && !input.reason) return { path: 'reason', message: 'dataAudit.reasonRequired' };
  if (input.action === 'approve') {
    if (input.day === undefined) return { path: 'day', message: 'dataAudit.dayRequired' };
    return null;
  }
  if (input.cells.length === 0) return { path: 'cells', message: 'dataAudit.cellsRequired' };
  if (input.action === 'replace') {
    if (input.cells.length !== 1) return { path: 'cells', message: 'dataAudit.replaceOneCell' };
    if (input.value === undefined || input.value === null) return { path: 'value', message: 'dataAudit.valueRequired' };
  }
  return null;
}

/** update: a record's reason and remark, and a replacement's value (re-applied when it is the value's newest). */
export const dataAuditUpdateSchema = z.object({
  id: idSchema,
  reason: z.enum(AUDIT_REASONS).nullable().optional(),
  remark: optionalText(DATA_AUDIT_LIMITS.remarkMax),
  value: z.number().finite().nullable().optional(),
});
export type DataAuditUpdate = z.input<typeof dataAuditUpdateSchema>;

/** uninstall: revokes records (one audit's batch, or single records); the values go back to the state before. */
export const dataAuditRevokeSchema = z
  .object({
    ids: z.array(idSchema).max(DATA_AUDIT_LIMITS.maxCells).default([]),
    batchId: idSchema.optional(),
  })
  .refine((v) => v.ids.length > 0 || v.batchId !== undefined, { message: 'dataAudit.cellsRequired', path: ['ids'] });
export type DataAuditRevoke = z.input<typeof dataAuditRevokeSchema>;

/** One audited value: who did what, when and why, the state and value before and after. */
export const dataAuditRecordSchema = z.object({
  id: z.number().int(),
  /** The records made by one `add` share it. */
  batchId: z.number().int(),
  deviceId: z.number().int(),
  deviceName: z.string().nullable(),
  deviceCode: z.string().nullable(),
  kind: z.enum(AUDIT_DATA_KINDS),
  factorCode: z.string(),
  dataTime: z.number().int(),
  action: z.enum(AUDIT_ACTIONS),
  reason: z.enum(AUDIT_REASONS).nullable(),
  remark: z.string().nullable(),
  /** The station's value when audited. */
  stationValue: z.number().nullable(),
  oldState: z.enum(AUDIT_STATES).nullable(),
  oldValue: z.number().nullable(),
  newState: z.enum(AUDIT_STATES),
  newValue: z.number().nullable(),
  createdBy: z.string().nullable(),
  createTime: z.number().int(),
  revoked: z.boolean(),
  revokedBy: z.string().nullable(),
  revokeTime: z.number().int().nullable(),
});
export type DataAuditRecord = z.infer<typeof dataAuditRecordSchema>;
export const dataAuditPageSchema = pageSchema(dataAuditRecordSchema);

/**
 * getList: the audits of the devices in scope, newest first. `dataTime` with device, kind and factor gives one
 * value's trail; `beginTime`/`endTime` bound the data time.
 */
export const dataAuditListQuerySchema = z.object({
  pageNum: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(LIMITS.maxPageSize).default(LIMITS.defaultPageSize),
  deviceId: idSchema.optional(),
  kind: z.enum(AUDIT_DATA_KINDS).optional(),
  factorCode: z.string().trim().max(32).optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
  reason: z.enum(AUDIT_REASONS).optional(),
  dataTime: timestampSchema.optional(),
  beginTime: timestampSchema.optional(),
  endTime: timestampSchema.optional(),
  /** Revoked records too (default: only those in force). */
  includeRevoked: z.boolean().optional(),
  projectId: idSchema.optional(),
  ifFilter: z.number().int().optional(),
});
export type DataAuditListQuery = z.input<typeof dataAuditListQuerySchema>;

/** add answers how many values the audit touched, under which batch. */
export const dataAuditResultSchema = z.object({ batchId: z.number().int().nullable(), count: z.number().int() });
export type DataAuditResult = z.infer<typeof dataAuditResultSchema>;

/** grid (ours): the workbench's values of one device and kind in [from, to). */
export const dataAuditGridQuerySchema = z
  .object({
    deviceId: idSchema,
    kind: z.enum(AUDIT_DATA_KINDS),
    from: timestampSchema,
    to: timestampSchema,
  })
  .refine((q) => q.to > q.from && q.to - q.from <= DATA_AUDIT_LIMITS.maxRangeDays[q.kind] * DAY_MS, {
    message: 'dataAudit.rangeTooLong',
    path: ['to'],
  });
export type DataAuditGridQuery = z.input<typeof dataAuditGridQuerySchema>;

export const auditGridCellSchema = z.object({
  /** The stored (station's, ruled) value. */
  value: z.number().nullable(),
  flag: z.string().nullable(),
  quality: z.string(),
  auditState: z.enum(AUDIT_STATES).nullable(),
  auditValue: z.number().nullable(),
  /** What reports use (auditedReading). */
  effectiveValue: z.number().nullable(),
  valid: z.boolean(),
});
export type AuditGridCell = z.infer<typeof auditGridCellSchema>;

export const dataAuditGridSchema = z.object({
  deviceId: z.number().int(),
  kind: z.enum(AUDIT_DATA_KINDS),
  factors: z.array(
    z.object({
      factorCode: z.string(),
      factorName: z.string().nullable(),
      factorNameEn: z.string().nullable(),
      unit: z.string().nullable(),
      decimals: z.number().int().nullable(),
    }),
  ),
  /** One row per data time that has values, in time order; cells keyed by factor code. */
  rows: z.array(z.object({ dataTime: z.number().int(), cells: z.record(z.string(), auditGridCellSchema) })),
  /** Starts of the station days in range whose hours were approved. */
  approvedDays: z.array(z.number().int()),
});
export type DataAuditGrid = z.infer<typeof dataAuditGridSchema>;
