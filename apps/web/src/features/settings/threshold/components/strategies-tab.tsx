import { ALARM_TYPES, type AlarmStrategy, alarmStrategyInputSchema } from '@envmon/shared';
import { EditOutlined, UndoOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Empty, Flex, Form, Select, type TableColumnsType, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Can, useCan } from '../../../../components/can';
import { RefreshButton } from '../../../../components/crud/table-parts';
import { WholeTable } from '../../../../components/crud/whole-table';
import { VocabularyTag } from '../../../../components/vocabulary/vocabulary-tag';
import { useDeviceOptions } from '../../../../components/use-select-options';
import { strategiesQueryOptions, useDeleteStrategy } from '../api/strategies';
import { THRESHOLD_WRITE } from './permissions';
import { StrategyFormModal, type StrategyValues } from './strategy-form-modal';

const DEVICE_WIDTH = 260;
const TAG_WIDTH = 120;
const ACTIONS_WIDTH = 190;

/** One alarm type of the chosen device: its stored strategy, or the defaults when it has none. */
export interface StrategyRow {
  alarmType: number;
  stored: AlarmStrategy | null;
  values: StrategyValues;
}

/** A row per alarm type: the device's stored strategies, the schema's defaults for the rest. */
export function strategyRows(deviceId: number, stored: readonly AlarmStrategy[]): StrategyRow[] {
  return ALARM_TYPES.map((alarmType) => {
    const found = stored.find((s) => s.alarmType === alarmType) ?? null;
    return { alarmType, stored: found, values: found ?? alarmStrategyInputSchema.parse({ deviceId, alarmType }) };
  });
}

/** Alarm strategies per device × alarm type (SPEC section 7 '/system/alarm/strategy'). */
export function StrategiesTab() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const canWrite = useCan(THRESHOLD_WRITE);
  const devices = useDeviceOptions();
  const [deviceId, setDeviceId] = useState<number | null>(null);
  const [editing, setEditing] = useState<StrategyRow | null>(null);
  const strategies = useQuery({ ...strategiesQueryOptions(deviceId ?? 0), enabled: deviceId !== null });
  const remove = useDeleteStrategy();
  const rows = useMemo(
    () => (deviceId !== null && strategies.data ? strategyRows(deviceId, strategies.data) : []),
    [deviceId, strategies.data],
  );
  const deviceName = devices.options.find((o) => o.value === deviceId)?.label ?? '';

  const confirmReset = (stored: AlarmStrategy) => {
    modal.confirm({
      title: t('common.messages.deleteConfirmTitle'),
      content: t('threshold.strategy.resetConfirm'),
      onOk: () => remove.mutateAsync(stored.id).catch(() => undefined),
    });
  };

  const columns: TableColumnsType<StrategyRow> = [
    {
      key: 'alarmType',
      title: t('threshold.strategy.fields.alarmType'),
      render: (_v, row) => (
        <Flex gap="small" align="center">
          <VocabularyTag name="alarmType" value={row.alarmType} />
          {row.stored ? null : <Tag>{t('threshold.strategy.default')}</Tag>}
        </Flex>
      ),
    },
    {
      key: 'enabled',
      title: t('threshold.strategy.fields.enabled'),
      width: TAG_WIDTH,
      render: (_v, row) =>
        row.values.enabled ? <Tag color="blue">{t('common.yes')}</Tag> : <Tag>{t('common.no')}</Tag>,
    },
    {
      key: 'alarmLevel',
      title: t('threshold.strategy.fields.alarmLevel'),
      width: TAG_WIDTH,
      render: (_v, row) => <VocabularyTag name="alarmLevel" value={row.values.alarmLevel} />,
    },
    {
      key: 'consecutiveCount',
      title: t('threshold.strategy.fields.consecutiveCount'),
      render: (_v, row) => row.values.consecutiveCount,
    },
    {
      key: 'recoverySeconds',
      title: t('threshold.strategy.fields.recoverySeconds'),
      render: (_v, row) => row.values.recoverySeconds,
    },
    {
      key: 'repeatIntervalMinutes',
      title: t('threshold.strategy.fields.repeatIntervalMinutes'),
      render: (_v, row) => row.values.repeatIntervalMinutes || t('threshold.strategy.noRepeat'),
    },
    ...(canWrite
      ? [
          {
            key: 'actions',
            title: t('common.table.actions'),
            width: ACTIONS_WIDTH,
            render: (_v: unknown, row: StrategyRow) => (
              <Flex gap={0}>
                <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing(row)}>
                  {t('common.actions.edit')}
                </Button>
                {row.stored ? (
                  <Button
                    type="link"
                    size="small"
                    icon={<UndoOutlined />}
                    onClick={() => row.stored && confirmReset(row.stored)}
                  >
                    {t('threshold.strategy.reset')}
                  </Button>
                ) : null}
              </Flex>
            ),
          },
        ]
      : []),
  ];

  return (
    <Flex vertical gap="middle">
      <Flex gap="small" align="center">
        <Form.Item label={t('threshold.fields.device')} style={{ marginBottom: 0 }}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('threshold.strategy.chooseDevice')}
            style={{ width: DEVICE_WIDTH }}
            options={devices.options}
            loading={devices.loading}
            value={deviceId ?? undefined}
            onChange={(value: number) => setDeviceId(value)}
            data-testid="strategy-device"
          />
        </Form.Item>
        {deviceId !== null ? (
          <span style={{ marginInlineStart: 'auto' }}>
            <RefreshButton loading={strategies.isFetching} onClick={() => void strategies.refetch()} />
          </span>
        ) : null}
      </Flex>
      {deviceId === null ? (
        <Empty description={t('threshold.strategy.chooseDevice')} />
      ) : (
        <WholeTable<StrategyRow>
          query={strategies}
          rowKey="alarmType"
          columns={columns}
          dataSource={rows}
          loading={strategies.isFetching}
          data-testid="strategy-table"
        />
      )}
      <Can code={THRESHOLD_WRITE}>
        {editing ? (
          <StrategyFormModal
            deviceId={editing.values.deviceId}
            alarmType={editing.alarmType}
            deviceName={deviceName}
            values={editing.values}
            onClose={() => setEditing(null)}
          />
        ) : null}
      </Can>
    </Flex>
  );
}
