import { LogoutOutlined, PlusOutlined } from '@ant-design/icons';
import { DEPLOY_TYPE, type DeployType, type Device, type DeviceDeploy } from '@envmon/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Popconfirm, Select, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Can } from '../../../../components/can';
import { QueryErrorAlert, RefreshButton } from '../../../../components/crud/table-parts';
import { useAddDeploy } from '../api/add-deploy';
import { useDeleteDeploy } from '../api/delete-deploy';
import { deployGroupsQueryOptions } from '../../../../lib/deploy-groups';
import { deviceDeploysQueryOptions } from '../api/get-deploys';
import { useVocabularyLang } from '../../../../components/vocabulary/use-vocabulary-lang';
import { DEVICE_WRITE } from './constants';

const TYPE_KEYS = { [DEPLOY_TYPE.project]: 'project', [DEPLOY_TYPE.address]: 'address' } as const satisfies Record<
  DeployType,
  string
>;
const DEPLOY_TYPES: DeployType[] = [DEPLOY_TYPE.project, DEPLOY_TYPE.address];
const WIDTH = { type: 110, select: 260, actions: 150 } as const;

/** One row per deploy type: the device's group of that type, if any. */
interface TypeRow {
  deployType: DeployType;
  record: DeviceDeploy | undefined;
}

function JoinGroup({ deviceId, deployType }: { deviceId: number; deployType: DeployType }) {
  const { t } = useTranslation();
  const english = useVocabularyLang() === 'en';
  const [chosen, setChosen] = useState<number | undefined>(undefined);
  const groups = useQuery(deployGroupsQueryOptions(deployType));
  const add = useAddDeploy(deviceId);
  return (
    <Flex gap="small">
      <Select<number>
        style={{ width: WIDTH.select }}
        placeholder={t('deviceDetail.deploy.choose')}
        value={chosen}
        onChange={setChosen}
        loading={groups.isPending}
        showSearch={{ optionFilterProp: 'label' }}
        notFoundContent={groups.isPending ? undefined : t('deviceDetail.deploy.noGroups')}
        options={(groups.data ?? []).map((g) => ({
          value: g.id,
          label: english && g.deployNameEn ? g.deployNameEn : g.deployName,
        }))}
      />
      <Button
        icon={<PlusOutlined />}
        disabled={chosen === undefined}
        loading={add.isPending}
        onClick={() => {
          if (chosen !== undefined) add.mutate(chosen, { onSuccess: () => setChosen(undefined) });
        }}
      >
        {t('deviceDetail.deploy.add')}
      </Button>
    </Flex>
  );
}

/** The device's project and address groups, joined and left here. */
export function DeployTab({ device }: { device: Device }) {
  const { t } = useTranslation();
  const english = useVocabularyLang() === 'en';
  const deploys = useQuery(deviceDeploysQueryOptions(device.id));
  const remove = useDeleteDeploy(device.id);

  const rows: TypeRow[] = DEPLOY_TYPES.map((deployType) => ({
    deployType,
    record: deploys.data?.find((d) => d.deployType === deployType),
  }));

  const columns: TableColumnsType<TypeRow> = [
    {
      key: 'deployType',
      title: t('deviceDetail.deploy.deployType'),
      width: WIDTH.type,
      render: (_v, row) => t(`deviceDetail.deploy.types.${TYPE_KEYS[row.deployType]}`),
    },
    {
      key: 'deployName',
      title: t('deviceDetail.deploy.deployName'),
      render: (_v, row) => {
        if (row.record) {
          const name = english && row.record.deployNameEn ? row.record.deployNameEn : row.record.deployName;
          return <Tag color={row.deployType === DEPLOY_TYPE.project ? 'blue' : 'cyan'}>{name}</Tag>;
        }
        return (
          <Can code={DEVICE_WRITE} fallback={<Typography.Text type="secondary">-</Typography.Text>}>
            <JoinGroup deviceId={device.id} deployType={row.deployType} />
          </Can>
        );
      },
    },
    {
      key: 'actions',
      title: t('common.table.actions'),
      width: WIDTH.actions,
      render: (_v, row) =>
        row.record ? (
          <Can code={DEVICE_WRITE}>
            <Popconfirm
              title={t('common.messages.deleteConfirmTitle')}
              description={t('deviceDetail.deploy.removeConfirm')}
              okText={t('common.actions.ok')}
              cancelText={t('common.actions.cancel')}
              onConfirm={() => {
                if (row.record) remove.mutate(row.record.id);
              }}
            >
              <Button type="link" size="small" danger icon={<LogoutOutlined />}>
                {t('deviceDetail.deploy.remove')}
              </Button>
            </Popconfirm>
          </Can>
        ) : null,
    },
  ];

  return (
    <Flex vertical gap="small" data-testid="device-detail-deploy">
      <Flex justify="space-between" align="center">
        <Typography.Text type="secondary">{t('deviceDetail.deploy.oneOfEachType')}</Typography.Text>
        <RefreshButton loading={deploys.isFetching} onClick={() => void deploys.refetch()} />
      </Flex>
      <QueryErrorAlert error={deploys.error} onRetry={() => void deploys.refetch()} />
      <Table<TypeRow>
        rowKey="deployType"
        size="small"
        columns={columns}
        dataSource={deploys.data ? rows : []}
        loading={deploys.isPending}
        pagination={false}
        locale={{ emptyText: t('deviceDetail.states.empty') }}
      />
    </Flex>
  );
}
