import {
  type CommandInput,
  commandInputSchema,
  commandParameterProblem,
  commandSpec,
  issueMessage,
} from '@envmon/shared';
import type { Dayjs } from 'dayjs';
import { parameterText } from '../../../station-control';

/** The new-command form: the pickers hold Dayjs values and numbers, the command wants text per CP field. */
export interface CommandFormValues {
  deviceId?: number | null;
  cn?: string | null;
  parameters?: Record<string, unknown>;
  notBefore?: Dayjs | null;
  waitMinutes?: number | null;
  code?: string | null;
}

export type CommandFormField = 'deviceId' | 'cn' | 'notBefore' | 'waitMinutes' | 'code' | ['parameters', string];

export interface CommandFieldError {
  name: CommandFormField;
  errors: string[];
}

export type Translate = (key: string, values?: Record<string, number>) => string;

/** The form's values as the shared input schema reads them (only the chosen command's parameters). */
export function toCommandInput(values: CommandFormValues): unknown {
  const command = values.cn ? commandSpec(values.cn) : undefined;
  const parameters: Record<string, string> = {};
  for (const parameter of command?.parameters ?? []) {
    const text = parameterText(parameter, values.parameters?.[parameter.name]);
    if (text !== undefined) parameters[parameter.name] = text;
  }
  return {
    deviceId: values.deviceId ?? undefined,
    cn: values.cn ?? undefined,
    parameters,
    notBefore: values.notBefore ? values.notBefore.millisecond(0).valueOf() : null,
    waitMinutes: values.waitMinutes ?? undefined,
    code: values.code?.trim() || undefined,
  };
}

const FIXED_FIELDS = ['deviceId', 'cn', 'notBefore', 'waitMinutes', 'code'] as const;

/** The schema's own messages are keys (control.rules.*, validation.*); other issues are worded as forms word them. */
const isKey = (message: string) => /^(validation|control)\.[\w.]+$/.test(message);

/**
 * The form checked with the server's own rules (commandInputSchema, and each parameter with
 * commandParameterProblem, so the message sits under the parameter concerned): every field's errors (none for
 * those that pass, so a fixed error goes away) and the input to send, or null while something is wrong.
 */
export function checkCommandForm(
  values: CommandFormValues,
  translate: Translate,
): { fields: CommandFieldError[]; input: CommandInput | null } {
  const sent = toCommandInput(values) as { parameters: Record<string, string> };
  const parsed = commandInputSchema.safeParse(sent);
  const byField = new Map<string, string>();
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const [head] = issue.path;
    if (typeof head !== 'string' || head === 'parameters' || byField.has(head)) continue;
    const { key, values: bounds } = issueMessage(issue, isKey);
    byField.set(head, translate(key, bounds));
  }
  // No command chosen is a field left empty, not an unknown command.
  if (!values.cn) byField.set('cn', translate('validation.required'));
  const command = values.cn ? commandSpec(values.cn) : undefined;
  const parameterErrors = (command?.parameters ?? []).map((parameter): CommandFieldError => {
    const value = sent.parameters[parameter.name];
    // One parameter at a time, so each message sits under its own field.
    const problem = command
      ? commandParameterProblem(
          { ...command, parameters: [parameter] },
          value === undefined ? {} : { [parameter.name]: value },
        )
      : null;
    return { name: ['parameters', parameter.name], errors: problem ? [translate(problem)] : [] };
  });
  const fields: CommandFieldError[] = [
    ...FIXED_FIELDS.map((name): CommandFieldError => {
      const error = byField.get(name);
      return { name, errors: error === undefined ? [] : [error] };
    }),
    ...parameterErrors,
  ];
  const ok = parsed.success && fields.every((field) => field.errors.length === 0);
  return { fields, input: ok ? parsed.data : null };
}
