import { WX_ALARM_LIMITS, type WxAlarmReply } from '@envmon/shared';
import { Alert, Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';

export interface WebhookAnswer {
  kind: 'sent' | 'codeSent' | 'failed';
  reply: WxAlarmReply;
}

const SUMMARY_KEY: Record<WebhookAnswer['kind'], string> = {
  sent: 'wxAlarm.result.sent',
  codeSent: 'wxAlarm.result.codeSent',
  failed: 'wxAlarm.result.failed',
};

/** What the webhook answered to the last test message or dynamic code, as it said it. */
export function WebhookAnswerPanel({ answer }: { answer: WebhookAnswer }) {
  const { t } = useTranslation();
  const { reply } = answer;
  return (
    <Alert
      data-testid="wx-alarm-answer"
      style={{ marginTop: 16 }}
      type={answer.kind === 'failed' ? 'error' : 'success'}
      showIcon
      title={t(SUMMARY_KEY[answer.kind], { minutes: WX_ALARM_LIMITS.dynamicCodeTtlMs / 60_000 })}
      description={
        <Descriptions
          size="small"
          column={1}
          title={t('wxAlarm.result.title')}
          items={[
            { key: 'httpStatus', label: t('wxAlarm.result.httpStatus'), children: reply.httpStatus ?? '-' },
            { key: 'errcode', label: t('wxAlarm.result.errcode'), children: reply.errcode ?? '-' },
            { key: 'errmsg', label: t('wxAlarm.result.errmsg'), children: reply.errmsg ?? '-' },
          ]}
        />
      }
    />
  );
}
