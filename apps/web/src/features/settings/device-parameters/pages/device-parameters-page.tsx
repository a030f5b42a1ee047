import type { DeviceParameter } from '@envmon/shared';
import { CloudDownloadOutlined, DeleteOutlined, EditOutlined, PlusOutlined, SyncOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Empty, Flex, Form, type TableColumnsType, Tooltip, Typography, theme } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Can, useCan } from '../../../../components/can';
import { EMPTY_CELL } from '../../../../components/crud/constants';
import { RefreshButton } from '../../../../components/crud/table-parts';
import { WholeTable } from '../../../../components/crud/whole-table';
import { DeviceSelect } from '../../../../components/device-factor-select';
import { useDeviceOptions } from '../../../../components/use-select-options';
import { formatDateTime } from '../../../../lib/dayjs';
import {
  deviceParametersQueryOptions,
  type FollowedReads,
  followReads,
  readsAnswered,
} from '../api/get-device-parameters';
import { CommandStateTag, useGuardedCommands } from '../../../station-control';
import { useForgetParameter, useReadAllParameters } from '../api/parameter-mutations';
import { DEVICE_PARAMETERS_WRITE } from '../components/permissions';
import { SetParameterModal, type SetTarget } from '../components/set-parameter-modal';
import { useFactorName, useParameterLabel } from '../components/use-labels';
import { differs, formatReported, formatWanted } from '../utils/parameter-values';

const DEVICE_PARAM = 'deviceId';
const PICKER_ID = 'device-parameters-device';
/** A station reports a hundred-odd parameters (site information per instrument): paged, in the server's order. */
const PAGE_SIZE = 50;
const WIDTH = { picker: 280, parameter: 220, factor: 180, value: 190, state: 110, actions: 170 } as const;

/** The device chosen, as the URL keeps it (?deviceId=), so a reload or a shared link opens the same one. */
function useChosenDevice(): [number | null, (id: number | null) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get(DEVICE_PARAM);
  const id = raw !== null && /^\d+$/.test(raw) ? Number(raw) : null;
  const choose = (next: number | null) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === null) updated.delete(DEVICE_PARAM);
        else updated.set(DEVICE_PARAM, String(next));
        return updated;
      },
      { replace: true },
    );
  return [id, choose];
}

/** A value and, beneath, when it was reported or wanted. */
function ValueCell({ text, time, strong }: { text: string; time: number | null; strong?: boolean }) {
  return (
    <Flex vertical>
      <Typography.Text type={strong ? 'warning' : undefined} strong={strong}>
        {text}
      </Typography.Text>
      {time === null ? null : (
        <Typography.Text type="secondary" style={{ fontSize: 'smaller' }}>
          {formatDateTime(time)}
        </Typography.Text>
      )}
    </Flex>
  );
}

/** The parameters of one device, and what can be done with them. */
function DeviceParameters({ deviceId, canWrite }: { deviceId: number; canWrite: boolean }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { message, modal } = App.useApp();
  const [reads, setReads] = useState<FollowedReads | null>(null);
  const [setting, setSetting] = useState<SetTarget | null | undefined>(undefined);
  const list = useQuery(deviceParametersQueryOptions(deviceId, reads));
  const readAll = useReadAllParameters();
  const forget = useForgetParameter(deviceId);
  const guarded = useGuardedCommands();
  const labelOf = useParameterLabel();
  const factorName = useFactorName();
  const rows = list.data ?? [];
  // The reads are awaited no longer than their time: then the notice goes, and the table is refreshed by hand.
  useEffect(() => {
    if (!reads) return;
    const timer = setTimeout(() => setReads(null), Math.max(0, reads.until - Date.now()));
    return () => clearTimeout(timer);
  }, [reads]);
  // Past their time, the timer above has dropped the reads.
  const awaiting = reads !== null && !readsAnswered(reads, list.data);

  const nameText = (name: string) => {
    const label = labelOf(name);
    return label ? `${label} (${name})` : name;
  };

  const startReadAll = () => {
    readAll.mutate(deviceId, {
      onSuccess: (commands) => {
        setReads(followReads(commands, Date.now()));
        void message.success(t('deviceParameters.messages.readAllQueued', { count: commands.length }));
      },
    });
  };

  const confirmForget = (row: DeviceParameter) => {
    modal.confirm({
      title: t('deviceParameters.forget.title'),
      content: t('deviceParameters.forget.confirm', { parameter: nameText(row.name) }),
      okText: t('deviceParameters.actions.forget'),
      okButtonProps: { danger: true },
      cancelText: t('common.actions.cancel'),
      // The api client has said why it failed; the dialog just closes.
      onOk: () => forget.mutateAsync(row.id).catch(() => undefined),
    });
  };

  const columns: TableColumnsType<DeviceParameter> = [
    {
      key: 'parameter',
      title: t('deviceParameters.fields.parameter'),
      width: WIDTH.parameter,
      render: (_v, row) => {
        const label = labelOf(row.name);
        return (
          <Flex vertical>
            <Typography.Text>{label ?? row.name}</Typography.Text>
            {label ? (
              <Typography.Text type="secondary" code>
                {row.name}
              </Typography.Text>
            ) : null}
          </Flex>
        );
      },
    },
    {
      key: 'factor',
      title: t('deviceParameters.fields.factor'),
      width: WIDTH.factor,
      render: (_v, row) => (row.polId ? factorName(row.polId) : null),
    },
    {
      key: 'reported',
      title: t('deviceParameters.fields.reported'),
      width: WIDTH.value,
      render: (_v, row) =>
        row.reportedValue === null ? (
          EMPTY_CELL
        ) : (
          <ValueCell text={formatReported(row.name, row.reportedValue)} time={row.reportedTime} />
        ),
    },
    {
      key: 'wanted',
      title: t('deviceParameters.fields.wanted'),
      width: WIDTH.value,
      render: (_v, row) => {
        if (row.wantedValue === null) return EMPTY_CELL;
        const differ = differs(row.name, row.reportedValue, row.wantedValue);
        const cell = (
          <ValueCell
            text={formatWanted(row.name, row.wantedValue, formatDateTime, t('deviceParameters.values.now'))}
            time={row.wantedTime}
            strong={differ}
          />
        );
        return differ ? (
          <Flex gap="small" align="start" data-testid="device-parameters-differs">
            <Tooltip title={t('deviceParameters.table.differs')}>
              <SyncOutlined
                role="img"
                aria-label={t('deviceParameters.table.differs')}
                style={{ color: token.colorWarning, marginTop: token.marginXXS }}
              />
            </Tooltip>
            {cell}
          </Flex>
        ) : (
          cell
        );
      },
    },
    {
      key: 'state',
      title: t('deviceParameters.fields.state'),
      width: WIDTH.state,
      render: (_v, row) => (row.commandState === null ? EMPTY_CELL : <CommandStateTag state={row.commandState} />),
    },
  ];
  if (canWrite) {
    columns.push({
      key: 'actions',
      title: t('common.table.actions'),
      width: WIDTH.actions,
      fixed: 'right',
      render: (_v, row) => (
        <Flex gap={0}>
          {row.settable ? (
            <Button
              type="link"
              size="small"
              icon={<EditOutlined />}
              onClick={() =>
                setSetting({ name: row.name, polId: row.polId, current: row.wantedValue ?? row.reportedValue })
              }
              aria-label={`${t('deviceParameters.actions.set')} ${nameText(row.name)}`}
              data-testid={`device-parameters-set-${row.name}-${row.polId}`}
            >
              {t('deviceParameters.actions.set')}
            </Button>
          ) : null}
          <Button
            type="link"
            size="small"
            danger
            icon={<DeleteOutlined />}
            onClick={() => confirmForget(row)}
            aria-label={`${t('deviceParameters.actions.forget')} ${nameText(row.name)}`}
            data-testid={`device-parameters-forget-${row.name}-${row.polId}`}
          >
            {t('deviceParameters.actions.forget')}
          </Button>
        </Flex>
      ),
    });
  }

  return (
    <Card variant="borderless" title={t('deviceParameters.table.title')}>
      <Flex vertical gap="middle">
        <Flex gap="small" align="center" wrap>
          <Can code={DEVICE_PARAMETERS_WRITE}>
            <Button
              type="primary"
              icon={<CloudDownloadOutlined />}
              loading={readAll.isPending}
              onClick={startReadAll}
              data-testid="device-parameters-read-all"
            >
              {t('deviceParameters.actions.readAll')}
            </Button>
            <Button icon={<PlusOutlined />} onClick={() => setSetting(null)} data-testid="device-parameters-add">
              {t('deviceParameters.actions.add')}
            </Button>
          </Can>
          <span style={{ marginInlineStart: 'auto' }}>
            <RefreshButton loading={list.isFetching} onClick={() => void list.refetch()} />
          </span>
        </Flex>
        <div aria-live="polite">
          {awaiting ? (
            <Alert
              type="info"
              showIcon
              title={t('deviceParameters.messages.awaiting')}
              data-testid="device-parameters-awaiting"
            />
          ) : null}
        </div>
        <WholeTable<DeviceParameter>
          query={list}
          rowKey="id"
          columns={columns}
          dataSource={rows}
          scroll={{ x: 'max-content' }}
          pagination={{ defaultPageSize: PAGE_SIZE, hideOnSinglePage: true, showSizeChanger: false }}
          onRow={(row) => ({ 'data-testid': `device-parameters-row-${row.name}-${row.polId}` }) as object}
          locale={{
            emptyText: (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={canWrite ? t('deviceParameters.empty.suggestReadAll') : t('deviceParameters.empty.none')}
              />
            ),
          }}
          data-testid="device-parameters-table"
        />
      </Flex>
      {setting !== undefined ? (
        <SetParameterModal
          deviceId={deviceId}
          target={setting}
          guarded={guarded}
          onClose={() => setSetting(undefined)}
        />
      ) : null}
    </Card>
  );
}

/**
 * Settings › device parameters (设备参数): a device of the caller's scope chosen, its parameters as the station
 * last reported them beside the values the platform wants, each with the last command that read or set it
 * (followed every 2 s while on its way). Writers read everything from the station, set a parameter (the value
 * entered as its setting command takes it; a dynamic code when that command is guarded) and forget one.
 */
export default function DeviceParametersPage() {
  const { t } = useTranslation();
  const canWrite = useCan(DEVICE_PARAMETERS_WRITE);
  const [deviceId, choose] = useChosenDevice();
  const devices = useDeviceOptions();
  // A device no longer listed (another project chosen in the header) is no longer chosen.
  const chosen = devices.loading || devices.options.some((d) => d.value === deviceId) ? deviceId : null;

  return (
    <Flex vertical gap="middle" data-testid="device-parameters-page">
      <Card variant="borderless" title={t('deviceParameters.title')}>
        <Flex vertical gap="middle">
          <Typography.Text type="secondary">{t('deviceParameters.description')}</Typography.Text>
          <Form layout="inline" component="div">
            <Form.Item label={t('deviceParameters.device.label')} htmlFor={PICKER_ID} style={{ marginInlineEnd: 0 }}>
              <DeviceSelect
                id={PICKER_ID}
                allowClear
                value={chosen ?? undefined}
                onChange={(id) => choose(id ?? null)}
                placeholder={t('deviceParameters.device.placeholder')}
                style={{ width: WIDTH.picker }}
                data-testid="device-parameters-device"
              />
            </Form.Item>
          </Form>
          {chosen === null && !devices.loading ? (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={
                devices.options.length === 0 ? t('deviceParameters.device.none') : t('deviceParameters.device.choose')
              }
            />
          ) : null}
        </Flex>
      </Card>
      {chosen === null ? null : <DeviceParameters key={chosen} deviceId={chosen} canWrite={canWrite} />}
    </Flex>
  );
}
