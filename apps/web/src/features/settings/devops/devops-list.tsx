import {
  DEVOPS_KIND_COLORS,
  DEVOPS_LIMITS,
  devopsEndpoints,
  type DevopsRecord,
  type DevopsRecordInput,
  devopsRecordInputSchema,
} from '@envmon/shared';
import { PaperClipOutlined } from '@ant-design/icons';
import { Flex, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { EMPTY_CELL } from '../../../components/crud/constants';
import { DeviceCell } from '../../../components/crud/device-cell';
import type { ListDefinition, ListFormValues } from '../../../components/crud/list-definition';
import { listCalls } from '../../../components/crud/list-endpoints';
import { dayjs } from '../../../lib/dayjs';
import { DevopsFilesDrawer, download } from './components/devops-files-drawer';
import { kindOptions } from './components/devops-vocabulary';
import { DEVOPS_PAGE } from './components/permissions';

const WIDTH = { device: 180, kind: 110, time: 330, maintainer: 110, content: 260, files: 220 } as const;
/** Attachments named in the table; the rest are in the drawer. */
const FILES_SHOWN = 3;

type DevopsFormValues = ListFormValues<DevopsRecordInput, { startTime: Dayjs; endTime: Dayjs }>;

const toMs = (value: Dayjs | null | undefined) => (value ? value.millisecond(0).valueOf() : undefined);

const toFormValues = (record: DevopsRecord | undefined): DevopsFormValues =>
  record
    ? {
        deviceId: record.deviceId,
        kind: record.kind,
        startTime: dayjs(record.startTime),
        endTime: record.endTime === null ? null : dayjs(record.endTime),
        maintainer: record.maintainer,
        content: record.content,
      }
    : { startTime: dayjs().second(0) };

const toInput = (values: DevopsFormValues) => ({
  deviceId: values.deviceId,
  kind: values.kind,
  startTime: toMs(values.startTime),
  endTime: toMs(values.endTime) ?? null,
  maintainer: values.maintainer ?? '',
  content: values.content ?? '',
});

/**
 * Settings › DevOps (运维管理): the maintenance records the operations contractor files after each site visit,
 * of the devices of the header's project, with their attachments; writers add, edit, attach and delete. The
 * form is checked with the server's schema (the end not before the start, maintainer ≤ 32, content ≤ 1000);
 * a new record opens its attachments so they can follow.
 */
export const DEVOPS_LIST: ListDefinition<DevopsRecord> = {
  permission: DEVOPS_PAGE,
  pageTestId: 'settings-devops-page',
  testId: 'devops',
  help: 'devops.help',
  ...listCalls(devopsEndpoints),
  columns: [
    {
      key: 'device',
      kind: 'custom',
      title: 'devops.fields.device',
      width: WIDTH.device,
      fixed: 'left',
      render: (row) => <DeviceCell name={row.deviceName} code={row.deviceCode} />,
    },
    {
      key: 'kind',
      kind: 'tag',
      name: 'kind',
      labelKey: (kind) => `devops.kinds.${kind}`,
      colors: DEVOPS_KIND_COLORS,
      title: 'devops.fields.kind',
      width: WIDTH.kind,
    },
    { key: 'time', kind: 'range', from: 'startTime', to: 'endTime', title: 'devops.fields.time', width: WIDTH.time },
    {
      key: 'maintainer',
      kind: 'text',
      name: 'maintainer',
      title: 'devops.fields.maintainer',
      width: WIDTH.maintainer,
      ellipsis: true,
    },
    {
      key: 'content',
      kind: 'text',
      name: 'content',
      title: 'devops.fields.content',
      width: WIDTH.content,
      ellipsis: { showTitle: true },
    },
    {
      key: 'files',
      kind: 'custom',
      title: 'devops.fields.files',
      width: WIDTH.files,
      render: (row, { t, open }) =>
        row.files.length === 0 ? (
          EMPTY_CELL
        ) : (
          <Flex vertical>
            {row.files.slice(0, FILES_SHOWN).map((file) => (
              <Typography.Link key={file.id} ellipsis onClick={() => download(file.id)}>
                {file.fileName}
              </Typography.Link>
            ))}
            {row.files.length > FILES_SHOWN ? (
              <Typography.Link onClick={() => open('files', row)}>
                {t('devops.files.count', { count: row.files.length })}
              </Typography.Link>
            ) : null}
          </Flex>
        ),
    },
    {
      key: 'createdBy',
      kind: 'text',
      name: 'createdBy',
      title: 'devops.fields.createdBy',
      width: WIDTH.maintainer,
      ellipsis: true,
    },
  ],
  filterWidth: 200,
  filters: [
    { kind: 'device', name: 'deviceId', label: 'devops.fields.device', placeholder: 'devops.allDevices' },
    {
      kind: 'select',
      name: 'kind',
      label: 'devops.fields.kind',
      placeholder: 'devops.allKinds',
      width: 140,
      options: kindOptions,
    },
    {
      kind: 'dateTimeRange',
      name: 'range',
      label: 'devops.fields.timeRange',
      names: ['beginTime', 'endTime'],
    },
  ],
  toolbar: 'beside',
  addLabel: 'devops.add',
  empty: 'devops.empty',
  scrollX: 'max-content',
  actions: {
    style: 'button',
    width: 250,
    readWidth: WIDTH.maintainer,
    items: [
      {
        kind: 'open',
        panel: 'files',
        label: 'devops.files.manage',
        icon: <PaperClipOutlined />,
        testId: true,
        write: false,
      },
      { kind: 'edit' },
      { kind: 'delete', testId: true },
    ],
  },
  panels: { files: (row, onClose) => <DevopsFilesDrawer record={row} onClose={onClose} /> },
  form: {
    schema: devopsRecordInputSchema,
    addTitle: 'devops.add',
    editTitle: 'devops.edit',
    width: 640,
    labelSpan: 5,
    testId: 'devops-form',
    toFormValues,
    toInput,
    afterCreate: 'files',
    fields: [
      { kind: 'device', name: 'deviceId', label: 'devops.fields.device', required: true },
      { kind: 'select', name: 'kind', label: 'devops.fields.kind', required: true, options: kindOptions },
      { kind: 'datetime', name: 'startTime', label: 'devops.fields.startTime', required: true },
      { kind: 'datetime', name: 'endTime', label: 'devops.fields.endTime' },
      {
        kind: 'text',
        name: 'maintainer',
        label: 'devops.fields.maintainer',
        required: true,
        maxLength: DEVOPS_LIMITS.maintainerMax,
      },
      {
        kind: 'textarea',
        name: 'content',
        label: 'devops.fields.content',
        required: true,
        rows: 5,
        maxLength: DEVOPS_LIMITS.contentMax,
        showCount: true,
      },
    ],
  },
};
