import {
  type CommandParameter,
  commandParameterProblem,
  commandSpec,
  I18N_RESOURCES,
  SETTABLE_PARAMETERS,
  SITE_PARAMETER,
  settingCommand,
} from '@envmon/shared';

/**
 * What the device-parameters screen works out from a parameter's name alone: its label key, how its value is
 * entered and shown, and which command sets it — all from the shared catalogue (COMMAND_CATALOGUE,
 * settingCommand), so the screen asks for what the server will check.
 */

/** The station's clock (1012): compared with nothing, as it moves while it is read. */
export const SYSTEM_TIME = 'SystemTime';

/** The key of a parameter's label: control.param.<CP field> or control.info.<information code>. */
export const labelKeyOf = (name: string): string =>
  /^i\d{5}$/.test(name) ? `control.info.${name}` : `control.param.${name}`;

/** The site parameters the console names (control.info's i13xxx), in code order: those 'set a parameter' offers. */
export const SITE_PARAMETER_CODES: readonly string[] = Object.keys(I18N_RESOURCES['zh-CN'].control.info)
  .filter((code) => SITE_PARAMETER.test(code))
  .sort();

/** Every parameter 'set a parameter' offers: the station's settings, then the site parameters. */
export const SETTABLE_NAMES: readonly string[] = [...Object.keys(SETTABLE_PARAMETERS), ...SITE_PARAMETER_CODES];

/** A site parameter's value, as 3021 sends it (Info). */
const SITE_VALUE: CommandParameter = { name: 'Info', kind: 'text', required: true };

/** How a settable parameter's value is entered and checked: its field in the command that sets it. */
export function valueSpecOf(name: string): CommandParameter | undefined {
  if (SITE_PARAMETER.test(name)) return SITE_VALUE;
  const cn = settingCommand(name);
  return cn === undefined ? undefined : commandSpec(cn)?.parameters.find((p) => p.name === name);
}

/**
 * Whether the parameter is about one factor: the sampling period (3016) must name it, a site parameter (3021) may;
 * the station's own settings never do (the server sends no PolId with them).
 */
export function factorNeed(name: string): 'required' | 'optional' | 'none' {
  if (SITE_PARAMETER.test(name)) return 'optional';
  const polId = commandSpec(settingCommand(name) ?? '')?.parameters.find((p) => p.name === 'PolId');
  return polId?.required ? 'required' : 'none';
}

/** Why a value cannot be sent (a key of control.rules or validation), or null: the server's own check, on one field. */
export function valueProblem(name: string, value: string): string | null {
  const spec = valueSpecOf(name);
  const cn = settingCommand(name);
  const command = cn === undefined ? undefined : commandSpec(cn);
  if (!spec || !command) return 'control.rules.command';
  // SystemTime may be left empty: the platform's clock when the command is sent.
  if (name === SYSTEM_TIME && value === '') return null;
  return commandParameterProblem({ ...command, parameters: [{ ...spec, required: true }] }, { [spec.name]: value });
}

const STATION_TIME = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{3})?$/;
const CLOCK_TIME = /^(\d{2})(\d{2})(\d{2})$/;

/** A value as the station reported it, readable: its clock as a date and time, a time of day with colons. */
export function formatReported(name: string, value: string): string {
  if (name === SYSTEM_TIME) {
    const m = STATION_TIME.exec(value);
    if (m) return `${m[1]}-${m[2]}-${m[3]} ${m[4]}:${m[5]}:${m[6]}`;
  }
  if (name === 'CstartTime') {
    const m = CLOCK_TIME.exec(value);
    if (m) return `${m[1]}:${m[2]}:${m[3]}`;
  }
  return value;
}

/**
 * A wanted value, readable: a station time was asked for as epoch ms ('' for the platform's clock when sent,
 * which `now` names), a time of day as hhmmss.
 */
export function formatWanted(
  name: string,
  value: string,
  formatTime: (epochMs: number) => string,
  now: string,
): string {
  if (name === SYSTEM_TIME) return value === '' ? now : /^\d+$/.test(value) ? formatTime(Number(value)) : value;
  return formatReported(name, value);
}

/** Whether the value wanted is not (yet) the one the station reported. Numbers compare as numbers; the clock never. */
export function differs(name: string, reported: string | null, wanted: string | null): boolean {
  if (wanted === null || name === SYSTEM_TIME) return false;
  if (reported === null) return true;
  const a = reported.trim();
  const b = wanted.trim();
  if (/^-?\d+(\.\d+)?$/.test(a) && /^-?\d+(\.\d+)?$/.test(b)) return Number(a) !== Number(b);
  return a !== b;
}

/** Whether to ask for a code before setting `name`: its setting command is among those guarded. */
export function needsCode(name: string, guarded: ReadonlySet<string>): boolean {
  const cn = settingCommand(name);
  return cn !== undefined && guarded.has(cn);
}
