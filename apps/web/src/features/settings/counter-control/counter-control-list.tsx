import { COMMAND_LIMITS, commandInputSchema, type StationCommand, writeCode } from '@envmon/shared';
import { FileSearchOutlined, RedoOutlined } from '@ant-design/icons';
import type { CreatingListDefinition } from '../../../components/crud/list-definition';
import { DeviceCell } from '../../../components/crud/device-cell';
import { COUNTER_CONTROL_ENDPOINTS } from './api/calls';
import { commandPageQueryOptions, isActive, STATE_COLORS } from '../../station-control';
import {
  AnswerCell,
  commandLabel,
  commandOptions,
  ParametersCell,
  stateOptions,
} from './components/command-vocabulary';
import { type CommandFormValues, toCommandInput } from './components/command-form-values';
import { ExchangeDrawer } from './components/exchange-drawer';
import { ResendModal } from './components/resend-modal';

/** The counter-control page's resource code and the write permission sending and withdrawing need. */
export const COUNTER_CONTROL_PAGE = 'settings.counter-control';
export const COUNTER_CONTROL_WRITE = writeCode(COUNTER_CONTROL_PAGE);

const WIDTH = { device: 180, command: 210, parameters: 220, state: 100, answer: 230, user: 100, time: 170 } as const;
/** Two fields side by side. */
const HALF = 12;

/** Why a row cannot be withdrawn (only a queued command can), or sent again (one still on its way). */
export const withdrawRefused = (row: StationCommand): string | undefined =>
  row.state === 'queued' ? undefined : 'control.screen.withdraw.notQueued';
export const resendRefused = (row: StationCommand): string | undefined =>
  isActive(row.state) ? 'control.screen.resend.notFinished' : undefined;

/**
 * Settings › counter control (反控; SPEC section 7 'countercontrol'): the commands sent to the stations in
 * scope, newest first, each with its state and the station's answer, read again while one is on its way;
 * a new command is made in a form generated from the command's parameters (see CommandFormModal).
 */
export const COUNTER_CONTROL_LIST: CreatingListDefinition<StationCommand> = {
  permission: COUNTER_CONTROL_PAGE,
  pageTestId: 'counter-control-page',
  testId: 'counter-control',
  help: 'control.screen.help',
  endpoints: COUNTER_CONTROL_ENDPOINTS,
  listQuery: commandPageQueryOptions,
  columns: [
    {
      key: 'device',
      kind: 'custom',
      title: 'control.screen.fields.device',
      width: WIDTH.device,
      fixed: 'left',
      render: (row) => <DeviceCell name={row.deviceName} code={row.deviceCode} />,
    },
    {
      key: 'command',
      kind: 'custom',
      title: 'control.screen.fields.command',
      width: WIDTH.command,
      render: (row, { t }) => commandLabel(row.cn, t),
    },
    {
      key: 'parameters',
      kind: 'custom',
      title: 'control.screen.fields.parameters',
      width: WIDTH.parameters,
      render: (row, { t }) => <ParametersCell command={row} t={t} />,
    },
    {
      key: 'state',
      kind: 'tag',
      name: 'state',
      labelKey: (state) => `control.state.${state}`,
      colors: STATE_COLORS,
      title: 'control.screen.fields.state',
      width: WIDTH.state,
    },
    {
      key: 'answer',
      kind: 'custom',
      title: 'control.screen.fields.answer',
      width: WIDTH.answer,
      render: (row, { t }) => <AnswerCell command={row} t={t} />,
    },
    {
      key: 'createdBy',
      kind: 'text',
      name: 'createdBy',
      title: 'control.screen.fields.createdBy',
      width: WIDTH.user,
      ellipsis: true,
    },
    {
      key: 'createTime',
      kind: 'datetime',
      name: 'createTime',
      title: 'control.screen.fields.createTime',
      width: WIDTH.time,
    },
    { key: 'sendTime', kind: 'datetime', name: 'sendTime', title: 'control.screen.fields.sendTime', width: WIDTH.time },
    {
      key: 'finishTime',
      kind: 'datetime',
      name: 'finishTime',
      title: 'control.screen.fields.finishTime',
      width: WIDTH.time,
    },
  ],
  filterWidth: 180,
  filters: [
    { kind: 'device', name: 'deviceId', label: 'control.screen.fields.device' },
    { kind: 'select', name: 'cn', label: 'control.screen.fields.command', options: commandOptions, width: 240 },
    { kind: 'select', name: 'state', label: 'control.screen.fields.state', options: stateOptions, width: 120 },
    {
      kind: 'dateTimeRange',
      name: 'createRange',
      label: 'control.screen.fields.createTime',
      names: ['beginTime', 'endTime'],
    },
  ],
  toolbar: 'below',
  addLabel: 'control.screen.actions.add',
  empty: 'control.screen.empty',
  actions: {
    style: 'link',
    width: 250,
    readWidth: 110,
    fixed: 'right',
    items: [
      {
        kind: 'open',
        panel: 'exchange',
        label: 'control.screen.actions.exchange',
        icon: <FileSearchOutlined />,
        testId: true,
        write: false,
      },
      { kind: 'open', panel: 'resend', label: 'control.screen.actions.resend', icon: <RedoOutlined />, testId: true },
      // Withdrawing is the contract's delete (GET delete ?id); the page words it as such.
      { kind: 'delete', testId: true, refuse: withdrawRefused },
    ],
  },
  panels: {
    exchange: (row, onClose) => <ExchangeDrawer command={row} onClose={onClose} />,
    resend: (row, onClose) => <ResendModal command={row} onClose={onClose} />,
  },
  form: {
    schema: commandInputSchema,
    addTitle: 'control.screen.form.title',
    editTitle: 'control.screen.form.title',
    width: 640,
    testId: 'counter-control-form',
    toFormValues: (): CommandFormValues => ({ waitMinutes: COMMAND_LIMITS.defaultWaitMinutes, parameters: {} }),
    toInput: (values) => toCommandInput(values),
    // The command and its parameters come between the device and the rest (CommandFormModal).
    fields: [
      { kind: 'device', name: 'deviceId', label: 'control.screen.fields.device', required: true, span: HALF },
      {
        kind: 'datetime',
        name: 'notBefore',
        label: 'control.screen.fields.notBefore',
        extra: 'control.screen.form.notBeforeHint',
        span: HALF,
      },
      {
        kind: 'number',
        name: 'waitMinutes',
        label: 'control.screen.fields.waitMinutes',
        extra: 'control.screen.form.waitHint',
        min: 0,
        max: COMMAND_LIMITS.maxWaitMinutes,
        precision: 0,
        span: HALF,
      },
    ],
  },
};
