import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { idSchema, pageQuerySchema, pageSchema, requiredText, V } from './common.js';

/**
 * Settings › DevOps (运维管理; SPEC section 7 'devops': upload, add, update, delete, get, deleteFile): the
 * maintenance records an operations contractor files after each site visit, with their attachments (photos,
 * calibration reports, reagent slips) kept in the database.
 */
export const DEVOPS_LIMITS = {
  maintainerMax: 32,
  contentMax: 1000,
  /** Attachments of one record. */
  maxFiles: 10,
  fileNameMax: 255,
  /** One attachment, as every upload. */
  fileMaxBytes: LIMITS.uploadMaxBytes,
} as const;

/** Kinds of visit: inspection, calibration, repair, reagent change, other; labels are `devops.kinds.<value>`. */
export const DEVOPS_KINDS = ['inspection', 'calibration', 'repair', 'reagent', 'other'] as const;
export type DevopsKind = (typeof DEVOPS_KINDS)[number];
export const DEVOPS_KIND_COLORS: Record<DevopsKind, string> = {
  inspection: 'blue',
  calibration: 'cyan',
  repair: 'orange',
  reagent: 'green',
  other: 'default',
};

/**
 * The attachments accepted, by extension, with the type they are stored and served as. The extension decides
 * (browsers send docx and xlsx as anything from their own type to application/octet-stream), and the server never
 * echoes a type the client chose.
 */
export const DEVOPS_FILE_TYPES: Readonly<Record<string, string>> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.pdf': 'application/pdf',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.txt': 'text/plain',
};
/** For `<input accept>`. */
export const DEVOPS_FILE_ACCEPT = Object.keys(DEVOPS_FILE_TYPES).join(',');

/** The type an attachment named `fileName` is stored as, or null when its kind is not accepted. */
export function devopsFileType(fileName: string): string | null {
  const dot = fileName.lastIndexOf('.');
  if (dot < 0) return null;
  return DEVOPS_FILE_TYPES[fileName.slice(dot).toLowerCase()] ?? null;
}

/** Why a visit's times cannot be saved, as a message key, or null. */
export function devopsRangeProblem(startTime: number, endTime: number | null | undefined): string | null {
  return endTime !== null && endTime !== undefined && endTime < startTime ? 'devops.rules.order' : null;
}

const recordFields = z.object({
  deviceId: z.number({ error: V.required }).int().positive(V.required),
  kind: z.enum(DEVOPS_KINDS, { error: V.required }),
  startTime: z.number({ error: V.required }).int().nonnegative(),
  endTime: z
    .number()
    .int()
    .nonnegative()
    .optional()
    .nullable()
    .transform((v) => v ?? null),
  maintainer: requiredText(DEVOPS_LIMITS.maintainerMax),
  content: requiredText(DEVOPS_LIMITS.contentMax),
});

const checkRange = (v: { startTime: number; endTime: number | null }, ctx: z.RefinementCtx) => {
  const problem = devopsRangeProblem(v.startTime, v.endTime);
  if (problem) ctx.addIssue({ code: 'custom', path: ['endTime'], message: problem });
};

/** add: the device visited, the kind of visit, when (end optional, not before the start), who and what was done. */
export const devopsRecordInputSchema = recordFields.superRefine(checkRange);
export type DevopsRecordInput = z.infer<typeof devopsRecordInputSchema>;
export type DevopsRecordInputRequest = z.input<typeof devopsRecordInputSchema>;
export const devopsRecordUpdateSchema = recordFields.extend({ id: idSchema }).superRefine(checkRange);
export type DevopsRecordUpdate = z.infer<typeof devopsRecordUpdateSchema>;

/** An attachment's metadata (the bytes are downloaded on their own). */
export const devopsFileSchema = z.object({
  id: z.number().int(),
  recordId: z.number().int(),
  fileName: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
  createTime: z.number().int(),
});
export type DevopsFile = z.infer<typeof devopsFileSchema>;

export const devopsRecordSchema = z.object({
  id: z.number().int(),
  deviceId: z.number().int(),
  deviceName: z.string().nullable(),
  deviceCode: z.string().nullable(),
  kind: z.enum(DEVOPS_KINDS),
  startTime: z.number().int(),
  endTime: z.number().int().nullable(),
  maintainer: z.string(),
  content: z.string(),
  createdBy: z.string().nullable(),
  createTime: z.number().int(),
  updateTime: z.number().int(),
  files: z.array(devopsFileSchema),
});
export type DevopsRecord = z.infer<typeof devopsRecordSchema>;
export const devopsRecordPageSchema = pageSchema(devopsRecordSchema);

/** get: the records of the devices in the caller's scope, newest visit first; beginTime–endTime on the start. */
export const devopsListQuerySchema = pageQuerySchema.extend({
  deviceId: z.coerce.number().int().positive().optional(),
  kind: z.enum(DEVOPS_KINDS).optional(),
  beginTime: z.coerce.number().int().nonnegative().optional(),
  endTime: z.coerce.number().int().nonnegative().optional(),
  projectId: z.coerce.number().int().positive().optional(),
  ifFilter: z.coerce.number().int().optional(),
});
export type DevopsListQuery = z.infer<typeof devopsListQuerySchema>;
