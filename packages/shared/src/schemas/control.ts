import { z } from 'zod';
import { MINUTE_MS } from '../utils/time-units.js';
import { idSchema, pageQuerySchema, pageSchema } from './common.js';

/**
 * Remote control of stations (counter control, 反控; SPEC section 7: countercontrol get, update, delete,
 * uploadList): the host→station commands of HJ 212 (HJ212.md §9), each a record with its state, the station's
 * return codes (§10), every packet exchanged and what the station uploaded in answer (§11).
 */

/** The screens that send commands to stations (their resource codes): each may read and, with its write, send. */
export const CONTROL_PAGES = ['settings.counter-control', 'settings.device-parameters', 'water.control'] as const;

/** What a command's parameter holds, and so how it is checked and entered. */
export type CommandParameterKind =
  /** A factor code (PolId, C6). */
  | 'polId'
  /** A site-information code (InfoId: i11001 logs, i12xxx state, i13xxx parameters). */
  | 'infoId'
  /** A station time (YYYYMMDDhhmmss on the station's clock; entered as epoch ms). */
  | 'time'
  /** A time of day, hhmmss. */
  | 'clock'
  | 'integer'
  | 'text'
  /** A station password: masked wherever it is shown. */
  | 'password';

export interface CommandParameter {
  /** The CP field name; `Info` is sent as `<InfoId>-Info` (3021). */
  name: string;
  kind: CommandParameterKind;
  required: boolean;
  min?: number;
  max?: number;
  /** The only values an integer may take. */
  values?: readonly number[];
}

/** Groups of commands, as the screens list them. */
export const COMMAND_FAMILIES = [
  'communication',
  'time',
  'interval',
  'password',
  'calibration',
  'sampling',
  'cleaning',
  'information',
  'operation',
] as const;
export type CommandFamily = (typeof COMMAND_FAMILIES)[number];

/**
 * Which stations a command is offered to: every HJ 212-2017 station; the surface-water variant's additions
 * only to surface-water stations (ST 21); HJ 212-2025's to every station (one that does not know them
 * answers QnRtn 8, CN error, which the record shows).
 */
export type CommandScope = 'hj212-2017' | 'hj212-2025' | 'surface-water';

export interface CommandSpec {
  cn: string;
  family: CommandFamily;
  scope: CommandScope;
  parameters: readonly CommandParameter[];
  /** The CNs the station uploads in answer (HJ212.md §9 'both'); they are kept with the record. */
  uploads: readonly string[];
  /**
   * How long the station may work on it once it accepted it (QnRtn 1) before its result (9012): an instrument's
   * calibration or a sampling cycle takes many minutes. Without, the station's time-out.
   */
  runsMinutes?: number;
}

const p = (name: string, kind: CommandParameterKind, required: boolean, extra: Partial<CommandParameter> = {}) => ({
  name,
  kind,
  required,
  ...extra,
});
const POL = p('PolId', 'polId', true);
const POL_OPTIONAL = p('PolId', 'polId', false);
const MIN_INTERVALS = [1, 2, 3, 4, 5, 6, 10, 12, 15, 20, 30] as const;

const spec = (
  cn: string,
  family: CommandFamily,
  parameters: readonly CommandParameter[] = [],
  uploads: readonly string[] = [],
  scope: CommandScope = 'hj212-2017',
): CommandSpec => ({ cn, family, scope, parameters, uploads });

/** A command an instrument carries out over minutes (HJ 212 gives no figure: a COD cycle with its calibration ~1 h). */
const long = (command: CommandSpec, minutes: number): CommandSpec => ({ ...command, runsMinutes: minutes });
const CYCLE_MINUTES = 60;
const SAMPLING_MINUTES = 30;

/** Every command the platform sends, in HJ212.md §9's order (field ranges from §6). */
export const COMMAND_CATALOGUE: readonly CommandSpec[] = [
  spec('1000', 'communication', [
    p('OverTime', 'integer', true, { min: 1, max: 99 }),
    p('ReCount', 'integer', true, { min: 0, max: 99 }),
  ]),
  spec('1011', 'time', [POL_OPTIONAL], ['1011']),
  // Without SystemTime, the platform's clock at the moment of sending, on the station's clock.
  spec('1012', 'time', [POL_OPTIONAL, p('SystemTime', 'time', false)]),
  spec('1061', 'interval', [], ['1061']),
  spec('1062', 'interval', [p('RtdInterval', 'integer', true, { min: 30, max: 3600 })]),
  spec('1063', 'interval', [], ['1063']),
  spec('1064', 'interval', [p('MinInterval', 'integer', true, { values: MIN_INTERVALS })]),
  spec('1072', 'password', [p('NewPW', 'password', true)]),
  long(spec('3011', 'calibration', [POL]), CYCLE_MINUTES),
  long(spec('3012', 'sampling', [POL_OPTIONAL], ['3015']), SAMPLING_MINUTES),
  long(spec('3013', 'cleaning', [POL_OPTIONAL]), SAMPLING_MINUTES),
  long(spec('3014', 'sampling', [POL_OPTIONAL]), SAMPLING_MINUTES),
  long(spec('3015', 'sampling', [POL_OPTIONAL], ['3015']), SAMPLING_MINUTES),
  spec('3016', 'sampling', [POL, p('CstartTime', 'clock', true), p('Ctime', 'integer', true, { min: 1, max: 24 })]),
  spec('3017', 'sampling', [POL], ['3017']),
  spec('3018', 'sampling', [POL], ['3018']),
  spec('3019', 'information', [POL_OPTIONAL], ['3019']),
  spec(
    '3020',
    'information',
    [POL_OPTIONAL, p('InfoId', 'infoId', false), p('BeginTime', 'time', false), p('EndTime', 'time', false)],
    ['3020'],
  ),
  spec('3021', 'information', [POL_OPTIONAL, p('InfoId', 'infoId', true), p('Info', 'text', true)]),
  long(spec('3022', 'sampling', [POL_OPTIONAL], ['3015'], 'hj212-2025'), SAMPLING_MINUTES),
  long(spec('3024', 'calibration', [POL], [], 'hj212-2025'), CYCLE_MINUTES),
  spec('3042', 'operation', [p('RunMode', 'integer', true, { min: 0, max: 9 })], [], 'surface-water'),
  spec('3043', 'operation', [], [], 'surface-water'),
  long(spec('3044', 'sampling', [POL_OPTIONAL], [], 'surface-water'), CYCLE_MINUTES),
  spec('3045', 'operation', [], [], 'surface-water'),
  spec('3046', 'operation', [], [], 'surface-water'),
  ...['3080', '3081', '3082', '3083', '3084', '3085', '3086'].map((cn) =>
    long(spec(cn, 'calibration', [POL], [], 'surface-water'), CYCLE_MINUTES),
  ),
  spec('3100', 'operation', [POL_OPTIONAL], [], 'surface-water'),
];

export const COMMAND_CNS = COMMAND_CATALOGUE.map((c) => c.cn);
const BY_CN = new Map(COMMAND_CATALOGUE.map((c) => [c.cn, c]));

export function commandSpec(cn: string): CommandSpec | undefined {
  return BY_CN.get(cn);
}

/** HJ 212 system code of surface-water stations (the surface-water variant's commands). */
export const SURFACE_WATER_ST = '21';

/** Whether a station of this type (its ST) is offered the command. */
export function commandOffered(command: CommandSpec, deviceType: string): boolean {
  return command.scope !== 'surface-water' || deviceType === SURFACE_WATER_ST;
}

/**
 * queued (waiting for its turn, its time or the station) → sent → accepted (QnRtn 1: the station works on it) →
 * executed (ExeRtn 1, or the notification answered) | failed (another ExeRtn) — or refused (QnRtn ≠ 1), timeout (no
 * answer after the station's resends, or no result in the time the command may run), expired (the station was not
 * connected in time), withdrawn (deleted while queued), interrupted (the server stopped while it was out).
 */
export const COMMAND_STATES = [
  'queued',
  'sent',
  'accepted',
  'executed',
  'refused',
  'failed',
  'timeout',
  'expired',
  'withdrawn',
  'interrupted',
] as const;
export type CommandState = (typeof COMMAND_STATES)[number];
/** A command on its way: its record still changes. */
export const ACTIVE_COMMAND_STATES: readonly CommandState[] = ['queued', 'sent', 'accepted'];

/** Why a command ended without the station's answer (shown as control.reason.<reason>). */
export const COMMAND_REASONS = ['deviceNotConnected', 'gatewayNotRunning', 'gatewayNoAnswer'] as const;
export type CommandReason = (typeof COMMAND_REASONS)[number];

/** HJ212.md §10: the return codes the screens name (others show as numbers). */
export const QN_RTN_CODES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 100] as const;
export const EXE_RTN_CODES = [1, 2, 3, 4, 5, 6, 100] as const;

export const COMMAND_LIMITS = {
  /** Commands waiting (queued) for one device. */
  maxQueuedPerDevice: 20,
  /** How long a command waits for a station that is not connected, by default and at most (minutes). */
  defaultWaitMinutes: 10,
  maxWaitMinutes: 7 * 24 * 60,
  /** How far ahead a command may be scheduled (days). */
  maxScheduleDays: 31,
  /** Packets kept with a record (the rest counted): a 3020 log read may stream many. */
  maxPackets: 100,
  /** A CP value's length (a 3021 parameter, a password). */
  maxValueLength: 256,
} as const;

const cpValue = z.string().max(COMMAND_LIMITS.maxValueLength, 'validation.tooLong');

/**
 * update: a new command (deviceId, cn, parameters) or a resend of a finished one (id; a new record of the same
 * command). `notBefore` schedules it; `waitMinutes`: how long it waits for the station to be connected.
 * `code`: the user's dynamic code, for the commands that need one.
 */
export const commandInputSchema = z
  .object({
    id: idSchema.optional(),
    deviceId: idSchema.optional(),
    cn: z.string().optional(),
    parameters: z.record(z.string().max(32), cpValue).default({}),
    notBefore: z.number().int().nonnegative().nullable().optional(),
    waitMinutes: z.number().int().min(0).max(COMMAND_LIMITS.maxWaitMinutes).default(COMMAND_LIMITS.defaultWaitMinutes),
    code: z.string().max(16).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.id !== undefined) return;
    if (v.deviceId === undefined) ctx.addIssue({ code: 'custom', path: ['deviceId'], message: 'validation.required' });
    const command = v.cn === undefined ? undefined : commandSpec(v.cn);
    if (!command) {
      ctx.addIssue({ code: 'custom', path: ['cn'], message: 'control.rules.command' });
      return;
    }
    const problem = commandParameterProblem(command, v.parameters);
    if (problem) ctx.addIssue({ code: 'custom', path: ['parameters'], message: problem });
  });
export type CommandInput = z.infer<typeof commandInputSchema>;

/** A command's parameters, checked against its specification: the message key of the first problem, or null. */
export function commandParameterProblem(command: CommandSpec, parameters: Record<string, string>): string | null {
  const known = new Set(command.parameters.map((x) => x.name));
  if (Object.keys(parameters).some((name) => !known.has(name))) return 'control.rules.unknownParameter';
  for (const parameter of command.parameters) {
    const value = parameters[parameter.name];
    if (value === undefined || value === '') {
      if (parameter.required) return 'validation.required';
      continue;
    }
    if (!valueFits(parameter, value)) return `control.rules.${parameter.kind}`;
  }
  return null;
}

const FACTOR_CODE = /^[A-Za-z0-9]{1,6}$/;
const INFO_CODE = /^i\d{5}$/;
const CLOCK = /^([01]\d|2[0-3])[0-5]\d[0-5]\d$/;
/** Text that would break the data segment (HJ212.md §6: `;` `,` `=` `&` separate fields). */
const SEGMENT_SAFE = /^[^;,=&\r\n]*$/;

function valueFits(parameter: CommandParameter, value: string): boolean {
  switch (parameter.kind) {
    case 'polId':
      return FACTOR_CODE.test(value);
    case 'infoId':
      return INFO_CODE.test(value);
    case 'clock':
      return CLOCK.test(value);
    case 'time':
      return /^\d{1,15}$/.test(value);
    case 'integer': {
      if (!/^\d{1,6}$/.test(value)) return false;
      const n = Number(value);
      if (parameter.values) return parameter.values.includes(n);
      return n >= (parameter.min ?? 0) && n <= (parameter.max ?? Number.MAX_SAFE_INTEGER);
    }
    case 'password':
      return /^[^;,=&\s]{1,24}$/.test(value);
    case 'text':
      return SEGMENT_SAFE.test(value);
  }
}

export const stationCommandSchema = z.object({
  id: z.number().int(),
  deviceId: z.number().int(),
  deviceName: z.string().nullable(),
  deviceCode: z.string().nullable(),
  cn: z.string(),
  /** The parameters as entered (a password masked). */
  parameters: z.record(z.string(), z.string()),
  state: z.enum(COMMAND_STATES),
  reason: z.enum(COMMAND_REASONS).nullable(),
  qn: z.string().nullable(),
  qnRtn: z.number().int().nullable(),
  exeRtn: z.number().int().nullable(),
  attempts: z.number().int(),
  createdBy: z.string().nullable(),
  createTime: z.number().int(),
  notBefore: z.number().int(),
  expireTime: z.number().int(),
  sendTime: z.number().int().nullable(),
  finishTime: z.number().int().nullable(),
  resentFrom: z.number().int().nullable(),
});
export type StationCommand = z.infer<typeof stationCommandSchema>;
export const stationCommandPageSchema = pageSchema(stationCommandSchema);

/** get: the commands of the devices in scope, newest first. */
export const commandListQuerySchema = pageQuerySchema.extend({
  deviceId: z.coerce.number().int().positive().optional(),
  cn: z.string().max(4).optional(),
  state: z.enum(COMMAND_STATES).optional(),
  beginTime: z.coerce.number().int().nonnegative().optional(),
  endTime: z.coerce.number().int().nonnegative().optional(),
  projectId: z.coerce.number().int().positive().optional(),
  ifFilter: z.coerce.number().int().optional(),
});
export type CommandListQuery = z.infer<typeof commandListQuerySchema>;

/** A packet of a command's exchange, as sent or received (station passwords masked for who may not edit them). */
export const exchangedPacketSchema = z.object({
  direction: z.enum(['sent', 'received']),
  at: z.number().int(),
  raw: z.string(),
});
export type ExchangedPacket = z.infer<typeof exchangedPacketSchema>;

/**
 * A field of an upload: `item` the pollutant (`PolId`, or the factor code before `-`), `key` the field (SystemTime,
 * RtdInterval, MinInterval, VaseNo, CstartTime, Ctime, Stime, SN, or an InfoId), `value` its text (a log without
 * its `//…//`).
 */
export const uploadFieldSchema = z.object({ item: z.string().nullable(), key: z.string(), value: z.string() });
export type UploadField = z.infer<typeof uploadFieldSchema>;

export const commandUploadSchema = z.object({
  cn: z.string(),
  at: z.number().int(),
  /** The upload's DataTime (epoch ms), when it carries one. */
  dataTime: z.number().int().nullable(),
  fields: z.array(uploadFieldSchema),
});
export type CommandUpload = z.infer<typeof commandUploadSchema>;

/** uploadList: a command's exchange and what the station uploaded in answer, parsed. */
export const commandExchangeSchema = z.object({
  command: stationCommandSchema,
  packets: z.array(exchangedPacketSchema),
  /** Packets beyond COMMAND_LIMITS.maxPackets, not kept. */
  droppedPackets: z.number().int(),
  uploads: z.array(commandUploadSchema),
});
export type CommandExchange = z.infer<typeof commandExchangeSchema>;

/** The default wait for a station, in ms. */
export const DEFAULT_COMMAND_WAIT_MS = COMMAND_LIMITS.defaultWaitMinutes * MINUTE_MS;
