import type { IotCard, IotCardListQuery } from '@envmon/shared';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Form, Input, Select, type TableColumnsType, Typography, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Can, useCan } from '../../../../components/can';
import { EMPTY_CELL } from '../../../../components/crud/constants';
import {
  FilterActions,
  FIRST_PAGE,
  type PageRequest,
  RefreshButton,
  usePagination,
} from '../../../../components/crud/table-parts';
import { PagedTable } from '../../../../components/crud/paged-table';
import { useConfirmDelete } from '../../../../components/crud/use-confirm-delete';
import { dayjs } from '../../../../lib/dayjs';
import { getSelectedProjectId } from '../../../../lib/project';
import { useDeviceOptions } from '../../../../components/use-select-options';
import { useDeleteIotCard } from '../api/delete-iot-card';
import { iotCardPageQueryOptions } from '../api/get-iot-cards';
import { IotCardFormModal } from '../components/iot-card-form-modal';
import { DaysLeftTag, expiryOptions, operatorOptions } from '../components/iot-card-vocabulary';
import { IOT_CARD_WRITE } from '../components/permissions';

const FILTER_WIDTH = 180;
const CARD_NO_WIDTH = 200;
const NUMBER_WIDTH = 140;
const SHORT_WIDTH = 110;
const DEVICE_WIDTH = 200;
const DATE_WIDTH = 120;
const REMARK_WIDTH = 180;
const ACTIONS_WIDTH = 160;
const DATE_FORMAT = 'YYYY-MM-DD';
/** The summary only needs the totals. */
const COUNT_ONLY = { pageNum: 1, pageSize: 1 };

type Filters = Pick<IotCardListQuery, 'cardNo' | 'deviceId' | 'operator' | 'expiry'>;
type Editing = { mode: 'create' } | { mode: 'update'; card: IotCard };

const cell = (value: number | string | null) => (value === null || value === '' ? EMPTY_CELL : value);
const date = (value: number | null) => (value === null ? EMPTY_CELL : dayjs(value).format(DATE_FORMAT));

/**
 * Settings › IoT card (SPEC section 7 'iotCard'): the SIM / IoT cards stations connect through — which card
 * is in which station and when it expires, soonest first, with the number of cards expiring soon or expired.
 */
export default function IotCardPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const canWrite = useCan(IOT_CARD_WRITE);
  const [form] = Form.useForm<Filters>();
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState<PageRequest>(FIRST_PAGE);
  const [editing, setEditing] = useState<Editing | null>(null);
  const projectId = getSelectedProjectId() ?? undefined;
  const list = useQuery(iotCardPageQueryOptions({ ...filters, ...page, projectId }));
  const soon = useQuery(iotCardPageQueryOptions({ ...COUNT_ONLY, expiry: 'soon', projectId }, { quiet: true }));
  const expired = useQuery(iotCardPageQueryOptions({ ...COUNT_ONLY, expiry: 'expired', projectId }, { quiet: true }));
  const pagination = usePagination(page, setPage, list.data?.total);
  const devices = useDeviceOptions();
  const remove = useDeleteIotCard();
  // Days left as of the list's last load.
  const now = list.dataUpdatedAt;

  const search = (next: Filters) => {
    setFilters({ ...next, cardNo: next.cardNo?.trim() || undefined });
    setPage({ ...page, pageNum: 1 });
  };

  const confirmDelete = useConfirmDelete({
    remove: remove.mutateAsync,
    rowsOnPage: list.data?.list.length ?? 0,
    page,
    setPage,
  });

  const columns: TableColumnsType<IotCard> = [
    { key: 'cardNo', dataIndex: 'cardNo', title: t('iotCard.fields.cardNo'), width: CARD_NO_WIDTH, fixed: 'left' },
    { key: 'msisdn', title: t('iotCard.fields.msisdn'), width: NUMBER_WIDTH, render: (_v, row) => cell(row.msisdn) },
    {
      key: 'operator',
      title: t('iotCard.fields.operator'),
      width: SHORT_WIDTH,
      render: (_v, row) => t(`iotCard.operators.${row.operator}`),
    },
    {
      key: 'device',
      title: t('iotCard.fields.device'),
      width: DEVICE_WIDTH,
      ellipsis: true,
      render: (_v, row) =>
        row.deviceId === null ? (
          <Typography.Text type="secondary">{t('iotCard.noDevice')}</Typography.Text>
        ) : (
          <Flex vertical>
            <span>{row.deviceName}</span>
            <Typography.Text type="secondary">{row.deviceCode}</Typography.Text>
          </Flex>
        ),
    },
    { key: 'plan', title: t('iotCard.fields.plan'), width: NUMBER_WIDTH, render: (_v, row) => cell(row.plan) },
    {
      key: 'dataLimitMb',
      title: t('iotCard.fields.dataLimitMb'),
      width: SHORT_WIDTH,
      align: 'right',
      render: (_v, row) => cell(row.dataLimitMb),
    },
    {
      key: 'activateDate',
      title: t('iotCard.fields.activateDate'),
      width: DATE_WIDTH,
      render: (_v, row) => date(row.activateDate),
    },
    {
      key: 'expireDate',
      title: t('iotCard.fields.expireDate'),
      width: DATE_WIDTH,
      render: (_v, row) => date(row.expireDate),
    },
    {
      key: 'daysLeft',
      title: t('iotCard.fields.daysLeft'),
      width: NUMBER_WIDTH,
      render: (_v, row) => <DaysLeftTag expireDate={row.expireDate} now={now} />,
    },
    {
      key: 'remark',
      title: t('iotCard.fields.remark'),
      width: REMARK_WIDTH,
      ellipsis: true,
      render: (_v, row) => cell(row.remark),
    },
    ...(canWrite
      ? [
          {
            key: 'actions',
            title: t('common.table.actions'),
            width: ACTIONS_WIDTH,
            fixed: 'right' as const,
            render: (_v: unknown, row: IotCard) => (
              <Flex gap={0}>
                <Button
                  type="link"
                  size="small"
                  icon={<EditOutlined />}
                  onClick={() => setEditing({ mode: 'update', card: row })}
                  data-testid={`iot-card-edit-${row.id}`}
                >
                  {t('common.actions.edit')}
                </Button>
                <Button
                  type="link"
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  onClick={() => confirmDelete(row.id)}
                  data-testid={`iot-card-delete-${row.id}`}
                >
                  {t('common.actions.delete')}
                </Button>
              </Flex>
            ),
          },
        ]
      : []),
  ];

  return (
    <Card variant="borderless" data-testid="iot-card-page">
      <Flex vertical gap="middle">
        {/* Named, so its fields' ids differ from the same fields' in the add/edit dialog. */}
        <Form
          form={form}
          name="iot-card-filter"
          layout="inline"
          onFinish={search}
          style={{ rowGap: token.marginXS }}
          role="search"
        >
          <Form.Item name="cardNo" label={t('iotCard.fields.cardNo')}>
            <Input allowClear placeholder={t('iotCard.filter.cardNoPlaceholder')} style={{ width: FILTER_WIDTH }} />
          </Form.Item>
          <Form.Item name="deviceId" label={t('iotCard.fields.device')}>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              options={devices.options}
              loading={devices.loading}
              style={{ width: FILTER_WIDTH }}
            />
          </Form.Item>
          <Form.Item name="operator" label={t('iotCard.fields.operator')}>
            <Select allowClear options={operatorOptions(t)} style={{ width: FILTER_WIDTH }} />
          </Form.Item>
          <Form.Item name="expiry" label={t('iotCard.fields.expireDate')}>
            <Select allowClear options={expiryOptions(t)} style={{ width: FILTER_WIDTH }} />
          </Form.Item>
          <FilterActions
            onReset={() => {
              form.resetFields();
              search({});
            }}
          />
        </Form>
        <Flex gap="small" align="center">
          <Can code={IOT_CARD_WRITE}>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setEditing({ mode: 'create' })}
              data-testid="iot-card-add"
            >
              {t('common.actions.add')}
            </Button>
          </Can>
          {soon.data && expired.data ? (
            <Typography.Text
              type={soon.data.total + expired.data.total > 0 ? 'warning' : 'secondary'}
              data-testid="iot-card-summary"
            >
              {t('iotCard.summary', { soon: soon.data.total, expired: expired.data.total })}
            </Typography.Text>
          ) : null}
          <span style={{ marginInlineStart: 'auto' }}>
            <RefreshButton loading={list.isFetching} onClick={() => void list.refetch()} />
          </span>
        </Flex>
        <PagedTable<IotCard>
          list={list}
          columns={columns}
          rowKey="id"
          pagination={pagination}
          empty={t('iotCard.empty')}
          testId="iot-card"
        />
      </Flex>
      {editing ? (
        <IotCardFormModal
          card={editing.mode === 'update' ? editing.card : undefined}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Card>
  );
}
