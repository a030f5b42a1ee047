import {
  OUTLIER_APPLY_KINDS,
  type OutlierApplication,
  type OutlierApplyKind,
  outlierApplySchema,
  outlierIntervalEndpoints,
} from '@envmon/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Checkbox, Flex, Form, Modal, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangePicker } from '../../../../components/date-range/date-range-picker';
import { DeviceSelect, FactorSelect } from '../../../../components/device-factor-select';
import { callEndpoint } from '../../../../lib/endpoint';
import { getSelectedProjectId } from '../../../../lib/project';
import { showIssuesOnForm, type Translate } from '../../../../lib/zod-form-errors';

interface ApplyFormValues {
  deviceIds?: number[];
  factorCodes?: string[];
  kinds?: OutlierApplyKind[];
  range?: [Dayjs, Dayjs] | null;
}

const FORM_WIDTH = 560;

/** What the form holds as the apply call reads it: whole days, the last one included. */
export function toApplyInput(values: ApplyFormValues, projectId: number | undefined) {
  const [from, to] = values.range ?? [];
  return {
    deviceIds: values.deviceIds ?? [],
    factorCodes: values.factorCodes ?? [],
    kinds: values.kinds ?? [],
    beginTime: from ? from.startOf('day').valueOf() : Number.NaN,
    endTime: to ? to.add(1, 'day').startOf('day').valueOf() : Number.NaN,
    ...(projectId === undefined ? {} : { projectId }),
  };
}

/**
 * Re-applies the intervals as they are to the stored values of a range (stations, factors, data kinds, days) and
 * shows how many values were re-judged and how many changed; the application joins the list of applications.
 */
export function ApplyModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ApplyFormValues>();
  const client = useQueryClient();
  const [result, setResult] = useState<OutlierApplication | null>(null);
  const devices = Form.useWatch('deviceIds', form);
  const translate: Translate = (key, values) => t(key, values);
  const apply = useMutation({
    mutationFn: (body: ReturnType<typeof toApplyInput>) => callEndpoint(outlierIntervalEndpoints.apply, { body }),
    onSuccess: async (application) => {
      setResult(application);
      await client.invalidateQueries({ queryKey: outlierIntervalEndpoints.applications.key });
    },
  });

  const submit = () => {
    const input = toApplyInput(form.getFieldsValue(true) as ApplyFormValues, getSelectedProjectId() ?? undefined);
    const parsed = outlierApplySchema.safeParse(input);
    if (!parsed.success) {
      // The range's two ends are one picker.
      const issues = parsed.error.issues.map((issue) =>
        issue.path[0] === 'beginTime' || issue.path[0] === 'endTime' ? { ...issue, path: ['range'] } : issue,
      );
      showIssuesOnForm(form, issues, translate);
      return;
    }
    setResult(null);
    apply.mutate(input);
  };

  return (
    <Modal
      open
      title={t('outlierInterval.apply.title')}
      onCancel={onClose}
      onOk={submit}
      okText={t('outlierInterval.apply.submit')}
      okButtonProps={{ 'data-testid': 'outlier-apply-submit' }}
      cancelText={t('common.actions.close')}
      confirmLoading={apply.isPending}
      width={FORM_WIDTH}
      destroyOnHidden
    >
      <Flex vertical gap="small">
        <Typography.Text type="secondary">{t('outlierInterval.apply.help')}</Typography.Text>
        <Form<ApplyFormValues>
          form={form}
          layout="vertical"
          name="outlier-apply"
          data-testid="outlier-apply-form"
          initialValues={{ kinds: ['hour', 'day'] }}
        >
          <Form.Item
            name="deviceIds"
            label={t('outlierInterval.apply.devices')}
            extra={t('outlierInterval.apply.devicesHint')}
          >
            <DeviceSelect<number[]> mode="multiple" allowClear />
          </Form.Item>
          <Form.Item
            name="factorCodes"
            label={t('outlierInterval.apply.factors')}
            extra={t('outlierInterval.apply.factorsHint')}
          >
            <FactorSelect<string[]> mode="multiple" allowClear devices={devices} />
          </Form.Item>
          {/* Not marked required: antd would put aria-required on the checkbox group, which its role does not allow. */}
          <Form.Item name="kinds" label={t('outlierInterval.apply.kinds')}>
            <Checkbox.Group
              options={OUTLIER_APPLY_KINDS.map((kind) => ({ value: kind, label: t(`outlierInterval.kinds.${kind}`) }))}
            />
          </Form.Item>
          <Form.Item name="range" label={t('outlierInterval.apply.range')} required>
            <DateRangePicker style={{ width: '100%' }} />
          </Form.Item>
        </Form>
        {result ? (
          <Alert
            type={result.changed > 0 ? 'warning' : 'success'}
            showIcon
            message={t('outlierInterval.apply.result', { examined: result.examined, changed: result.changed })}
            data-testid="outlier-apply-result"
          />
        ) : null}
      </Flex>
    </Modal>
  );
}
