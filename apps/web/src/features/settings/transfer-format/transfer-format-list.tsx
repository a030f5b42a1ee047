import {
  LIMITS,
  TRANSFER_FORMAT_LIMITS,
  type Upstream,
  type UpstreamInput,
  upstreamInputSchema,
  UPSTREAM_PROTOCOLS,
  transferFormatEndpoints,
} from '@envmon/shared';
import { ClusterOutlined } from '@ant-design/icons';
import { Button, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { listPageQueryOptions } from '../../../components/crud/list-endpoints';
import type { CreatingListDefinition, ListFormValues, ListQuery } from '../../../components/crud/list-definition';
import { TRANSFER_FORMAT_ENDPOINTS } from './api/calls';
import { TRANSFER_FORMAT_PAGE } from './components/permissions';
import { UpstreamDevicesDrawer } from './components/upstream-devices-drawer';

const WIDTH = {
  name: 180,
  address: 170,
  protocol: 120,
  st: 100,
  ack: 90,
  resend: 110,
  enabled: 70,
  devices: 90,
  remark: 160,
  time: 165,
} as const;
/** Two fields side by side. */
const HALF = 12;

type UpstreamFormValues = ListFormValues<UpstreamInput>;

/** A new upstream starts as Table 1 of HJ 212 has a station: answers asked for, 10 s, 3 retries. */
function toFormValues(row: Upstream | undefined): UpstreamFormValues {
  if (!row)
    return {
      protocol: '2017',
      ackRequired: true,
      overTimeSeconds: TRANSFER_FORMAT_LIMITS.defaultOverTime,
      reCount: TRANSFER_FORMAT_LIMITS.defaultReCount,
      enabled: true,
    };
  const { name, host, port, protocol, st, password, ackRequired, overTimeSeconds, reCount, enabled, remark } = row;
  return { name, host, port, protocol, st, password, ackRequired, overTimeSeconds, reCount, enabled, remark };
}

/** Blank boxes as the schema reads them: absent numbers take their defaults, a cleared remark is none. */
const toInput = (values: UpstreamFormValues) => ({
  ...values,
  name: values.name ?? '',
  host: values.host ?? '',
  st: values.st ?? '',
  password: values.password ?? '',
  overTimeSeconds: values.overTimeSeconds ?? undefined,
  reCount: values.reCount ?? undefined,
});

const protocolOptions = (t: TFunction) =>
  UPSTREAM_PROTOCOLS.map((protocol) => ({ value: protocol, label: t(`transferFormat.protocols.${protocol}`) }));

const yesNo = (value: boolean, yes: string, no: string) => (value ? <Tag color="blue">{yes}</Tag> : <Tag>{no}</Tag>);

/**
 * Settings › transfer format (SPEC section 7 'transferformat'; issue 20): the upstream platforms this platform
 * forwards its stations' data to, each with the devices it receives (a drawer: their settings and live status).
 */
export const TRANSFER_FORMAT_LIST: CreatingListDefinition<Upstream> = {
  permission: TRANSFER_FORMAT_PAGE,
  pageTestId: 'transfer-format-page',
  testId: 'transfer-format',
  help: 'transferFormat.help',
  endpoints: TRANSFER_FORMAT_ENDPOINTS,
  // Upstreams are the platform's, not a project's: the header's project does not narrow them.
  listQuery: ({ projectId: _project, ...query }: ListQuery) => listPageQueryOptions(transferFormatEndpoints.get, query),
  columns: [
    { key: 'name', kind: 'text', name: 'name', title: 'transferFormat.fields.name', width: WIDTH.name, fixed: 'left' },
    {
      key: 'address',
      kind: 'custom',
      title: 'transferFormat.fields.address',
      width: WIDTH.address,
      ellipsis: true,
      render: (row) => <Typography.Text code>{`${row.host}:${row.port}`}</Typography.Text>,
    },
    {
      key: 'protocol',
      kind: 'custom',
      title: 'transferFormat.fields.protocol',
      width: WIDTH.protocol,
      render: (row, { t }) => t(`transferFormat.protocols.${row.protocol}`),
    },
    {
      key: 'deviceCount',
      kind: 'custom',
      title: 'transferFormat.fields.deviceCount',
      width: WIDTH.devices,
      align: 'right',
      // A button, not a bare link: reachable by keyboard like the row's own 'devices' action.
      render: (row, { t, open }) => (
        <Button type="link" size="small" onClick={() => open('devices', row)}>
          {t('transferFormat.deviceCount', { count: row.deviceCount })}
        </Button>
      ),
    },
    { key: 'st', kind: 'text', name: 'st', title: 'transferFormat.fields.st', width: WIDTH.st },
    {
      key: 'ackRequired',
      kind: 'custom',
      title: 'transferFormat.fields.ackRequired',
      width: WIDTH.ack,
      render: (row, { t }) => yesNo(row.ackRequired, t('common.yes'), t('common.no')),
    },
    {
      key: 'resend',
      kind: 'custom',
      title: 'transferFormat.fields.resend',
      width: WIDTH.resend,
      render: (row, { t }) => t('transferFormat.resend', { seconds: row.overTimeSeconds, count: row.reCount }),
    },
    {
      key: 'enabled',
      kind: 'custom',
      title: 'transferFormat.fields.enabled',
      width: WIDTH.enabled,
      render: (row, { t }) => yesNo(row.enabled, t('common.yes'), t('common.no')),
    },
    {
      key: 'remark',
      kind: 'text',
      name: 'remark',
      title: 'transferFormat.fields.remark',
      width: WIDTH.remark,
      ellipsis: true,
    },
    {
      key: 'updateTime',
      kind: 'datetime',
      name: 'updateTime',
      title: 'transferFormat.fields.updateTime',
      width: WIDTH.time,
    },
  ],
  filterWidth: 200,
  filters: [{ kind: 'text', name: 'name', label: 'transferFormat.fields.name' }],
  toolbar: 'beside',
  addLabel: 'common.actions.add',
  empty: 'transferFormat.empty',
  actions: {
    style: 'link',
    width: 260,
    readWidth: 110,
    fixed: 'right',
    items: [
      {
        kind: 'open',
        panel: 'devices',
        label: 'transferFormat.actions.devices',
        icon: <ClusterOutlined />,
        testId: true,
        write: false,
      },
      { kind: 'edit', testId: true },
      { kind: 'delete', testId: true },
    ],
  },
  panels: {
    devices: (row, onClose) => <UpstreamDevicesDrawer upstream={row} onClose={onClose} />,
  },
  form: {
    schema: upstreamInputSchema,
    addTitle: 'transferFormat.form.add',
    editTitle: 'transferFormat.form.edit',
    width: 640,
    testId: 'transfer-format-form',
    toFormValues,
    toInput,
    fields: [
      {
        kind: 'text',
        name: 'name',
        label: 'transferFormat.fields.name',
        required: true,
        maxLength: LIMITS.nameMax,
      },
      {
        kind: 'text',
        name: 'host',
        label: 'transferFormat.fields.host',
        extra: 'transferFormat.form.hostHint',
        required: true,
        maxLength: TRANSFER_FORMAT_LIMITS.hostMax,
        span: 16,
      },
      {
        kind: 'number',
        name: 'port',
        label: 'transferFormat.fields.port',
        required: true,
        min: 1,
        max: 65535,
        precision: 0,
        span: 8,
      },
      {
        kind: 'select',
        name: 'protocol',
        label: 'transferFormat.fields.protocol',
        required: true,
        options: protocolOptions,
        span: HALF,
      },
      {
        kind: 'text',
        name: 'st',
        label: 'transferFormat.fields.st',
        extra: 'transferFormat.form.stHint',
        required: true,
        maxLength: 3,
        span: HALF,
      },
      {
        kind: 'text',
        name: 'password',
        label: 'transferFormat.fields.password',
        extra: 'transferFormat.form.passwordHint',
        required: true,
        maxLength: TRANSFER_FORMAT_LIMITS.passwordMax,
      },
      {
        kind: 'section',
        name: 'resendHint',
        label: 'transferFormat.fields.resend',
        extra: 'transferFormat.form.resendHint',
      },
      { kind: 'switch', name: 'ackRequired', label: 'transferFormat.fields.ackRequired', span: 8 },
      {
        kind: 'number',
        name: 'overTimeSeconds',
        label: 'transferFormat.fields.overTimeSeconds',
        min: 1,
        max: TRANSFER_FORMAT_LIMITS.overTimeMax,
        precision: 0,
        span: 8,
      },
      {
        kind: 'number',
        name: 'reCount',
        label: 'transferFormat.fields.reCount',
        min: 0,
        max: TRANSFER_FORMAT_LIMITS.reCountMax,
        precision: 0,
        span: 8,
      },
      { kind: 'switch', name: 'enabled', label: 'transferFormat.fields.enabled' },
      { kind: 'textarea', name: 'remark', label: 'transferFormat.fields.remark', rows: 2, maxLength: LIMITS.remarkMax },
    ],
  },
};
