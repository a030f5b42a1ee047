import { z } from 'zod';
import { DAY_MS } from '../utils/time-units.js';
import { idSchema, optionalText, pageQuerySchema, pageSchema, requiredText, V } from './common.js';

/**
 * Settings › IoT card (SPEC section 7 'iotCard': get, add, update, delete): the mobile SIM / IoT cards the
 * stations connect through — which card is in which station, and when it expires.
 */
export const IOT_CARD_LIMITS = {
  cardNoMax: 20,
  planMax: 64,
  remarkMax: 200,
  /** A card expiring within this many days is 'soon'. */
  soonDays: 30,
} as const;

export const IOT_CARD_SOON_MS = IOT_CARD_LIMITS.soonDays * DAY_MS;

/** ICCID: 19–20 digits or uppercase letters. */
export const ICCID_PATTERN = /^[0-9A-Z]{19,20}$/;
/** The card's own number (MSISDN): 11–13 digits (IoT numbers run longer than a phone's 11). */
export const MSISDN_PATTERN = /^\d{11,13}$/;

/** Network operators: China Mobile, China Unicom, China Telecom, other; labels are `iotCard.operators.<value>`. */
export const IOT_CARD_OPERATORS = ['cmcc', 'cucc', 'ctcc', 'other'] as const;
export type IotCardOperator = (typeof IOT_CARD_OPERATORS)[number];

/**
 * Where a card stands against its expiry date: `expired` before now, `soon` within 30 days, `valid` later
 * or with no expiry date. Labels are `iotCard.expiries.<value>`; colours are antd's status colours.
 */
export const IOT_CARD_EXPIRIES = ['expired', 'soon', 'valid'] as const;
export type IotCardExpiry = (typeof IOT_CARD_EXPIRIES)[number];
export const IOT_CARD_EXPIRY_COLORS: Record<IotCardExpiry, string> = {
  expired: 'error',
  soon: 'warning',
  valid: 'success',
};

/** The expiry bucket of a card, as the list's `expiry` filter reads it. */
export function iotCardExpiry(expireDate: number | null, now: number): IotCardExpiry {
  if (expireDate === null) return 'valid';
  if (expireDate < now) return 'expired';
  return expireDate <= now + IOT_CARD_SOON_MS ? 'soon' : 'valid';
}

export const iotCardSchema = z.object({
  id: z.number().int(),
  cardNo: z.string(),
  msisdn: z.string().nullable(),
  operator: z.enum(IOT_CARD_OPERATORS),
  /** Null when the card is in no station (not yet fitted, or its station was deleted). */
  deviceId: z.number().int().nullable(),
  deviceName: z.string().nullable(),
  deviceCode: z.string().nullable(),
  plan: z.string().nullable(),
  /** Monthly data allowance in MB. */
  dataLimitMb: z.number().int().nullable(),
  activateDate: z.number().int().nullable(),
  expireDate: z.number().int().nullable(),
  remark: z.string().nullable(),
  createTime: z.number().int(),
  updateTime: z.number().int(),
});
export type IotCard = z.infer<typeof iotCardSchema>;
export const iotCardPageSchema = pageSchema(iotCardSchema);

/** An epoch-ms date, optional (null when not given). */
const optionalDate = z
  .number()
  .int(V.pattern)
  .nonnegative(V.pattern)
  .optional()
  .nullable()
  .transform((v) => v ?? null);

const iotCardFields = z.object({
  cardNo: requiredText(IOT_CARD_LIMITS.cardNoMax).regex(ICCID_PATTERN, V.pattern),
  msisdn: z
    .string()
    .trim()
    .refine((v) => v === '' || MSISDN_PATTERN.test(v), V.pattern)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null)),
  operator: z.enum(IOT_CARD_OPERATORS, { error: V.required }),
  deviceId: idSchema
    .optional()
    .nullable()
    .transform((v) => v ?? null),
  plan: optionalText(IOT_CARD_LIMITS.planMax),
  dataLimitMb: z
    .number()
    .int(V.pattern)
    .min(0, 'validation.min')
    .optional()
    .nullable()
    .transform((v) => v ?? null),
  activateDate: optionalDate,
  expireDate: optionalDate,
  remark: optionalText(IOT_CARD_LIMITS.remarkMax),
});

const expiresAfterActivation = (card: { activateDate: number | null; expireDate: number | null }) =>
  card.activateDate === null || card.expireDate === null || card.expireDate >= card.activateDate;
const EXPIRY_ORDER = { message: 'validation.dateOrder', path: ['expireDate'] };

export const iotCardInputSchema = iotCardFields.refine(expiresAfterActivation, EXPIRY_ORDER);
export type IotCardInput = z.infer<typeof iotCardInputSchema>;
export type IotCardInputRequest = z.input<typeof iotCardInputSchema>;
export const iotCardUpdateSchema = iotCardFields.extend({ id: idSchema }).refine(expiresAfterActivation, EXPIRY_ORDER);
export type IotCardUpdate = z.infer<typeof iotCardUpdateSchema>;

/** get: paged, by card number (contains), device, operator and expiry, within the caller's device scope. */
export const iotCardListQuerySchema = pageQuerySchema.extend({
  cardNo: z.string().trim().max(IOT_CARD_LIMITS.cardNoMax).optional(),
  deviceId: z.coerce.number().int().positive().optional(),
  operator: z.enum(IOT_CARD_OPERATORS).optional(),
  expiry: z.enum(IOT_CARD_EXPIRIES).optional(),
  projectId: z.coerce.number().int().positive().optional(),
  ifFilter: z.coerce.number().int().optional(),
});
export type IotCardListQuery = z.infer<typeof iotCardListQuerySchema>;
