import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { idSchema, optionalText, pageQuerySchema, pageSchema, requiredText, V } from './common.js';

/**
 * Data forwarding to upstream platforms (issue 20, Settings › transfer format; SPEC section 7: transferformat get,
 * getList, update, updates, delete): the provincial and national platforms this platform forwards its stations'
 * data to over HJ 212 (HJ212.md), and per upstream × device what goes there and under which MN.
 */

/** The standard an upstream speaks: HJ 212-2017 or HJ/T 212-2005 (legacy factor codes, Flag version bits 0). */
export const UPSTREAM_PROTOCOLS = ['2017', '2005'] as const;
export type UpstreamProtocol = (typeof UPSTREAM_PROTOCOLS)[number];

/** The uploads that may be forwarded: real-time, minute, hour and day data; equipment state, run time, restart. */
export const FORWARD_CNS = ['2011', '2051', '2061', '2031', '2021', '2041', '2081'] as const;
export type ForwardCn = (typeof FORWARD_CNS)[number];

/** Which value of a stored measurement goes upstream: the audited one (issue 19) or the station's as stored. */
export const FORWARD_VALUE_SOURCES = ['audited', 'raw'] as const;
export type ForwardValueSource = (typeof FORWARD_VALUE_SOURCES)[number];

/**
 * Why forwarding to an upstream device stopped, for the screen to say in the reader's language (the status's
 * `lastError` holds the detail): cannot connect, connection lost, no answer (9014), refused (9014/9011 QnRtn, the
 * detail begins "QnRtn n"), paused after `FORWARD_PAUSE_AFTER` failures in a row while connected (the detail is the
 * last failure's kind and detail, "timeout: …"), an upstream's request (1011, 2051 …) could not be answered (the
 * detail begins with its CN).
 */
export const FORWARD_ERROR_KINDS = ['unreachable', 'closed', 'timeout', 'refused', 'paused', 'request'] as const;
export type ForwardErrorKind = (typeof FORWARD_ERROR_KINDS)[number];

/** Failed drains in a row, while connected, after which an upstream device is paused until its settings are saved. */
export const FORWARD_PAUSE_AFTER = 3;

export const TRANSFER_FORMAT_LIMITS = {
  hostMax: 253,
  /** HJ 212 PW: 6 characters in the standard, 24 seen in the field (HJ212.md §4, V02). */
  passwordMax: 24,
  /** MN: 24 in the standard, any string in practice (HJ212.md §4). */
  mnMax: 32,
  /** CN 1000 OverTime: 0 < n ≤ 99 seconds (HJ212.md §6); ReCount N2. */
  overTimeMax: 99,
  reCountMax: 99,
  /** Table 1's defaults: 10 s, 3 retries. */
  defaultOverTime: 10,
  defaultReCount: 3,
  decimalsMax: 6,
  factorCodeMax: 16,
  /** Devices one `updates` call sets. */
  devicesPerUpdate: LIMITS.devicePageSize,
  factorsPerDevice: 200,
  /**
   * Packets waiting per upstream × device: beyond it the oldest are dropped (and counted), so an upstream gone
   * for good cannot fill the database — a year of hours and days, a week of minutes.
   */
  queuePerDevice: 20_000,
} as const;

/** ST: two characters 0-9/A-Z in the standard; three-digit codes seen in the field (HJ212.md §8). */
const ST_PATTERN = /^[0-9A-Z]{2,3}$/;
/** HJ 212 header values may not hold `;` `=` `&` (HJ212.md §4). */
const HEADER_VALUE_PATTERN = /^[^;=&\s]+$/;
/** Factor codes: what a CP key may hold before `-`. */
const FACTOR_CODE_PATTERN = /^[^;,=&\s-]+$/;

const headerValue = (max: number) =>
  z.string({ error: V.required }).trim().min(1, V.required).max(max, V.tooLong).regex(HEADER_VALUE_PATTERN, V.pattern);

/** An upstream platform as the console shows it; the password is masked for who may not edit it. */
export const upstreamSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  host: z.string(),
  port: z.number().int(),
  protocol: z.enum(UPSTREAM_PROTOCOLS),
  st: z.string(),
  password: z.string(),
  /** Ask for a 9014 for every packet (Flag bit A). */
  ackRequired: z.boolean(),
  /** How long to wait for the 9014, and how often to resend before giving the packet up for now (CN 1000). */
  overTimeSeconds: z.number().int(),
  reCount: z.number().int(),
  enabled: z.boolean(),
  /** Devices forwarded to it. */
  deviceCount: z.number().int(),
  remark: z.string().nullable(),
  updateTime: z.number().int(),
});
export type Upstream = z.infer<typeof upstreamSchema>;

/** update: adds (no id) or edits an upstream. Sending back the masked password keeps the saved one. */
export const upstreamInputSchema = z.object({
  id: idSchema.optional(),
  name: requiredText(),
  host: z
    .string({ error: V.required })
    .trim()
    .min(1, V.required)
    .max(TRANSFER_FORMAT_LIMITS.hostMax, V.tooLong)
    .regex(/^[A-Za-z0-9.:_-]+$/, V.pattern),
  port: z.coerce.number().int(V.integer).min(1).max(65535),
  protocol: z.enum(UPSTREAM_PROTOCOLS).default('2017'),
  st: z.string({ error: V.required }).trim().regex(ST_PATTERN, V.pattern),
  password: headerValue(TRANSFER_FORMAT_LIMITS.passwordMax),
  ackRequired: z.boolean().default(true),
  overTimeSeconds: z.coerce
    .number()
    .int(V.integer)
    .min(1)
    .max(TRANSFER_FORMAT_LIMITS.overTimeMax)
    .default(TRANSFER_FORMAT_LIMITS.defaultOverTime),
  reCount: z.coerce
    .number()
    .int(V.integer)
    .min(0)
    .max(TRANSFER_FORMAT_LIMITS.reCountMax)
    .default(TRANSFER_FORMAT_LIMITS.defaultReCount),
  enabled: z.boolean().default(true),
  remark: optionalText(),
});
export type UpstreamInput = z.infer<typeof upstreamInputSchema>;

export const upstreamListQuerySchema = pageQuerySchema.extend({
  name: z.string().trim().max(LIMITS.nameMax).optional(),
});
export type UpstreamListQuery = z.infer<typeof upstreamListQuerySchema>;
export const upstreamPageSchema = pageSchema(upstreamSchema);

/** One of our factors as the upstream knows it. */
export const factorMappingSchema = z.object({
  factorCode: z
    .string()
    .trim()
    .min(1, V.required)
    .max(TRANSFER_FORMAT_LIMITS.factorCodeMax, V.tooLong)
    .regex(FACTOR_CODE_PATTERN, V.pattern),
  /** The upstream's code (a 2005 code such as `011` for a 2005 upstream); null: the catalogue's for its protocol. */
  upstreamCode: z
    .preprocess(
      (v) => (v === '' ? null : v),
      z
        .string()
        .trim()
        .max(TRANSFER_FORMAT_LIMITS.factorCodeMax, V.tooLong)
        .regex(FACTOR_CODE_PATTERN, V.pattern)
        .nullable(),
    )
    .default(null),
  /** Multiplies the value (unit conversion: mg/L → µg/L is 1000). */
  ratio: z.coerce.number().positive().finite().default(1),
  /** Decimal places sent; null: as stored. */
  decimals: z.coerce.number().int().min(0).max(TRANSFER_FORMAT_LIMITS.decimalsMax).nullable().default(null),
});
export type FactorMapping = z.infer<typeof factorMappingSchema>;

/** Where forwarding to one upstream for one device stands. */
export const forwardStatusSchema = z.object({
  connected: z.boolean(),
  /** Packets waiting to go. */
  queued: z.number().int(),
  sent: z.number().int(),
  acknowledged: z.number().int(),
  /** Oldest packets dropped because the queue was full. */
  dropped: z.number().int(),
  /** What went wrong last (null: nothing, or a status written before kinds were recorded)… */
  lastErrorKind: z.enum(FORWARD_ERROR_KINDS).nullable(),
  /** …and its detail: the OS error, the QnRtn and its reason, the sends without answer, a pause's last failure. */
  lastError: z.string().nullable(),
  lastErrorTime: z.number().int().nullable(),
  lastSendTime: z.number().int().nullable(),
  lastAckTime: z.number().int().nullable(),
  /** Data time of the newest packet the upstream has (acknowledged, or sent when no answer is asked for). */
  lastDataTime: z.number().int().nullable(),
});
export type ForwardStatus = z.infer<typeof forwardStatusSchema>;

/** One device forwarded to one upstream (getList). */
export const upstreamDeviceSchema = z.object({
  id: z.number().int(),
  upstreamId: z.number().int(),
  deviceId: z.number().int(),
  deviceName: z.string(),
  /** Our MN of the device. */
  mn: z.string(),
  upstreamMn: z.string(),
  /** Masked for who may not edit. */
  upstreamPassword: z.string(),
  cns: z.array(z.enum(FORWARD_CNS)),
  factors: z.array(factorMappingSchema),
  valueSource: z.enum(FORWARD_VALUE_SOURCES),
  /** Data from this time on is forwarded (data time, epoch ms); null: from when it was configured. */
  fromTime: z.number().int().nullable(),
  enabled: z.boolean(),
  status: forwardStatusSchema,
  updateTime: z.number().int(),
});
export type UpstreamDevice = z.infer<typeof upstreamDeviceSchema>;

export const upstreamDeviceListQuerySchema = pageQuerySchema.extend({
  upstreamId: idSchema,
  projectId: z.coerce.number().int().positive().optional(),
  ifFilter: z.coerce.number().int().min(0).max(1).optional(),
});
export type UpstreamDeviceListQuery = z.infer<typeof upstreamDeviceListQuerySchema>;
export const upstreamDevicePageSchema = pageSchema(upstreamDeviceSchema);

/** One device's settings in `updates`; a masked upstreamPassword keeps the saved one. */
export const upstreamDeviceInputSchema = z.object({
  deviceId: idSchema,
  upstreamMn: headerValue(TRANSFER_FORMAT_LIMITS.mnMax),
  upstreamPassword: headerValue(TRANSFER_FORMAT_LIMITS.passwordMax),
  cns: z
    .array(z.enum(FORWARD_CNS))
    .min(1, V.required)
    .transform((cns) => FORWARD_CNS.filter((cn) => cns.includes(cn))),
  factors: z.array(factorMappingSchema).max(TRANSFER_FORMAT_LIMITS.factorsPerDevice).default([]),
  valueSource: z.enum(FORWARD_VALUE_SOURCES).default('audited'),
  fromTime: z.coerce.number().int().nonnegative().nullable().default(null),
  enabled: z.boolean().default(true),
});
export type UpstreamDeviceInput = z.infer<typeof upstreamDeviceInputSchema>;

/** updates: sets (adds or replaces) the settings of many devices of one upstream at once. */
export const upstreamDevicesUpdateSchema = z.object({
  upstreamId: idSchema,
  devices: z
    .array(upstreamDeviceInputSchema)
    .min(1, V.required)
    .max(TRANSFER_FORMAT_LIMITS.devicesPerUpdate)
    .refine((devices) => new Set(devices.map((d) => d.deviceId)).size === devices.length, V.pattern)
    .refine((devices) => new Set(devices.map((d) => d.upstreamMn)).size === devices.length, V.pattern),
});
export type UpstreamDevicesUpdate = z.infer<typeof upstreamDevicesUpdateSchema>;

/** delete (GET query or POST body): an upstream (id), or one device of it (id and deviceId). */
export const transferFormatDeleteSchema = z.object({
  id: idSchema,
  deviceId: idSchema.optional(),
});
export type TransferFormatDelete = z.infer<typeof transferFormatDeleteSchema>;
