import { z } from 'zod';
import { LANGUAGES } from '../i18n/languages.js';
import { isValidUrl } from '../utils/validate-url.js';
import { ALARM_LEVELS, ALARM_TYPES } from './alarm.js';
import { MOBILE_PATTERN, V } from './common.js';

/**
 * WeChat alarm settings (SPEC section 7 'wxalarm'): alarms go to one enterprise-WeChat-style group
 * robot webhook for the whole platform. Changing the webhook needs the dynamic code that
 * `dynamicCode` sent through the new webhook, so only someone who sees that group can point alarms
 * elsewhere.
 */
export const WX_ALARM_LIMITS = {
  urlMax: 500,
  recipientsMax: 50,
  recipientMax: 64,
  digestCountMin: 2,
  digestCountMax: 1000,
  digestWindowSecondsMax: 3600,
  dynamicCodeLength: 6,
  dynamicCodeTtlMs: 5 * 60_000,
} as const;

/** http or https only: the webhook is called by the server. */
export function isWebhookUrl(value: string): boolean {
  return /^https?:\/\//i.test(value.trim()) && isValidUrl(value);
}

const webhookUrlSchema = z.string().trim().max(WX_ALARM_LIMITS.urlMax, V.tooLong).refine(isWebhookUrl, V.url);

const recipientSchema = z.string().trim().min(1, V.required).max(WX_ALARM_LIMITS.recipientMax, V.tooLong);

export const wxAlarmSettingsSchema = z.object({
  enabled: z.boolean(),
  /** The secret `key` query parameter is masked: the console never holds it once saved. */
  webhookUrl: z.string().nullable(),
  /** Alarm types that are sent (1 threshold … 5 breaker). */
  alarmTypes: z.array(z.number().int()),
  /** The least severe level still sent (1 most severe): 3 sends every level. */
  lowestLevel: z.number().int(),
  /** @-mentions: enterprise WeChat user ids ('@all' for everyone) and mobile numbers. */
  mentionedUserIds: z.array(z.string()),
  mentionedMobiles: z.array(z.string()),
  /** This many offline alarms raised within digestWindowSeconds are sent as one digest. */
  digestCount: z.number().int(),
  digestWindowSeconds: z.number().int(),
  /** The language of the messages. */
  language: z.enum(LANGUAGES),
  updateTime: z.number().int().nullable(),
});
export type WxAlarmSettings = z.infer<typeof wxAlarmSettingsSchema>;

export const wxAlarmSettingsInputSchema = z
  .object({
    enabled: z.boolean().default(false),
    /** Sending back the masked URL that get answered keeps the saved webhook. */
    webhookUrl: z.preprocess((v) => (v === '' ? null : v), webhookUrlSchema.nullable()).default(null),
    alarmTypes: z
      .array(z.literal(ALARM_TYPES))
      .max(ALARM_TYPES.length)
      .transform((types) => [...new Set(types)].sort()),
    lowestLevel: z.literal(ALARM_LEVELS).default(3),
    mentionedUserIds: z.array(recipientSchema).max(WX_ALARM_LIMITS.recipientsMax).default([]),
    mentionedMobiles: z
      .array(z.string().trim().regex(MOBILE_PATTERN, V.mobile))
      .max(WX_ALARM_LIMITS.recipientsMax)
      .default([]),
    digestCount: z
      .number()
      .int(V.integer)
      .min(WX_ALARM_LIMITS.digestCountMin)
      .max(WX_ALARM_LIMITS.digestCountMax)
      .default(5),
    digestWindowSeconds: z.number().int(V.integer).min(1).max(WX_ALARM_LIMITS.digestWindowSecondsMax).default(60),
    language: z.enum(LANGUAGES).default('zh-CN'),
    /** Required when webhookUrl changes: the code dynamicCode sent through that webhook. */
    dynamicCode: z
      .string()
      .trim()
      .regex(new RegExp(`^\\d{${WX_ALARM_LIMITS.dynamicCodeLength}}$`), V.pattern)
      .optional(),
  })
  .refine((s) => !s.enabled || s.webhookUrl !== null, { path: ['webhookUrl'], message: V.required });
export type WxAlarmSettingsInput = z.input<typeof wxAlarmSettingsInputSchema>;
export type WxAlarmSettingsUpdate = z.output<typeof wxAlarmSettingsInputSchema>;

/** dynamicCode: send a fresh code through this webhook (the saved one when it is the masked URL). */
export const wxAlarmDynamicCodeInputSchema = z.object({ webhookUrl: webhookUrlSchema });
export type WxAlarmDynamicCodeInput = z.infer<typeof wxAlarmDynamicCodeInputSchema>;

/** What a webhook answered (enterprise WeChat: errcode 0 is success). */
export const wxAlarmReplySchema = z.object({
  httpStatus: z.number().int().nullable(),
  errcode: z.number().int().nullable(),
  errmsg: z.string().nullable(),
});
export type WxAlarmReply = z.infer<typeof wxAlarmReplySchema>;

/** dynamicCode's answer: where the code went (masked) and until when it holds. */
export const wxAlarmDynamicCodeSchema = z.object({
  webhookUrl: z.string(),
  expiresAt: z.number().int(),
  reply: wxAlarmReplySchema,
});
export type WxAlarmDynamicCode = z.infer<typeof wxAlarmDynamicCodeSchema>;
