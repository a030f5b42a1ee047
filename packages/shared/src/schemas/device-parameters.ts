import { z } from 'zod';
import { idSchema } from './common.js';
import { COMMAND_LIMITS, COMMAND_STATES, stationCommandSchema } from './control.js';

/**
 * Settings › device parameters (SPEC section 7: deviceParameters get, update, delete): each station's
 * parameters as it last reported them (its uploads in answer to commands, or a set command it executed)
 * beside the value the platform wants, set on the station through the counter-control commands.
 */

/**
 * The parameters the platform can set, and the command that sets each (HJ212.md §9): the time-out and resends
 * (1000, both at once), the real-time and minute intervals (1062, 1064), the station clock (1012), the sampling
 * period per factor (3016, both at once) and the site parameters i13xxx per factor (3021).
 */
export const SETTABLE_PARAMETERS = {
  OverTime: '1000',
  ReCount: '1000',
  RtdInterval: '1062',
  MinInterval: '1064',
  SystemTime: '1012',
  CstartTime: '3016',
  Ctime: '3016',
} as const satisfies Record<string, string>;

/** Site parameters (3020/3021 InfoId i13xxx) are set by 3021. */
export const SITE_PARAMETER = /^i13\d{3}$/;

/** The command that sets a parameter, or undefined when the station only reports it (SN, Stime, i12xxx states). */
export function settingCommand(name: string): string | undefined {
  if (SITE_PARAMETER.test(name)) return '3021';
  return Object.hasOwn(SETTABLE_PARAMETERS, name)
    ? SETTABLE_PARAMETERS[name as keyof typeof SETTABLE_PARAMETERS]
    : undefined;
}

/** The commands 'read all' queues: time, both intervals, the instruments' SNs and every site information item. */
export const READ_ALL_COMMANDS = ['1011', '1061', '1063', '3019', '3020'] as const;

export const deviceParameterSchema = z.object({
  id: z.number().int(),
  deviceId: z.number().int(),
  /** The CP field (RtdInterval, SN, Stime …) or the information code (i13004 …). */
  name: z.string(),
  /** The factor the parameter is about ('' for the station's own). */
  polId: z.string(),
  reportedValue: z.string().nullable(),
  reportedTime: z.number().int().nullable(),
  wantedValue: z.string().nullable(),
  wantedTime: z.number().int().nullable(),
  /** The last command that read or set it, and its state. */
  commandId: z.number().int().nullable(),
  commandState: z.enum(COMMAND_STATES).nullable(),
  /** Whether the platform can set it (settingCommand). */
  settable: z.boolean(),
});
export type DeviceParameter = z.infer<typeof deviceParameterSchema>;

export const deviceParametersQuerySchema = z.object({ deviceId: idSchema });
export type DeviceParametersQuery = z.infer<typeof deviceParametersQuerySchema>;

/** update: the value the platform wants; the command that sets it is queued at once. `code`: the dynamic code. */
export const deviceParameterInputSchema = z.object({
  deviceId: idSchema,
  name: z.string().min(1).max(32),
  polId: z
    .string()
    .max(6)
    .regex(/^[A-Za-z0-9]*$/, 'control.rules.polId')
    .default(''),
  value: z.string().max(COMMAND_LIMITS.maxValueLength, 'validation.tooLong'),
  waitMinutes: z.number().int().min(0).max(COMMAND_LIMITS.maxWaitMinutes).default(COMMAND_LIMITS.defaultWaitMinutes),
  code: z.string().max(16).optional(),
});
export type DeviceParameterInput = z.infer<typeof deviceParameterInputSchema>;

export const deviceParameterUpdateSchema = z.object({
  parameter: deviceParameterSchema,
  command: stationCommandSchema,
});
export type DeviceParameterUpdate = z.infer<typeof deviceParameterUpdateSchema>;

/** readAll: asks the station for everything it can report (READ_ALL_COMMANDS), answers the commands queued. */
export const deviceParametersReadSchema = z.object({
  deviceId: idSchema,
  waitMinutes: z.number().int().min(0).max(COMMAND_LIMITS.maxWaitMinutes).default(COMMAND_LIMITS.defaultWaitMinutes),
});
export type DeviceParametersRead = z.infer<typeof deviceParametersReadSchema>;
