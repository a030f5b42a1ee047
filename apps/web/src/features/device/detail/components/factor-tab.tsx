import { PlusOutlined } from '@ant-design/icons';
import type { Device, DeviceFactor } from '@envmon/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Select, Table, type TableColumnsType, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Can, useCan } from '../../../../components/can';
import { EMPTY_CELL } from '../../../../components/crud/constants';
import { QueryErrorAlert, RefreshButton } from '../../../../components/crud/table-parts';
import { factorKindsOf, factorOptionGroups } from '../../../../lib/factor-options';
import { allFactorsQueryOptions } from '../../../../lib/factor-catalogue';
import { deviceFactorsQueryOptions } from '../api/get-device-factors';
import { useUpdateDeviceFactors } from '../api/update-device-factors';
import { useVocabularyLang } from '../../../../components/vocabulary/use-vocabulary-lang';
import { DEVICE_WRITE } from './constants';
import { RowActions } from './row-actions';
import { byDisplayOrder, withAdded, withoutItem } from './factor-items';
import { FactorSettingsForm } from './factor-settings-form';
import { optionalNumber } from '../../../../lib/format';

const WIDTH = { order: 90, unit: 100, limit: 100, actions: 150, add: 320 } as const;

/** The device's quality overrides in one line; the factor's defaults apply where none is set. */
function QualityCell({ row }: { row: DeviceFactor }) {
  const { t } = useTranslation();
  const parts: string[] = [];
  if (row.rangeMin !== null || row.rangeMax !== null) {
    parts.push(
      `${t('deviceDetail.factor.rangeMin')}–${t('deviceDetail.factor.rangeMax')}: ${optionalNumber(row.rangeMin)} ~ ${optionalNumber(row.rangeMax)}`,
    );
  }
  if (row.riseRatio !== null) parts.push(`${t('deviceDetail.factor.riseRatio')}: ${row.riseRatio}`);
  if (row.dropRatio !== null) parts.push(`${t('deviceDetail.factor.dropRatio')}: ${row.dropRatio}`);
  if (row.constantCount !== null) parts.push(`${t('deviceDetail.factor.constantCount')}: ${row.constantCount}`);
  if (row.zeroIsSuspect !== null) {
    parts.push(`${t('deviceDetail.factor.zeroIsSuspect')}: ${row.zeroIsSuspect ? t('common.yes') : t('common.no')}`);
  }
  if (parts.length === 0) return <Typography.Text type="secondary">{t('deviceDetail.factor.inherit')}</Typography.Text>;
  return (
    <Flex vertical>
      {parts.map((part) => (
        <Typography.Text key={part}>{part}</Typography.Text>
      ))}
    </Flex>
  );
}

function AddFactors({ device, rows }: { device: Device; rows: readonly DeviceFactor[] }) {
  const { t } = useTranslation();
  const lang = useVocabularyLang();
  const [chosen, setChosen] = useState<string[]>([]);
  const catalogue = useQuery(allFactorsQueryOptions());
  const update = useUpdateDeviceFactors(device.id);
  const present = new Set(rows.map((r) => r.factorCode));
  // The station's kind of factor first: a water station is offered water factors before air ones.
  const options = factorOptionGroups(
    (catalogue.data ?? []).filter((f) => !present.has(f.factorCode)),
    factorKindsOf([device.deviceType]),
    lang,
    (kind) => t(`factorSettings.kindGroups.${kind}`, { defaultValue: kind }),
  );
  return (
    <Flex gap="small">
      <Select<string[]>
        mode="multiple"
        style={{ width: WIDTH.add }}
        placeholder={t('deviceDetail.factor.chooseFactors')}
        value={chosen}
        onChange={setChosen}
        loading={catalogue.isPending}
        optionFilterProp="label"
        maxTagCount="responsive"
        options={options}
      />
      <Button
        icon={<PlusOutlined />}
        disabled={chosen.length === 0}
        loading={update.isPending}
        onClick={() => update.mutate(withAdded(rows, chosen), { onSuccess: () => setChosen([]) })}
      >
        {t('deviceDetail.factor.add')}
      </Button>
    </Flex>
  );
}

/** The device's monitor factors with the settings it overrides; edits replace the whole list. */
export function FactorTab({ device }: { device: Device }) {
  const { t } = useTranslation();
  const lang = useVocabularyLang();
  const canWrite = useCan(DEVICE_WRITE);
  const [editing, setEditing] = useState<DeviceFactor | null>(null);
  const factors = useQuery(deviceFactorsQueryOptions(device.id));
  const catalogue = useQuery({ ...allFactorsQueryOptions(), enabled: editing !== null || canWrite });
  const update = useUpdateDeviceFactors(device.id);
  const rows = useMemo(() => [...(factors.data ?? [])].sort(byDisplayOrder), [factors.data]);

  const columns: TableColumnsType<DeviceFactor> = [
    {
      key: 'displayOrder',
      dataIndex: 'displayOrder',
      title: t('deviceDetail.factor.displayOrder'),
      width: WIDTH.order,
    },
    {
      key: 'factor',
      title: t('deviceDetail.factor.factor'),
      render: (_v, row) => (
        <span>
          {lang === 'en' ? row.factorNameEn : row.factorName}{' '}
          <Typography.Text type="secondary">{row.factorCode}</Typography.Text>
        </span>
      ),
    },
    {
      key: 'unit',
      title: t('deviceDetail.factor.unit'),
      width: WIDTH.unit,
      ellipsis: true,
      render: (_v, row) =>
        row.unit ?? (
          <Typography.Text type="secondary" title={t('deviceDetail.factor.inherit')}>
            {row.factorUnit ?? EMPTY_CELL}
          </Typography.Text>
        ),
    },
    {
      key: 'standardLimit',
      dataIndex: 'standardLimit',
      title: t('deviceDetail.factor.standardLimit'),
      width: WIDTH.limit,
      render: (v: number | null) => optionalNumber(v),
    },
    { key: 'quality', title: t('deviceDetail.factor.quality'), render: (_v, row) => <QualityCell row={row} /> },
  ];
  if (canWrite) {
    columns.push({
      key: 'actions',
      title: t('common.table.actions'),
      width: WIDTH.actions,
      render: (_v, row) => (
        <RowActions
          onEdit={() => setEditing(row)}
          onDelete={() => update.mutate(withoutItem(rows, row.factorCode))}
          deleteConfirm={t('deviceDetail.factor.removeConfirm')}
          deleteLabel={t('deviceDetail.factor.remove')}
        />
      ),
    });
  }

  return (
    <Flex vertical gap="small" data-testid="device-detail-factor">
      <Flex justify="space-between">
        <Can code={DEVICE_WRITE} fallback={<span />}>
          {factors.data ? <AddFactors device={device} rows={rows} /> : <span />}
        </Can>
        <RefreshButton loading={factors.isFetching} onClick={() => void factors.refetch()} />
      </Flex>
      <QueryErrorAlert error={factors.error} onRetry={() => void factors.refetch()} />
      <Table<DeviceFactor>
        rowKey="factorCode"
        size="small"
        columns={columns}
        dataSource={rows}
        loading={factors.isPending}
        pagination={false}
        locale={{ emptyText: t('deviceDetail.states.empty') }}
      />
      {editing ? (
        <FactorSettingsForm
          deviceId={device.id}
          row={editing}
          rows={rows}
          factor={catalogue.data?.find((f) => f.factorCode === editing.factorCode)}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Flex>
  );
}
