import { CAMERA_LIMITS, type Camera, cameraEndpoints, type CameraInput, cameraInputSchema } from '@envmon/shared';
import { SafetyOutlined } from '@ant-design/icons';
import { Tag, Typography } from 'antd';
import type { ListDefinition, ListFormValues } from '../../../components/crud/list-definition';
import { listCalls } from '../../../components/crud/list-endpoints';
import { VIDEO_QUERY_KEYS } from './api/camera-api';
import { CameraPolicyModal } from './components/camera-policy-modal';

/** The page's resource code: adding, editing, the policy and deleting need its write code. */
export const VIDEO_SETTINGS_PAGE = 'settings.video-ys';

type CameraFormValues = ListFormValues<CameraInput>;

const toFormValues = (camera: Camera | undefined): CameraFormValues =>
  camera
    ? { deviceId: camera.deviceId, name: camera.name, hlsUrl: camera.hlsUrl, enabled: camera.enabled }
    : { enabled: true };

const toInput = (values: CameraFormValues) => ({ ...values, name: values.name ?? '', hlsUrl: values.hlsUrl ?? null });

/**
 * Settings 'video ys' (SPEC section 2): the cameras attached to the devices of the header's project — name,
 * HLS address, enabled — and each camera's policy (who sees it, play-time limit); add, edit, policy and delete
 * for writers. The form is checked with the server's schema (http/https address, at most 512 characters); a
 * change refreshes the video query's cameras too.
 */
export const VIDEO_LIST: ListDefinition<Camera> = {
  permission: VIDEO_SETTINGS_PAGE,
  pageTestId: 'settings-video-page',
  testId: 'camera',
  help: 'query.videoSettings.help',
  ...listCalls(cameraEndpoints, VIDEO_QUERY_KEYS),
  columns: [
    { key: 'name', kind: 'text', name: 'name', title: 'query.videoSettings.fields.name', width: 140, ellipsis: true },
    {
      key: 'device',
      kind: 'custom',
      title: 'query.videoSettings.fields.device',
      width: 160,
      ellipsis: true,
      render: (row) => row.deviceName,
    },
    {
      key: 'hlsUrl',
      kind: 'custom',
      title: 'query.videoSettings.fields.hlsUrl',
      width: 260,
      ellipsis: true,
      render: (row, { t }) =>
        row.hlsUrl ?? <Typography.Text type="warning">{t('query.videoSettings.noAddress')}</Typography.Text>,
    },
    {
      key: 'enabled',
      kind: 'custom',
      title: 'query.videoSettings.fields.enabled',
      width: 90,
      render: (row, { t }) => (row.enabled ? <Tag color="blue">{t('common.yes')}</Tag> : <Tag>{t('common.no')}</Tag>),
    },
    {
      key: 'visibility',
      kind: 'label',
      name: 'visibility',
      labelKey: (visibility) => `query.videoSettings.visibilities.${visibility}`,
      title: 'query.videoSettings.fields.visibility',
      width: 190,
    },
    {
      key: 'maxPlaySeconds',
      kind: 'custom',
      title: 'query.videoSettings.fields.playLimit',
      width: 150,
      render: (row, { t }) => (row.maxPlaySeconds > 0 ? row.maxPlaySeconds : t('query.videoSettings.unlimited')),
    },
    {
      key: 'updateTime',
      kind: 'datetime',
      name: 'updateTime',
      title: 'query.videoSettings.fields.updateTime',
      width: 170,
    },
  ],
  filterWidth: 220,
  filters: [
    {
      kind: 'text',
      name: 'name',
      label: 'query.videoSettings.fields.name',
      placeholder: 'query.videoSettings.searchName',
    },
  ],
  toolbar: 'beside',
  addLabel: 'query.videoSettings.add',
  empty: 'query.videoSettings.empty',
  scrollX: 'max-content',
  tableSize: 'middle',
  actions: {
    style: 'button',
    width: 250,
    items: [
      { kind: 'edit' },
      { kind: 'open', panel: 'policy', label: 'query.videoSettings.policy', icon: <SafetyOutlined /> },
      { kind: 'delete' },
    ],
  },
  panels: { policy: (row, onClose) => <CameraPolicyModal camera={row} onClose={onClose} /> },
  form: {
    schema: cameraInputSchema,
    addTitle: 'query.videoSettings.add',
    editTitle: 'query.videoSettings.edit',
    width: 560,
    labelSpan: 6,
    testId: 'camera-form',
    toFormValues,
    toInput,
    fields: [
      { kind: 'device', name: 'deviceId', label: 'query.videoSettings.fields.device', required: true },
      {
        kind: 'text',
        name: 'name',
        label: 'query.videoSettings.fields.name',
        required: true,
        maxLength: CAMERA_LIMITS.nameMax,
      },
      {
        kind: 'text',
        name: 'hlsUrl',
        label: 'query.videoSettings.fields.hlsUrl',
        extra: 'query.videoSettings.hlsUrlHint',
        placeholder: 'query.videoSettings.hlsUrlPlaceholder',
      },
      { kind: 'switch', name: 'enabled', label: 'query.videoSettings.fields.enabled' },
    ],
  },
};
