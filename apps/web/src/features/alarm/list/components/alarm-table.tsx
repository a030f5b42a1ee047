import type { Alarm } from '@envmon/shared';
import { Button, Table, type TableColumnsType, type TablePaginationConfig } from 'antd';
import { useTranslation } from 'react-i18next';
import { EMPTY_CELL } from '../../../../components/crud/constants';
import { useTableHeight } from '../../../../components/use-table-height';
import { alarmFactorName, alarmTime, alarmValueText } from '../../current/alarm-text';
import { useVocabularyLang } from '../../../../components/vocabulary/use-vocabulary-lang';
import { AlarmTypeCell, VocabularyTag } from './alarm-cells';

/** Widths that keep the spec's nine columns in view on a 1440-pixel screen; the rest scroll in. */
const INDEX_WIDTH = 56;
const NAME_WIDTH = 160;
const TIME_WIDTH = 165;
const TAG_WIDTH = 110;
const TYPE_WIDTH = 150;
const NUMBER_WIDTH = 85;
/** Header, filters, tabs, the table's own header and the pagination around the table body. */
const TABLE_OFFSET = 480;

export type AlarmTab = 'current' | 'history';

export interface AlarmTableProps {
  tab: AlarmTab;
  alarms: Alarm[];
  loading: boolean;
  pagination: TablePaginationConfig;
  onOpen: (alarm: Alarm) => void;
}

const cell = (value: number | string | null) => (value === null || value === '' ? EMPTY_CELL : value);

/**
 * The alarms (SPEC section 2 'Alarm'): the spec's columns — index, device name, factor name,
 * overflow type, alarm start time, alarm value, standard value, alarm type, work order status —
 * then level, count and last seen; the history adds the recovery time.
 */
export function AlarmTable({ tab, alarms, loading, pagination, onOpen }: AlarmTableProps) {
  const { t } = useTranslation();
  const lang = useVocabularyLang();
  const height = useTableHeight(TABLE_OFFSET);
  const first = ((pagination.current ?? 1) - 1) * (pagination.pageSize ?? 0);
  const columns: TableColumnsType<Alarm> = [
    { key: 'index', title: t('alarm.fields.index'), width: INDEX_WIDTH, render: (_v, _a, index) => first + index + 1 },
    {
      key: 'deviceName',
      title: t('alarm.fields.deviceName'),
      width: NAME_WIDTH,
      ellipsis: true,
      render: (_v, a) => a.device.deviceName,
    },
    {
      key: 'factorName',
      title: t('alarm.fields.factorName'),
      width: NAME_WIDTH,
      ellipsis: true,
      render: (_v, a) => cell(alarmFactorName(a, lang)),
    },
    {
      key: 'overflowType',
      title: t('alarm.fields.overflowType'),
      width: TAG_WIDTH,
      render: (_v, a) => <VocabularyTag name="overflowType" value={a.overflowType} />,
    },
    {
      key: 'beginDate',
      title: t('alarm.fields.beginDate'),
      width: TIME_WIDTH,
      render: (_v, a) => alarmTime(a, a.beginDate),
    },
    {
      key: 'alarmValue',
      title: t('alarm.fields.alarmValue'),
      width: NUMBER_WIDTH,
      render: (_v, a) => alarmValueText(a),
    },
    {
      key: 'standardValue',
      title: t('alarm.fields.standardValue'),
      width: NUMBER_WIDTH,
      render: (_v, a) => cell(a.standardValue),
    },
    {
      key: 'alarmType',
      title: t('alarm.fields.alarmType'),
      width: TYPE_WIDTH,
      render: (_v, a) => <AlarmTypeCell alarm={a} />,
    },
    {
      // As in the badge's dialog, the status opens the work order (its details, trail and moves).
      key: 'orderStatus',
      title: t('alarm.fields.orderStatus'),
      width: TAG_WIDTH,
      render: (_v, a) => (
        <Button
          type="link"
          size="small"
          onClick={() => onOpen(a)}
          title={t('alarmList.actions.workOrder')}
          data-testid={`alarm-open-${a.id}`}
        >
          <VocabularyTag name="alarmStatus" value={a.workOrder.orderStatus} />
        </Button>
      ),
    },
    {
      key: 'alarmLevel',
      title: t('alarm.fields.alarmLevel'),
      width: NUMBER_WIDTH,
      render: (_v, a) => <VocabularyTag name="alarmLevel" value={a.alarmLevel} />,
    },
    { key: 'count', dataIndex: 'count', title: t('alarm.fields.count'), width: NUMBER_WIDTH },
    {
      key: 'lastDate',
      title: t('alarm.fields.lastDate'),
      width: TIME_WIDTH,
      render: (_v, a) => alarmTime(a, a.lastDate),
    },
    ...(tab === 'history'
      ? [
          {
            key: 'endDate',
            title: t('alarm.fields.endDate'),
            width: TIME_WIDTH,
            render: (_v: unknown, a: Alarm) => alarmTime(a, a.endDate),
          },
        ]
      : []),
  ];
  return (
    <Table<Alarm>
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={alarms}
      loading={loading}
      scroll={{ x: columns.reduce((sum, column) => sum + Number(column.width ?? 0), 0), y: height }}
      pagination={pagination}
      data-testid={`alarm-table-${tab}`}
    />
  );
}
