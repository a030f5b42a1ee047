import {
  type Job,
  JOB_GRANULES,
  JOB_LIMITS,
  JOB_MISFIRE_POLICIES,
  JOB_PARAMS_SCHEMAS,
  JOB_REPORT_KINDS,
  JOB_REPORT_PERIODS,
  JOB_STATUSES,
  JOB_TYPES,
  jobInputSchema,
  type JobType,
  LIMITS,
} from '@envmon/shared';
import { Checkbox, Col, Divider, Form, Input, InputNumber, Modal, Row, Select, Switch, Typography } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useListSave } from '../../../../components/crud/api/list-mutations';
import type { ListFormModalOwnProps } from '../../../../components/crud/list-definition';
import { showIssuesOnForm } from '../../../../lib/zod-form-errors';
import { JOB_ENDPOINTS } from '../api/calls';
import { CronHelper } from './cron-helper';
import { timeZoneOptions } from './cron-preview';
import {
  DEFAULT_TYPE,
  formIssues,
  type JobFormValues,
  type JobParamName,
  paramsForType,
  toFormValues,
  toInput,
} from './job-form-values';

const WIDTH = 760;
const GUTTER = 16;
const HALF = 12;
const THIRD = 8;

/** A numeric parameter's bounds, read from its schema (inside its default) so the box and the server agree. */
export function boundsOf(type: JobType, name: JobParamName): { min?: number; max?: number } {
  const shape: Readonly<Record<string, z.ZodType>> = JOB_PARAMS_SCHEMAS[type].shape;
  let field = shape[name];
  if (field instanceof z.ZodDefault) field = field.unwrap() as z.ZodType;
  if (!(field instanceof z.ZodNumber)) return {};
  return { min: field.minValue ?? undefined, max: field.maxValue ?? undefined };
}

function NumberParam({ type, name, precision = 0 }: { type: JobType; name: JobParamName; precision?: number }) {
  const { t } = useTranslation();
  return (
    <Form.Item name={name} label={t(`job.params.${name}`)} extra={t(`job.paramHints.${name}`)} required>
      <InputNumber style={{ width: '100%' }} precision={precision} {...boundsOf(type, name)} />
    </Form.Item>
  );
}

/** The chosen type's parameters; the others are not shown (their values were cleared when the type changed). */
function TypeParams({ type }: { type: JobType }) {
  const { t } = useTranslation();
  const half = (node: ReactNode) => <Col span={HALF}>{node}</Col>;
  switch (type) {
    case 'gapFill':
      return (
        <Row gutter={GUTTER}>
          {half(<NumberParam type={type} name="windowHours" />)}
          {half(
            <Form.Item name="granules" label={t('job.params.granules')} extra={t('job.paramHints.granules')} required>
              <Checkbox.Group
                options={JOB_GRANULES.map((granule) => ({ value: granule, label: t(`job.granules.${granule}`) }))}
              />
            </Form.Item>,
          )}
        </Row>
      );
    case 'report':
      return (
        <Row gutter={GUTTER}>
          <Col span={THIRD}>
            <Form.Item name="reportKind" label={t('job.params.reportKind')} required>
              <Select
                options={JOB_REPORT_KINDS.map((kind) => ({ value: kind, label: t(`job.reportKinds.${kind}`) }))}
              />
            </Form.Item>
          </Col>
          <Col span={THIRD}>
            <Form.Item name="period" label={t('job.params.period')} extra={t('job.paramHints.period')} required>
              <Select
                options={JOB_REPORT_PERIODS.map((period) => ({ value: period, label: t(`job.periods.${period}`) }))}
              />
            </Form.Item>
          </Col>
          <Col span={THIRD}>
            <Form.Item
              name="sendWebhook"
              label={t('job.params.sendWebhook')}
              extra={t('job.paramHints.sendWebhook')}
              valuePropName="checked"
            >
              <Switch />
            </Form.Item>
          </Col>
        </Row>
      );
    case 'retention':
      return (
        <Row gutter={GUTTER}>
          {half(<NumberParam type={type} name="originalDays" />)}
          {half(<NumberParam type={type} name="minuteDays" />)}
        </Row>
      );
    case 'offlineCheck':
      return (
        <Row gutter={GUTTER}>
          {half(<NumberParam type={type} name="periodHours" />)}
          {half(<NumberParam type={type} name="minTransmissionRate" precision={1} />)}
        </Row>
      );
    case 'clockSync':
      return <Typography.Paragraph type="secondary">{t('job.paramHints.clockSync')}</Typography.Paragraph>;
  }
}

/**
 * Add or edit a job, checked with the server's own schema before it is sent: its settings, the chosen type's
 * parameters (changing the type starts them over from that type's defaults) and the cron with its helper.
 */
export function JobFormModal({ row, onClose }: ListFormModalOwnProps<Job>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<JobFormValues>();
  const save = useListSave<Job>(JOB_ENDPOINTS);
  const initialValues = useMemo(() => toFormValues(row), [row]);
  const type = Form.useWatch('type', form) ?? initialValues.type ?? DEFAULT_TYPE;
  // The form's "now": the zones' offsets and the cron helper's next runs are reckoned from when it opened.
  const [openedAt] = useState(() => Date.now());
  const zones = useMemo(() => timeZoneOptions(row?.timeZone, openedAt), [row?.timeZone, openedAt]);

  const submit = () => {
    const parsed = jobInputSchema.safeParse(toInput(form.getFieldsValue(true) as JobFormValues));
    if (!parsed.success) {
      showIssuesOnForm(form, formIssues(parsed.error.issues), (key, values) => t(key, values));
      return;
    }
    save.mutate({ body: parsed.data, key: row ? { jobId: row.jobId } : undefined }, { onSuccess: onClose });
  };

  return (
    <Modal
      open
      width={WIDTH}
      title={row ? t('job.form.edit') : t('job.form.add')}
      onCancel={onClose}
      onOk={submit}
      okText={t('common.actions.save')}
      cancelText={t('common.actions.cancel')}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form<JobFormValues> form={form} layout="vertical" initialValues={initialValues} data-testid="job-form">
        <Row gutter={GUTTER}>
          <Col span={HALF}>
            <Form.Item name="name" label={t('job.fields.name')} required>
              <Input maxLength={LIMITS.nameMax} />
            </Form.Item>
          </Col>
          <Col span={HALF}>
            <Form.Item name="jobGroup" label={t('job.fields.jobGroup')} required>
              <Input maxLength={JOB_LIMITS.groupMax} />
            </Form.Item>
          </Col>
          <Col span={HALF}>
            <Form.Item name="type" label={t('job.fields.type')} required>
              <Select
                options={JOB_TYPES.map((value) => ({ value, label: t(`job.types.${value}`) }))}
                onChange={(next: JobType) => form.setFieldsValue(paramsForType(next))}
                data-testid="job-form-type"
              />
            </Form.Item>
          </Col>
          <Col span={HALF}>
            <Form.Item name="status" label={t('job.fields.status')} extra={t('job.form.statusHint')} required>
              <Select options={JOB_STATUSES.map((value) => ({ value, label: t(`job.statuses.${value}`) }))} />
            </Form.Item>
          </Col>
        </Row>
        <Divider titlePlacement="start" plain>
          {t('job.form.params', { type: t(`job.types.${type}`) })}
        </Divider>
        <TypeParams type={type} />
        <Divider titlePlacement="start" plain>
          {t('job.form.schedule')}
        </Divider>
        <Row gutter={GUTTER}>
          <Col span={HALF}>
            <Form.Item name="cron" label={t('job.fields.cron')} extra={t('job.form.cronHint')} required>
              <Input maxLength={JOB_LIMITS.cronMax} spellCheck={false} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col span={HALF}>
            <Form.Item name="timeZone" label={t('job.fields.timeZone')} required>
              <Select showSearch={{ optionFilterProp: 'label' }} options={zones} />
            </Form.Item>
          </Col>
        </Row>
        <CronHelper now={openedAt} />
        <Row gutter={GUTTER}>
          <Col span={THIRD}>
            <Form.Item
              name="misfirePolicy"
              label={t('job.fields.misfirePolicy')}
              extra={t('job.form.misfireHint')}
              required
            >
              <Select
                options={JOB_MISFIRE_POLICIES.map((value) => ({ value, label: t(`job.misfirePolicies.${value}`) }))}
              />
            </Form.Item>
          </Col>
          <Col span={THIRD}>
            <Form.Item
              name="concurrent"
              label={t('job.fields.concurrent')}
              extra={t('job.form.concurrentHint')}
              valuePropName="checked"
            >
              <Switch />
            </Form.Item>
          </Col>
          <Col span={THIRD}>
            <Form.Item name="timeoutSeconds" label={t('job.fields.timeoutSeconds')} extra={t('job.form.timeoutHint')}>
              <InputNumber style={{ width: '100%' }} min={1} max={JOB_LIMITS.timeoutSecondsMax} precision={0} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="remark" label={t('job.fields.remark')}>
          <Input.TextArea rows={2} maxLength={LIMITS.remarkMax} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
