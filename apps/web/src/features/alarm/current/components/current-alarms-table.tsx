import { Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import {
  ALARM_TYPE,
  breakerTextKey,
  vocabularyColor,
  vocabularyLabel,
  WORK_ORDER_STATUS,
  type Alarm,
} from '@envmon/shared';
import { vocabularyLang } from '../../../../components/crud/cell-render';
import { alarmFactorName, alarmTime, alarmValueText } from '../alarm-text';

const INDEX_WIDTH = 64;
const TIME_WIDTH = 170;
/** Scrolls inside the dialog however many stations are alarming. */
const TABLE_HEIGHT = 420;

/**
 * The badge dialog's table (SPEC section 2 'Layout'): index, device name, factor name, overflow
 * type, alarm start time, alarm value, standard value, alarm type, work order status — a handled
 * work order is plain text, the others a link to the work order on the alarm screen.
 */
export function CurrentAlarmsTable({
  alarms,
  onOpenWorkOrder,
}: {
  alarms: readonly Alarm[];
  onOpenWorkOrder: (alarm: Alarm) => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = vocabularyLang(i18n.language);
  const columns: ColumnsType<Alarm> = [
    { key: 'index', title: t('alarm.fields.index'), width: INDEX_WIDTH, render: (_, __, index) => index + 1 },
    { key: 'deviceName', title: t('alarm.fields.deviceName'), render: (_, alarm) => alarm.device.deviceName },
    { key: 'factorName', title: t('alarm.fields.factorName'), render: (_, alarm) => alarmFactorName(alarm, lang) },
    {
      key: 'overflowType',
      title: t('alarm.fields.overflowType'),
      render: (_, alarm) =>
        alarm.overflowType === null ? '' : vocabularyLabel('overflowType', alarm.overflowType, lang),
    },
    {
      key: 'beginDate',
      title: t('alarm.fields.beginDate'),
      width: TIME_WIDTH,
      render: (_, alarm) => alarmTime(alarm, alarm.beginDate),
    },
    { key: 'alarmValue', title: t('alarm.fields.alarmValue'), render: (_, alarm) => alarmValueText(alarm) },
    { key: 'standardValue', title: t('alarm.fields.standardValue'), render: (_, alarm) => alarm.standardValue ?? '' },
    {
      key: 'alarmType',
      title: t('alarm.fields.alarmType'),
      render: (_, alarm) => {
        const breaker =
          alarm.alarmType === ALARM_TYPE.breaker && alarm.symbol !== null ? breakerTextKey(alarm.symbol) : null;
        return (
          <>
            <Tag color={vocabularyColor('alarmType', alarm.alarmType)}>
              {vocabularyLabel('alarmType', alarm.alarmType, lang)}
            </Tag>
            {breaker && t(breaker)}
          </>
        );
      },
    },
    {
      key: 'orderStatus',
      title: t('alarm.fields.orderStatus'),
      render: (_, alarm) =>
        alarm.workOrder.orderStatus === WORK_ORDER_STATUS.handled ? (
          t('alarm.badge.finished')
        ) : (
          <Typography.Link onClick={() => onOpenWorkOrder(alarm)}>
            {vocabularyLabel('alarmStatus', alarm.workOrder.orderStatus, lang)}
          </Typography.Link>
        ),
    },
  ];
  return (
    <Table<Alarm>
      rowKey="id"
      size="small"
      dataSource={[...alarms]}
      columns={columns}
      pagination={false}
      scroll={{ y: TABLE_HEIGHT }}
      locale={{ emptyText: t('alarm.badge.empty') }}
    />
  );
}
