import { z } from 'zod';
import type { TimePrecision } from '../utils/station-time.js';
import { DAY_MS } from '../utils/time-units.js';
import { idSchema } from './common.js';
import {
  ORIGINAL_MAX_RANGE_MS,
  originalFilterSchema,
  originalQuerySchema,
  otherQuerySchema,
  type OtherRow,
  type StationStateKind,
} from './original.js';

const optionalId = z.coerce.number().int().positive().optional();

/**
 * The device scope of a query (as the device list reads it): `projectId` keeps the devices of the project
 * chosen in the header (devices.project_id), `ifFilter=1` the devices bound to the caller.
 */
export const queryScopeSchema = z.object({
  projectId: optionalId,
  ifFilter: z.coerce.number().int().optional(),
});
export type QueryScope = z.infer<typeof queryScopeSchema>;

/** A comma-separated list in the query string, trimmed, blanks dropped, duplicates removed. */
const commaList = <T>(item: (text: string) => T | null) =>
  z
    .string()
    .max(4000)
    .optional()
    .transform((v) => [
      ...new Set(
        (v ?? '')
          .split(',')
          .map((part) => part.trim())
          .filter((part) => part.length > 0)
          .map(item)
          .filter((x): x is T => x !== null),
      ),
    ]);
const idList = commaList((text) => (/^\d+$/.test(text) && Number(text) > 0 ? Number(text) : null));
const codeList = commaList((text) => (text.length <= 32 ? text : null));

// ---------------------------------------------------------------------------------------------------------------
// Gather: aggregates over a group of devices per period.

/** The rollups a gather reads (hour 2061, day 2031, month kept by the platform). */
export const GATHER_TIME_UNITS = ['hour', 'day', 'month'] as const;
export type GatherTimeUnit = (typeof GATHER_TIME_UNITS)[number];
/** How a gather period is written (the station's clock): an hour to its minute (hh:00), a day, a month. */
export const GATHER_TIME_PRECISION: Record<GatherTimeUnit, TimePrecision> = {
  hour: 'minute',
  day: 'day',
  month: 'month',
};
/** The longest range a gather may cover at each unit: a month of hours, a year of days, ten years of months. */
export const GATHER_MAX_RANGE_MS: Record<GatherTimeUnit, number> = {
  hour: 31 * DAY_MS,
  day: 366 * DAY_MS,
  month: 3660 * DAY_MS,
};

/** project: devices.project_id = groupId; address: the devices grouped under address group groupId; devices: deviceIds. */
export const GATHER_GROUP_TYPES = ['project', 'address', 'devices'] as const;
export type GatherGroupType = (typeof GATHER_GROUP_TYPES)[number];
/** A hand-picked group holds at most this many devices. */
export const GATHER_MAX_DEVICES = 200;

export const gatherFilterSchema = queryScopeSchema
  .extend({
    groupType: z.enum(GATHER_GROUP_TYPES),
    groupId: optionalId,
    deviceIds: idList,
    /** The factors to aggregate; every factor the group's devices reported when empty. */
    factorCodes: codeList,
    timeUnit: z.enum(GATHER_TIME_UNITS),
    beginTime: z.coerce.number().int(),
    endTime: z.coerce.number().int(),
  })
  .superRefine((v, ctx) => {
    if (v.endTime < v.beginTime || v.endTime - v.beginTime > GATHER_MAX_RANGE_MS[v.timeUnit]) {
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'validation.pattern' });
    }
    if (v.groupType !== 'devices' && v.groupId === undefined) {
      ctx.addIssue({ code: 'custom', path: ['groupId'], message: 'validation.required' });
    }
    if (v.groupType === 'devices' && (v.deviceIds.length === 0 || v.deviceIds.length > GATHER_MAX_DEVICES)) {
      ctx.addIssue({ code: 'custom', path: ['deviceIds'], message: 'validation.required' });
    }
  });
export type GatherFilter = z.infer<typeof gatherFilterSchema>;
/** What the console sends (lists as comma-separated text). */
export interface GatherRequest {
  projectId?: number | undefined;
  ifFilter?: number | undefined;
  groupType: GatherGroupType;
  groupId?: number | undefined;
  deviceIds?: string | undefined;
  factorCodes?: string | undefined;
  timeUnit: GatherTimeUnit;
  beginTime: number;
  endTime: number;
}
/** The export's filters; `lang` picks the header and factor-name language (the console sends its own). */
export const gatherExportSchema = gatherFilterSchema.extend({ lang: z.enum(['zh-CN', 'en-US']).default('zh-CN') });

/**
 * One period and factor over the group: the mean, lowest and highest of the devices' period values
 * (each device's hour/day/month average) and how many devices contributed a valid value (flag N,
 * quality N); flagged values are left out so that one faulty station does not skew the group.
 */
export const gatherRowSchema = z.object({
  dataTime: z.number().int(),
  factorCode: z.string(),
  avg: z.number(),
  min: z.number(),
  max: z.number(),
  devices: z.number().int(),
});
export type GatherRow = z.infer<typeof gatherRowSchema>;

export const gatherFactorSchema = z.object({
  factorCode: z.string(),
  factorName: z.string().nullable(),
  factorNameEn: z.string().nullable(),
  unit: z.string().nullable(),
  decimals: z.number().int().nullable(),
});
export type GatherFactor = z.infer<typeof gatherFactorSchema>;

export const gatherResultSchema = z.object({
  timeUnit: z.enum(GATHER_TIME_UNITS),
  /**
   * The zone its periods are written in, on screen and in the file: the group's stations' (the first
   * device's when they differ; DEFAULT_UTC_OFFSET_MINUTES for an empty group).
   */
  utcOffsetMinutes: z.number().int(),
  /** The group's devices within the caller's scope (those that reported nothing included). */
  deviceCount: z.number().int(),
  factors: z.array(gatherFactorSchema),
  /** Oldest period first, then factor code. */
  rows: z.array(gatherRowSchema),
});
export type GatherResult = z.infer<typeof gatherResultSchema>;

// ---------------------------------------------------------------------------------------------------------------
// AI: analog-input channel values beside the engineering value, read from the stored packets.

/** The packets an AI read parses: real-time (2011) and minute (2051) uploads. */
export const AI_CNS = { rtd: '2011', min: '2051' } as const;
export type AiKind = keyof typeof AI_CNS;
export const AI_KINDS = Object.keys(AI_CNS) as AiKind[];
/**
 * The CP field suffix that carries a channel's analog signal (e.g. `w01018-Ai=12.40`, in mA or V as the
 * logger's channel is wired). HJ 212 defines no analog field; this is the platform's convention for loggers
 * that report it. `-Ala` is not read: HJ/T 212-2005 uses it for the alarm (over-limit) value.
 */
export const AI_SUFFIX = 'Ai';
/** One AI read parses at most this many packets (a month of 10-minute data is about 4,500). */
export const AI_MAX_PACKETS = 5000;

export const aiQuerySchema = queryScopeSchema
  .extend({
    deviceId: idSchema,
    kind: z.enum(['rtd', 'min']).default('rtd'),
    factorCodes: codeList,
    beginTime: z.coerce.number().int(),
    endTime: z.coerce.number().int(),
  })
  .superRefine((v, ctx) => {
    if (v.endTime < v.beginTime || v.endTime - v.beginTime > ORIGINAL_MAX_RANGE_MS) {
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'validation.pattern' });
    }
  });
export type AiQuery = z.infer<typeof aiQuerySchema>;
/** What the console sends (factor codes as comma-separated text). */
export interface AiRequest {
  projectId?: number | undefined;
  ifFilter?: number | undefined;
  deviceId: number;
  kind: AiKind;
  factorCodes?: string | undefined;
  beginTime: number;
  endTime: number;
}
export const aiExportSchema = aiQuerySchema.extend({ lang: z.enum(['zh-CN', 'en-US']).default('zh-CN') });

/** One factor of one packet: the engineering value (Rtd or Avg) and its flag, and the analog signal when sent. */
export const aiRowSchema = z.object({
  packetId: z.number().int(),
  dataTime: z.number().int().nullable(),
  factorCode: z.string(),
  value: z.number().nullable(),
  flag: z.string().nullable(),
  analog: z.number().nullable(),
});
export type AiRow = z.infer<typeof aiRowSchema>;
export const aiResultSchema = z.object({
  rows: z.array(aiRowSchema),
  factors: z.array(gatherFactorSchema),
  truncated: z.boolean(),
  /** The station's zone: its data times are shown on its clock. */
  utcOffsetMinutes: z.number().int(),
});
export type AiResult = z.infer<typeof aiResultSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Original and other queries, scoped like every device read.

/** The original-packet list, its export and getParsed take the caller's scope as well. */
export const originalScopedQuerySchema = originalQuerySchema.extend(queryScopeSchema.shape);
export const originalScopedFilterSchema = originalFilterSchema.extend(queryScopeSchema.shape);
export type OriginalScopedFilter = z.infer<typeof originalScopedFilterSchema>;
export const originalParsedScopedQuerySchema = queryScopeSchema.extend({ id: idSchema });
export const otherScopedQuerySchema = otherQuerySchema.extend(queryScopeSchema.shape);
export type OtherScopedQuery = z.infer<typeof otherScopedQuerySchema>;
export const otherExportSchema = otherScopedQuerySchema.extend({ lang: z.enum(['zh-CN', 'en-US']).default('zh-CN') });
export type OtherExport = z.infer<typeof otherExportSchema>;

/** Which row fields the 'other' table and its export show: equipment and value for 2021/2041, the time for 2081, all for 3020. */
export const OTHER_COLUMNS: Record<StationStateKind, readonly (keyof OtherRow)[]> = {
  runState: ['dataTime', 'item', 'value'],
  runTime: ['dataTime', 'item', 'value'],
  restart: ['dataTime', 'value'],
  info: ['dataTime', 'item', 'infoId', 'value'],
};
