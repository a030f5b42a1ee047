import {
  LANGUAGES,
  MOBILE_PATTERN,
  VOCABULARIES,
  WX_ALARM_LIMITS,
  type WxAlarmReply,
  type WxAlarmSettings,
  type WxAlarmSettingsUpdate,
  writeCode,
  wxAlarmSettingsInputSchema,
} from '@envmon/shared';
import { Button, Checkbox, Form, Input, InputNumber, Select, Space, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Can, useCan } from '../../../../components/can';
import { isApiError } from '../../../../lib/api';
import { crossFieldRule, zodRule } from '../../../../lib/form-rules';
import { useVocabularyLang } from '../../../../components/vocabulary/use-vocabulary-lang';
import { useWxAlarmDynamicCode } from '../api/get-dynamic-code';
import { useSaveWxAlarmSettings } from '../api/save-settings';
import { useSendWxAlarmTest } from '../api/send-test';
import { type WebhookAnswer, WebhookAnswerPanel } from './webhook-answer';

export const WX_ALARM_WRITE = writeCode('settings.wx-alarm');

type FormValues = Omit<WxAlarmSettingsUpdate, 'dynamicCode'> & { dynamicCode?: string };

const LANGUAGE_LABEL_KEYS: Record<(typeof LANGUAGES)[number], string> = {
  'zh-CN': 'common.languages.zhCN',
  'en-US': 'common.languages.enUS',
};

/** A refusal that carries the webhook's answer (send and dynamicCode put it in the failure's data). */
function replyOf(error: unknown): WxAlarmReply | null {
  if (!isApiError(error) || typeof error.data !== 'object' || error.data === null) return null;
  return 'errcode' in error.data ? (error.data as WxAlarmReply) : null;
}

function toFormValues(settings: WxAlarmSettings): FormValues {
  const { updateTime: _updateTime, ...values } = settings;
  return {
    ...values,
    lowestLevel: values.lowestLevel as FormValues['lowestLevel'],
    alarmTypes: values.alarmTypes as FormValues['alarmTypes'],
  };
}

/**
 * The WeChat alarm settings. A new webhook URL is saved only with the dynamic code that 'get code'
 * sent through it; without the write permission the form is read-only and its buttons are hidden.
 */
export function WxAlarmForm({ settings }: { settings: WxAlarmSettings }) {
  const { t } = useTranslation();
  const lang = useVocabularyLang();
  const canWrite = useCan(WX_ALARM_WRITE);
  const [form] = Form.useForm<FormValues>();
  const [answer, setAnswer] = useState<WebhookAnswer | null>(null);
  const save = useSaveWxAlarmSettings();
  const sendTest = useSendWxAlarmTest();
  const dynamicCode = useWxAlarmDynamicCode();
  const { shape } = wxAlarmSettingsInputSchema;

  const onFailure = (error: unknown) => {
    const reply = replyOf(error);
    setAnswer(reply ? { kind: 'failed', reply } : null);
  };

  const getCode = async () => {
    const { webhookUrl } = await form.validateFields(['webhookUrl']);
    if (!webhookUrl) {
      form.setFields([{ name: 'webhookUrl', errors: [t('validation.required')] }]);
      return;
    }
    dynamicCode.mutate(
      { webhookUrl },
      {
        onSuccess: (sent) => setAnswer({ kind: 'codeSent', reply: sent.reply }),
        onError: onFailure,
      },
    );
  };

  const onFinish = ({ dynamicCode: code, ...values }: FormValues) =>
    save.mutate(code ? { ...values, dynamicCode: code } : values, {
      onSuccess: (saved) => form.setFieldsValue({ ...toFormValues(saved), dynamicCode: '' }),
    });

  return (
    <Form<FormValues>
      form={form}
      name="wx-alarm-form"
      layout="vertical"
      style={{ maxWidth: 640 }}
      initialValues={toFormValues(settings)}
      disabled={!canWrite || save.isPending}
      onFinish={onFinish}
    >
      <Form.Item name="enabled" label={t('wxAlarm.fields.enabled')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item
        name="webhookUrl"
        dependencies={['enabled']}
        label={t('wxAlarm.fields.webhookUrl')}
        rules={[
          zodRule(shape.webhookUrl, t, false),
          // Required while the alarms are on.
          crossFieldRule((value, field) => Boolean(field('enabled')) && !value, t('validation.required')),
        ]}
      >
        <Input
          maxLength={WX_ALARM_LIMITS.urlMax}
          placeholder="https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=…"
        />
      </Form.Item>
      <Form.Item label={t('wxAlarm.fields.dynamicCode')} extra={t('wxAlarm.help.dynamicCode')}>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item name="dynamicCode" noStyle rules={[zodRule(shape.dynamicCode, t, false)]}>
            <Input
              aria-label={t('wxAlarm.fields.dynamicCode')}
              maxLength={WX_ALARM_LIMITS.dynamicCodeLength}
              autoComplete="one-time-code"
            />
          </Form.Item>
          <Can code={WX_ALARM_WRITE}>
            <Button data-testid="wx-alarm-get-code" loading={dynamicCode.isPending} onClick={() => void getCode()}>
              {t('wxAlarm.actions.getCode')}
            </Button>
          </Can>
        </Space.Compact>
      </Form.Item>
      <Form.Item name="alarmTypes" label={t('wxAlarm.fields.alarmTypes')}>
        <Checkbox.Group
          options={VOCABULARIES.alarmType.items.map((item) => ({ value: Number(item.value), label: item[lang] }))}
        />
      </Form.Item>
      <Form.Item name="lowestLevel" label={t('wxAlarm.fields.lowestLevel')} extra={t('wxAlarm.help.lowestLevel')}>
        <Select
          options={VOCABULARIES.alarmLevel.items.map((item) => ({ value: Number(item.value), label: item[lang] }))}
        />
      </Form.Item>
      <Form.Item name="mentionedUserIds" label={t('wxAlarm.fields.mentionedUserIds')}>
        <Select mode="tags" open={false} tokenSeparators={[',', ' ']} maxCount={WX_ALARM_LIMITS.recipientsMax} />
      </Form.Item>
      <Form.Item
        name="mentionedMobiles"
        label={t('wxAlarm.fields.mentionedMobiles')}
        rules={[
          {
            validator: (_rule, value: readonly string[] | undefined) =>
              (value ?? []).every((mobile) => MOBILE_PATTERN.test(mobile))
                ? Promise.resolve()
                : Promise.reject(new Error(t('validation.mobile'))),
          },
        ]}
      >
        <Select mode="tags" open={false} tokenSeparators={[',', ' ']} maxCount={WX_ALARM_LIMITS.recipientsMax} />
      </Form.Item>
      <Space wrap align="start">
        <Form.Item name="digestCount" label={t('wxAlarm.fields.digestCount')} rules={[zodRule(shape.digestCount, t)]}>
          <InputNumber min={WX_ALARM_LIMITS.digestCountMin} max={WX_ALARM_LIMITS.digestCountMax} precision={0} />
        </Form.Item>
        <Form.Item
          name="digestWindowSeconds"
          label={t('wxAlarm.fields.digestWindowSeconds')}
          extra={t('wxAlarm.help.digest')}
          rules={[zodRule(shape.digestWindowSeconds, t)]}
        >
          <InputNumber min={1} max={WX_ALARM_LIMITS.digestWindowSecondsMax} precision={0} />
        </Form.Item>
      </Space>
      <Form.Item name="language" label={t('wxAlarm.fields.language')}>
        <Select options={LANGUAGES.map((value) => ({ value, label: t(LANGUAGE_LABEL_KEYS[value]) }))} />
      </Form.Item>
      <Can code={WX_ALARM_WRITE}>
        <Space>
          <Button type="primary" htmlType="submit" data-testid="wx-alarm-save" loading={save.isPending}>
            {t('wxAlarm.actions.save')}
          </Button>
          <Button
            data-testid="wx-alarm-send-test"
            loading={sendTest.isPending}
            onClick={() =>
              sendTest.mutate(undefined, {
                onSuccess: (reply) => setAnswer({ kind: 'sent', reply }),
                onError: onFailure,
              })
            }
          >
            {t('wxAlarm.actions.sendTest')}
          </Button>
        </Space>
      </Can>
      {answer && <WebhookAnswerPanel answer={answer} />}
    </Form>
  );
}
