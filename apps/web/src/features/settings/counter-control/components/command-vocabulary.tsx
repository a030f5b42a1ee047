import {
  COMMAND_CATALOGUE,
  COMMAND_FAMILIES,
  COMMAND_STATES,
  type CommandParameter,
  commandOffered,
  commandSpec,
  type StationCommand,
} from '@envmon/shared';
import { Flex, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { EMPTY_CELL } from '../../../../components/crud/constants';
import { formatDateTime } from '../../../../lib/dayjs';
import { infoLabel, reasonText } from '../../../station-control';

/** `1061 — 读取实时数据间隔`, as operators know both. */
export const commandLabel = (cn: string, t: TFunction): string =>
  `${cn} — ${t(`control.cn.${cn}`, { defaultValue: cn })}`;

export const stateOptions = (t: TFunction) =>
  COMMAND_STATES.map((state) => ({ value: state, label: t(`control.state.${state}`) }));

export const commandOptions = (t: TFunction) =>
  COMMAND_CATALOGUE.map((command) => ({ value: command.cn, label: commandLabel(command.cn, t) }));

/** The commands a station of this type is offered, grouped by family in the catalogue's order. */
export function offeredCommandGroups(deviceType: string | undefined, t: TFunction) {
  const offered = COMMAND_CATALOGUE.filter(
    (command) => deviceType !== undefined && commandOffered(command, deviceType),
  );
  return COMMAND_FAMILIES.map((family) => ({
    label: t(`control.family.${family}`),
    title: t(`control.family.${family}`),
    options: offered
      .filter((command) => command.family === family)
      .map((command) => ({ value: command.cn, label: commandLabel(command.cn, t) })),
  })).filter((group) => group.options.length > 0);
}

/** A CP field's name in words: a parameter's label, an information code's, or the name itself. */
export const fieldLabel = (key: string, t: TFunction): string =>
  /^i\d{5}$/.test(key) ? infoLabel(key, t) : t(`control.param.${key}`, { defaultValue: key });

function parameterOf(cn: string, name: string): CommandParameter | undefined {
  return commandSpec(cn)?.parameters.find((parameter) => parameter.name === name);
}

/** A parameter's value as the list shows it (a masked password stays masked: the server sends it so). */
function parameterValue(cn: string, name: string, value: string, t: TFunction): string {
  switch (parameterOf(cn, name)?.kind) {
    case 'time':
      return /^\d+$/.test(value) ? formatDateTime(Number(value)) : value;
    case 'infoId':
      return infoLabel(value, t);
    case 'clock':
      return /^\d{6}$/.test(value) ? `${value.slice(0, 2)}:${value.slice(2, 4)}:${value.slice(4)}` : value;
    case 'polId':
    case 'integer':
    case 'text':
    case 'password':
    case undefined:
      return value;
  }
}

/** `label: value` per parameter, in the catalogue's order. */
function parameterLines(command: Pick<StationCommand, 'cn' | 'parameters'>, t: TFunction): string[] {
  const order = commandSpec(command.cn)?.parameters.map((parameter) => parameter.name) ?? [];
  const names = Object.keys(command.parameters).sort(
    (a, b) => (order.indexOf(a) + 1 || order.length + 1) - (order.indexOf(b) + 1 || order.length + 1),
  );
  return names.map(
    (name) => `${fieldLabel(name, t)}: ${parameterValue(command.cn, name, command.parameters[name] ?? '', t)}`,
  );
}

export function ParametersCell({ command, t }: { command: StationCommand; t: TFunction }) {
  const lines = parameterLines(command, t);
  if (lines.length === 0) return EMPTY_CELL;
  return (
    <Flex vertical>
      {lines.map((line) => (
        <span key={line}>{line}</span>
      ))}
    </Flex>
  );
}

/** The station's return codes in words (HJ212.md §10), and why a command ended without them. */
function answerLines(command: StationCommand, t: TFunction): string[] {
  const lines: string[] = [];
  if (command.qnRtn !== null)
    lines.push(
      `QnRtn ${command.qnRtn}: ${t(`control.qnRtn.${command.qnRtn}`, { defaultValue: String(command.qnRtn) })}`,
    );
  if (command.exeRtn !== null)
    lines.push(
      `ExeRtn ${command.exeRtn}: ${t(`control.exeRtn.${command.exeRtn}`, { defaultValue: String(command.exeRtn) })}`,
    );
  if (command.reason !== null) lines.push(reasonText(command.reason, t));
  return lines;
}

export function AnswerCell({ command, t }: { command: StationCommand; t: TFunction }) {
  const lines = answerLines(command, t);
  if (lines.length === 0) return EMPTY_CELL;
  const failed = command.state === 'refused' || command.state === 'failed';
  return (
    <Flex vertical>
      {lines.map((line) => (
        <Typography.Text key={line} type={failed ? 'danger' : undefined}>
          {line}
        </Typography.Text>
      ))}
    </Flex>
  );
}
