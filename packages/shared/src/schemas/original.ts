import { z } from 'zod';
import { idSchema, pageSchema } from './common.js';

/** The longest time range one original-packet or station-state read may cover (31 days). */
export const ORIGINAL_MAX_RANGE_MS = 31 * 24 * 3_600_000;

const optionalId = z.coerce.number().int().positive().optional();
const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

/** A bounded time range (epoch ms): both ends required, begin ≤ end, at most ORIGINAL_MAX_RANGE_MS. */
const timeRange = {
  beginTime: z.coerce.number().int(),
  endTime: z.coerce.number().int(),
};
const checkRange = <T extends { beginTime: number; endTime: number }>(v: T, ctx: z.RefinementCtx) => {
  if (v.endTime < v.beginTime || v.endTime - v.beginTime > ORIGINAL_MAX_RANGE_MS) {
    ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'validation.pattern' });
  }
};

export const ORIGINAL_STATUSES = ['accepted', 'rejected'] as const;
export type OriginalStatus = (typeof ORIGINAL_STATUSES)[number];

/** The original-packet filters (get and export): device or MN, CN, status, within a bounded time range. */
export const originalFilterSchema = z
  .object({
    deviceId: optionalId,
    mn: optionalText,
    cn: optionalText,
    status: z.enum(ORIGINAL_STATUSES).optional(),
    ...timeRange,
  })
  .superRefine(checkRange);
export type OriginalFilter = z.infer<typeof originalFilterSchema>;

export const originalQuerySchema = z
  .object({
    deviceId: optionalId,
    mn: optionalText,
    cn: optionalText,
    status: z.enum(ORIGINAL_STATUSES).optional(),
    ...timeRange,
    pageNum: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(1000).default(20),
  })
  .superRefine(checkRange);
export type OriginalQuery = z.infer<typeof originalQuerySchema>;

/** One received packet as stored: what came in, from where, and whether it was accepted (or why not). */
export const originalPacketSchema = z.object({
  id: z.number().int(),
  receivedAt: z.number().int(),
  remote: z.string(),
  deviceId: z.number().int().nullable(),
  deviceName: z.string().nullable(),
  /** The zone its times are shown in: the station's, DEFAULT_UTC_OFFSET_MINUTES for a packet of no known station. */
  utcOffsetMinutes: z.number().int(),
  mn: z.string().nullable(),
  cn: z.string().nullable(),
  qn: z.string().nullable(),
  dataTime: z.number().int().nullable(),
  raw: z.string(),
  accepted: z.boolean(),
  reason: z.string().nullable(),
});
export type OriginalPacket = z.infer<typeof originalPacketSchema>;
export const originalPageSchema = pageSchema(originalPacketSchema);

export const originalParsedQuerySchema = z.object({ id: idSchema });

/** getParsed: the packet's fields, read again from its raw text with the HJ 212 codec, or why that failed. */
export const originalParsedSchema = z.object({
  id: z.number().int(),
  raw: z.string(),
  ok: z.boolean(),
  /** The codec's error code and detail when the text does not parse. */
  error: z.object({ code: z.string(), detail: z.string() }).nullable(),
  /** Header fields (QN, ST, CN, PW, MN, Flag, PNUM, PNO and any others), as text. */
  header: z.record(z.string(), z.string()),
  /** CP fields that belong to no factor (DataTime, RestartTime, PolId …). */
  cp: z.record(z.string(), z.string()),
  /** Per factor, every field by suffix (Rtd, Avg, Flag, RS, RT, Info …), as received. */
  factors: z.array(z.object({ code: z.string(), values: z.record(z.string(), z.string()) })),
  /**
   * The values stored from this packet where a data rule (Settings › regular) changed the station's, by the
   * packet's factor code (null: stored as no value); absent when no rule changed any.
   */
  stored: z.record(z.string(), z.number().nullable()).optional(),
});
export type OriginalParsed = z.infer<typeof originalParsedSchema>;

/** 'Other' station-state kinds: 2021 run state, 2041 daily run time, 2081 logger restarts, 3020 logs and parameters. */
export const STATION_STATE_KINDS = ['runState', 'runTime', 'restart', 'info'] as const;
export type StationStateKind = (typeof STATION_STATE_KINDS)[number];
export const STATION_STATE_CN: Record<StationStateKind, string> = {
  runState: '2021',
  runTime: '2041',
  restart: '2081',
  info: '3020',
};

export const otherQuerySchema = z
  .object({ deviceId: idSchema, kind: z.enum(STATION_STATE_KINDS), ...timeRange })
  .superRefine(checkRange);
export type OtherQuery = z.infer<typeof otherQuerySchema>;

/**
 * One station-state row. `item` is the equipment (runState/runTime: the `SBxxx` of `SBxxx-RS`/`-RT`), the
 * pollutant (info: `PolId`, or the factor code carrying the `-Info`) or null (restart); `infoId` is 3020's
 * information code (i11001 log, i12xxx state, i13xxx parameter); `value` is the state (0 stopped, 1 running …),
 * the run hours, the restart time (epoch ms, as text) or the information text.
 */
export const otherRowSchema = z.object({
  packetId: z.number().int(),
  receivedAt: z.number().int(),
  dataTime: z.number().int().nullable(),
  item: z.string().nullable(),
  infoId: z.string().nullable(),
  value: z.string().nullable(),
});
export type OtherRow = z.infer<typeof otherRowSchema>;
export const otherResultSchema = z.object({
  rows: z.array(otherRowSchema),
  truncated: z.boolean(),
  /** The station's zone: its times are shown on its clock. */
  utcOffsetMinutes: z.number().int(),
});
export type OtherResult = z.infer<typeof otherResultSchema>;

/** Meteorological factors (HJ 212 factor codes): temperature, humidity, pressure, wind speed, wind direction. */
export const WEATHER_FACTORS = {
  temperature: 'a01001',
  humidity: 'a01002',
  pressure: 'a01006',
  windSpeed: 'a01007',
  windDirection: 'a01008',
} as const;

/** getByDate answers one entry per date; a year at most. */
export const WEATHER_MAX_DAYS = 366;
const dateText = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.pattern');
export const weatherQuerySchema = z
  .object({ deviceId: idSchema, beginDate: dateText, endDate: dateText })
  .refine(
    (v) => v.beginDate <= v.endDate && Date.parse(v.endDate) - Date.parse(v.beginDate) <= WEATHER_MAX_DAYS * 86_400_000,
    {
      path: ['endDate'],
      message: 'validation.pattern',
    },
  );
export type WeatherQuery = z.infer<typeof weatherQuerySchema>;

/** One date's day values (null when the station sent none). */
export const weatherDaySchema = z.object({
  date: z.string(),
  temperature: z.number().nullable(),
  humidity: z.number().nullable(),
  pressure: z.number().nullable(),
  windSpeed: z.number().nullable(),
  windDirection: z.number().nullable(),
});
export type WeatherDay = z.infer<typeof weatherDaySchema>;
