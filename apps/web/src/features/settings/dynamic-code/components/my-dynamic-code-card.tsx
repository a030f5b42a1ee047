import { type DynamicCodeEnrolment, type DynamicCodeStatus, dynamicCodeSchema } from '@envmon/shared';
import { KeyOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Descriptions, Divider, Flex, Form, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EMPTY_CELL } from '../../../../components/crud/constants';
import { formatDateTime } from '../../../../lib/dayjs';
import { useEnrolDynamicCode } from '../api/enrol-dynamic-code';
import { dynamicCodeStatusQueryOptions } from '../api/get-dynamic-code-status';
import { CodeField } from './code-field';
import { EnrolmentPanel } from './enrolment-panel';

type EnrolmentState = 'none' | 'pending' | 'confirmed';

const STATE_COLOURS: Record<EnrolmentState, string> = { none: 'default', pending: 'warning', confirmed: 'success' };

const stateOf = (status: DynamicCodeStatus | undefined): EnrolmentState =>
  !status?.enrolled ? 'none' : status.confirmed ? 'confirmed' : 'pending';

/**
 * The caller's own dynamic code: its state, and enrolling — at once when there is none or it is not confirmed,
 * with a current code when renewing a confirmed one (the server asks the same).
 */
export function MyDynamicCodeCard() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const status = useQuery(dynamicCodeStatusQueryOptions());
  const enrol = useEnrolDynamicCode();
  /** The answer of the last enrolment, shown until it is confirmed or put away: the secret lives only here. */
  const [enrolment, setEnrolment] = useState<DynamicCodeEnrolment | null>(null);
  const [renewing, setRenewing] = useState(false);
  const [renewForm] = Form.useForm<{ code: string }>();
  const state = stateOf(status.data);
  const lockedUntil = status.data?.lockedUntil ?? null;

  const start = (code?: string) =>
    enrol.mutate(code === undefined ? {} : { code: dynamicCodeSchema.parse(code) }, {
      onSuccess: (answer) => {
        setEnrolment(answer);
        setRenewing(false);
        renewForm.resetFields();
      },
      onError: () => renewForm.resetFields(),
    });

  const confirmed = () => {
    setEnrolment(null);
    void message.success(t('dynamicCode.messages.confirmed'));
  };

  const startButton = () => {
    switch (state) {
      case 'none':
        return (
          <Button type="primary" icon={<KeyOutlined />} loading={enrol.isPending} onClick={() => start()}>
            {t('dynamicCode.actions.enrol')}
          </Button>
        );
      case 'pending':
        return (
          <Button icon={<ReloadOutlined />} loading={enrol.isPending} onClick={() => start()}>
            {t('dynamicCode.actions.restart')}
          </Button>
        );
      case 'confirmed':
        return (
          <Button icon={<ReloadOutlined />} onClick={() => setRenewing(true)} disabled={renewing}>
            {t('dynamicCode.actions.renew')}
          </Button>
        );
    }
  };

  return (
    <Card variant="borderless" title={t('dynamicCode.mine.title')} data-testid="dynamic-code-mine">
      <Flex vertical gap="middle">
        <Typography.Text type="secondary">{t('dynamicCode.mine.description')}</Typography.Text>
        {status.isPending ? (
          <Skeleton active paragraph={{ rows: 1 }} />
        ) : (
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 2 }}
            items={[
              {
                key: 'status',
                label: t('dynamicCode.mine.status'),
                children: (
                  <Tag color={STATE_COLOURS[state]} data-testid="dynamic-code-state">
                    {t(`dynamicCode.statuses.${state}`)}
                  </Tag>
                ),
              },
              {
                key: 'since',
                label: t('dynamicCode.mine.since'),
                children: status.data?.createTime ? formatDateTime(status.data.createTime) : EMPTY_CELL,
              },
            ]}
          />
        )}
        {lockedUntil !== null && (
          <Alert type="warning" showIcon title={t('dynamicCode.locked', { time: formatDateTime(lockedUntil) })} />
        )}
        {!enrolment && !status.isPending && <div>{startButton()}</div>}
        {renewing && !enrolment && (
          <Flex vertical gap="small" data-testid="dynamic-code-renew">
            <Typography.Title level={5} style={{ margin: 0 }}>
              {t('dynamicCode.renew.title')}
            </Typography.Title>
            <Typography.Text>{t('dynamicCode.renew.description')}</Typography.Text>
            <Form<{ code: string }>
              form={renewForm}
              name="dynamic-code-renew"
              layout="inline"
              onFinish={({ code }) => start(code)}
            >
              <CodeField label={t('dynamicCode.fields.currentCode')} testId="dynamic-code-renew-code" />
              <Form.Item>
                <Flex gap="small">
                  <Button type="primary" htmlType="submit" loading={enrol.isPending}>
                    {t('dynamicCode.actions.renew')}
                  </Button>
                  <Button onClick={() => setRenewing(false)}>{t('dynamicCode.actions.cancel')}</Button>
                </Flex>
              </Form.Item>
            </Form>
          </Flex>
        )}
        {enrolment && (
          <>
            <Divider style={{ margin: 0 }} />
            <EnrolmentPanel enrolment={enrolment} onConfirmed={confirmed} onCancel={() => setEnrolment(null)} />
          </>
        )}
      </Flex>
    </Card>
  );
}
