import { z } from 'zod';
import { MINUTE_MS } from '../utils/time-units.js';
import { COMMAND_CATALOGUE, commandSpec } from './control.js';

/**
 * Dynamic codes (动态码; SPEC section 7: dynamicCode get): time-based one-time passwords (RFC 6238) that
 * dangerous commands (password, calibration, parameter writes, run mode, emergency stop) need. Each user
 * enrols once with any authenticator app (a QR code of the otpauth URI, or the secret typed in) and confirms
 * with a first code; the server checks every code, accepts each time step once and locks after wrong ones.
 */
export const DYNAMIC_CODE = {
  /** The issuer the authenticator app shows. */
  issuer: 'envmon',
  /** RFC 6238 with the parameters every authenticator app supports. */
  algorithm: 'SHA1',
  digits: 6,
  periodSeconds: 30,
  /** Steps accepted either side of the server's (clock drift, typing time). */
  window: 1,
  /** Wrong codes in a row that lock the user's codes… */
  maxFailures: 5,
  /** …for this long. */
  lockMs: 5 * MINUTE_MS,
} as const;

/** A code as an authenticator app shows it (spaces typed between the groups are dropped). */
export const dynamicCodeSchema = z
  .string()
  .transform((code) => code.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'dynamicCode.rules.code'));

/** get: starts or renews the caller's enrolment; renewing a confirmed one needs a current code. */
export const dynamicCodeEnrolInputSchema = z.object({ code: dynamicCodeSchema.optional() });
export type DynamicCodeEnrolInput = z.infer<typeof dynamicCodeEnrolInputSchema>;

/** confirm: the first code of the new enrolment. */
export const dynamicCodeConfirmInputSchema = z.object({ code: dynamicCodeSchema });
export type DynamicCodeConfirmInput = z.infer<typeof dynamicCodeConfirmInputSchema>;

/** A new enrolment, answered once (by get): what an authenticator app needs, then never shown again. */
export const dynamicCodeEnrolmentSchema = z.object({
  /** otpauth://totp/… (Key URI format), what the QR code holds. */
  uri: z.string(),
  /** The QR code of `uri` as an image data URL (SVG). */
  qrCode: z.string(),
  /** The secret in base32, for typing into an app without a camera. */
  secret: z.string(),
  issuer: z.string(),
  /** The user name. */
  account: z.string(),
  algorithm: z.string(),
  digits: z.number().int(),
  period: z.number().int(),
  confirmed: z.boolean(),
});
export type DynamicCodeEnrolment = z.infer<typeof dynamicCodeEnrolmentSchema>;

/** status: the caller's enrolment, without its secret. */
export const dynamicCodeStatusSchema = z.object({
  enrolled: z.boolean(),
  confirmed: z.boolean(),
  /** Locked after too many wrong codes, until then (epoch ms); null when not locked. */
  lockedUntil: z.number().int().nullable(),
  /** When the enrolment was started; null when there is none. */
  createTime: z.number().int().nullable(),
});
export type DynamicCodeStatus = z.infer<typeof dynamicCodeStatusSchema>;

/** The commands (HJ 212 CN) that need a dynamic code, in the catalogue's order. */
export const guardedCommandsSchema = z.object({ cns: z.array(z.string()) });
export type GuardedCommands = z.infer<typeof guardedCommandsSchema>;

/** guarded (update): the whole list; only commands of COMMAND_CATALOGUE, each once. */
export const guardedCommandsInputSchema = z.object({
  cns: z
    .array(z.string().refine((cn) => commandSpec(cn) !== undefined, 'dynamicCode.rules.unknownCommand'))
    .max(COMMAND_CATALOGUE.length)
    .transform((cns) => [...new Set(cns)]),
});
export type GuardedCommandsInput = z.infer<typeof guardedCommandsInputSchema>;

/** CNs in the catalogue's order (how the list is stored and shown). */
export function inCatalogueOrder(cns: Iterable<string>): string[] {
  const wanted = new Set(cns);
  return COMMAND_CATALOGUE.filter((c) => wanted.has(c.cn)).map((c) => c.cn);
}
