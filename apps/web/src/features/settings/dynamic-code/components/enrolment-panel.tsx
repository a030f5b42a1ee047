import { type DynamicCodeEnrolment, dynamicCodeSchema } from '@envmon/shared';
import { Alert, Button, Descriptions, Flex, Form, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useConfirmDynamicCode } from '../api/confirm-dynamic-code';
import { CodeField } from './code-field';

const QR_SIZE = 200;
/** Groups of four, as authenticator apps ask for the key. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * A new enrolment: the QR code (on white in both themes, so any camera reads it), the key for typing in by hand,
 * and the first code that confirms it.
 */
export function EnrolmentPanel({
  enrolment,
  onConfirmed,
  onCancel,
}: {
  enrolment: DynamicCodeEnrolment;
  onConfirmed: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [form] = Form.useForm<{ code: string }>();
  const confirm = useConfirmDynamicCode();

  const submit = ({ code }: { code: string }) =>
    confirm.mutate(
      { code: dynamicCodeSchema.parse(code) },
      {
        onSuccess: onConfirmed,
        onError: () => form.resetFields(),
      },
    );

  return (
    <Flex vertical gap="middle" data-testid="dynamic-code-enrolment">
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('dynamicCode.enrolment.title')}
      </Typography.Title>
      <Typography.Text>{t('dynamicCode.enrolment.scan')}</Typography.Text>
      <Flex wrap gap="large" align="flex-start">
        <img
          src={enrolment.qrCode}
          alt={t('dynamicCode.enrolment.qrAlt', { account: enrolment.account, issuer: enrolment.issuer })}
          width={QR_SIZE}
          height={QR_SIZE}
          style={{ background: '#fff', borderRadius: token.borderRadius, border: `1px solid ${token.colorBorder}` }}
        />
        <Flex vertical gap="small" style={{ flex: 1, minWidth: 260 }}>
          <Descriptions
            size="small"
            column={1}
            items={[
              { key: 'issuer', label: t('dynamicCode.enrolment.issuer'), children: enrolment.issuer },
              { key: 'account', label: t('dynamicCode.enrolment.account'), children: enrolment.account },
              {
                key: 'secret',
                label: t('dynamicCode.enrolment.secret'),
                children: (
                  <Typography.Text code copyable={{ text: enrolment.secret }} data-testid="dynamic-code-secret">
                    {grouped(enrolment.secret)}
                  </Typography.Text>
                ),
              },
            ]}
          />
          <Alert type="info" showIcon title={t('dynamicCode.enrolment.once')} />
          <Form<{ code: string }> form={form} name="dynamic-code-confirm" layout="inline" onFinish={submit}>
            <CodeField label={t('dynamicCode.fields.code')} testId="dynamic-code-confirm-code" />
            <Form.Item>
              <Flex gap="small">
                <Button type="primary" htmlType="submit" loading={confirm.isPending}>
                  {t('dynamicCode.actions.confirm')}
                </Button>
                <Button onClick={onCancel}>{t('dynamicCode.actions.cancel')}</Button>
              </Flex>
            </Form.Item>
          </Form>
        </Flex>
      </Flex>
    </Flex>
  );
}
