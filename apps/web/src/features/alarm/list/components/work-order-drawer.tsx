import {
  type Alarm,
  WORK_ORDER_COMMENT_MAX,
  WORK_ORDER_STATUS,
  WORK_ORDER_TRANSITIONS,
  type WorkOrderStatus,
  vocabularyLabel,
} from '@envmon/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Drawer, Empty, Flex, Input, Spin, Timeline, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../../components/can';
import { EMPTY_CELL } from '../../../../components/crud/constants';
import { QueryErrorAlert } from '../../../../components/crud/table-parts';
import { formatDateTime } from '../../../../lib/dayjs';
import { alarmFactorName, alarmTime, alarmValueText } from '../../current/alarm-text';
import { useVocabularyLang } from '../../../../components/vocabulary/use-vocabulary-lang';
import { workOrderHistoryQueryOptions } from '../api/get-work-order-history';
import { useUpdateWorkOrder } from '../api/update-work-order';
import { AlarmTypeCell, VocabularyTag } from './alarm-cells';
import { ALARM_WRITE } from './permissions';

const DRAWER_WIDTH = 560;
const COMMENT_ROWS = 3;

/** The statuses a work order may move to from its own (1 → 2 or 4; 2 → 3 or 4; 3 and 4 are final). */
export const nextStatuses = (status: number): readonly WorkOrderStatus[] =>
  Object.hasOwn(WORK_ORDER_TRANSITIONS, status) ? WORK_ORDER_TRANSITIONS[status as WorkOrderStatus] : [];

export interface WorkOrderDrawerProps {
  alarm: Alarm | null;
  onClose: () => void;
  /** The server's answer to a move: the alarm with its new status. */
  onMoved: (alarm: Alarm) => void;
}

/**
 * One alarm's work order (SPEC section 4 'Work order'): the alarm, its audit trail (who, when,
 * from → to, comment) and, for those who may write, the moves its status allows, with a comment.
 */
export function WorkOrderDrawer({ alarm, onClose, onMoved }: WorkOrderDrawerProps) {
  const { t } = useTranslation();
  return (
    <Drawer
      open={alarm !== null}
      onClose={onClose}
      size={DRAWER_WIDTH}
      title={t('alarmList.workOrder.title')}
      destroyOnHidden
      data-testid="work-order-drawer"
    >
      {alarm ? <WorkOrderBody key={alarm.id} alarm={alarm} onMoved={onMoved} /> : null}
    </Drawer>
  );
}

function WorkOrderBody({ alarm, onMoved }: { alarm: Alarm; onMoved: (alarm: Alarm) => void }) {
  const { t } = useTranslation();
  const lang = useVocabularyLang();
  const canWrite = useCan(ALARM_WRITE);
  const [comment, setComment] = useState('');
  const history = useQuery(workOrderHistoryQueryOptions(alarm.id));
  const move = useUpdateWorkOrder();
  const targets = canWrite ? nextStatuses(alarm.workOrder.orderStatus) : [];
  const status = (value: number) => vocabularyLabel('alarmStatus', value, lang);

  const submit = (orderStatus: WorkOrderStatus) =>
    move.mutate(
      { alarmId: alarm.id, orderStatus, comment: comment.trim() || null },
      {
        onSuccess: (moved) => {
          setComment('');
          onMoved(moved);
        },
      },
    );

  return (
    <Flex vertical gap="large">
      <Descriptions
        size="small"
        column={1}
        bordered
        items={[
          { key: 'device', label: t('alarm.fields.deviceName'), children: alarm.device.deviceName },
          { key: 'factor', label: t('alarm.fields.factorName'), children: alarmFactorName(alarm, lang) || EMPTY_CELL },
          { key: 'type', label: t('alarm.fields.alarmType'), children: <AlarmTypeCell alarm={alarm} /> },
          {
            key: 'level',
            label: t('alarm.fields.alarmLevel'),
            children: <VocabularyTag name="alarmLevel" value={alarm.alarmLevel} />,
          },
          { key: 'value', label: t('alarm.fields.alarmValue'), children: alarmValueText(alarm) },
          { key: 'standard', label: t('alarm.fields.standardValue'), children: alarm.standardValue ?? EMPTY_CELL },
          { key: 'begin', label: t('alarm.fields.beginDate'), children: alarmTime(alarm, alarm.beginDate) },
          { key: 'last', label: t('alarm.fields.lastDate'), children: alarmTime(alarm, alarm.lastDate) },
          {
            key: 'end',
            label: t('alarm.fields.endDate'),
            children: alarm.endDate === null ? t('alarmList.workOrder.stillActive') : alarmTime(alarm, alarm.endDate),
          },
          { key: 'count', label: t('alarm.fields.count'), children: alarm.count },
          {
            key: 'status',
            label: t('alarm.fields.orderStatus'),
            children: <VocabularyTag name="alarmStatus" value={alarm.workOrder.orderStatus} />,
          },
        ]}
      />

      {targets.length > 0 ? (
        <Flex vertical gap="small" data-testid="work-order-actions">
          <Typography.Text strong>{t('alarmList.workOrder.move')}</Typography.Text>
          <Input.TextArea
            rows={COMMENT_ROWS}
            maxLength={WORK_ORDER_COMMENT_MAX}
            showCount
            value={comment}
            onChange={(event) => setComment(event.target.value)}
            placeholder={t('alarmList.workOrder.commentPlaceholder')}
            aria-label={t('alarmList.workOrder.comment')}
            data-testid="work-order-comment"
          />
          <Flex gap="small" wrap>
            {targets.map((to) => (
              <Button
                key={to}
                type={to === WORK_ORDER_STATUS.falseAlarm ? 'default' : 'primary'}
                loading={move.isPending && move.variables.orderStatus === to}
                disabled={move.isPending}
                onClick={() => submit(to)}
                data-testid={`work-order-move-${to}`}
              >
                {t(`alarmList.workOrder.moveTo.${to}`)}
              </Button>
            ))}
          </Flex>
        </Flex>
      ) : null}

      <Flex vertical gap="small">
        <Typography.Text strong>{t('alarmList.workOrder.history')}</Typography.Text>
        <QueryErrorAlert error={history.error} onRetry={() => void history.refetch()} />
        {history.isPending ? <Spin /> : null}
        {history.data && history.data.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('alarmList.workOrder.noHistory')} />
        ) : null}
        {history.data && history.data.length > 0 ? (
          <Timeline
            data-testid="work-order-history"
            items={history.data.map((event) => ({
              key: event.id,
              title: formatDateTime(event.createTime),
              content: (
                <Flex vertical>
                  <Typography.Text>
                    {t('alarmList.workOrder.step', {
                      user: event.userName ?? t('alarmList.workOrder.system'),
                      from: status(event.fromStatus),
                      to: status(event.toStatus),
                    })}
                  </Typography.Text>
                  {event.comment ? <Typography.Text type="secondary">{event.comment}</Typography.Text> : null}
                </Flex>
              ),
            }))}
          />
        ) : null}
      </Flex>
    </Flex>
  );
}
