import { DEVOPS_LIMITS, type DevopsKind, type DevopsRecord, devopsRecordInputSchema } from '@envmon/shared';
import { DatePicker, Form, Input, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { SchemaFormModal } from '../../../../components/schema-form-modal';
import { dayjs } from '../../../../lib/dayjs';
import { useDeviceOptions } from '../../../../components/use-select-options';
import { useSaveDevopsRecord } from '../api/save-devops-record';
import { kindOptions } from './devops-vocabulary';

const MODAL_WIDTH = 640;
const LABEL_SPAN = 5;
const CONTENT_ROWS = 5;

interface DevopsFormValues {
  deviceId?: number;
  kind?: DevopsKind;
  startTime?: Dayjs | null;
  endTime?: Dayjs | null;
  maintainer?: string;
  content?: string;
}

const toMs = (value: Dayjs | null | undefined) => (value ? value.millisecond(0).valueOf() : undefined);

/**
 * Add or edit a maintenance record, checked with the server's own schema (the end not before the start,
 * maintainer ≤ 32, content ≤ 1000). A new record is handed to `onSaved` so its attachments can follow.
 */
export function DevopsFormModal({
  record,
  onClose,
  onSaved,
}: {
  record?: DevopsRecord;
  onClose: () => void;
  onSaved?: (record: DevopsRecord) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<DevopsFormValues>();
  const save = useSaveDevopsRecord();
  const devices = useDeviceOptions();

  return (
    <SchemaFormModal
      title={record ? t('devops.edit') : t('devops.add')}
      form={form}
      initialValues={
        record
          ? {
              deviceId: record.deviceId,
              kind: record.kind,
              startTime: dayjs(record.startTime),
              endTime: record.endTime === null ? null : dayjs(record.endTime),
              maintainer: record.maintainer,
              content: record.content,
            }
          : { startTime: dayjs().second(0) }
      }
      schema={devopsRecordInputSchema}
      toInput={(values) => ({
        deviceId: values.deviceId,
        kind: values.kind,
        startTime: toMs(values.startTime),
        endTime: toMs(values.endTime) ?? null,
        maintainer: values.maintainer ?? '',
        content: values.content ?? '',
      })}
      onSave={(body) =>
        save.mutate(
          { body, id: record?.id },
          {
            onSuccess: (saved) => {
              onClose();
              if (!record) onSaved?.(saved);
            },
          },
        )
      }
      saving={save.isPending}
      onClose={onClose}
      labelSpan={LABEL_SPAN}
      width={MODAL_WIDTH}
      testId="devops-form"
    >
      <Form.Item name="deviceId" label={t('devops.fields.device')} required>
        <Select showSearch={{ optionFilterProp: 'label' }} options={devices.options} loading={devices.loading} />
      </Form.Item>
      <Form.Item name="kind" label={t('devops.fields.kind')} required>
        <Select options={kindOptions(t)} />
      </Form.Item>
      <Form.Item name="startTime" label={t('devops.fields.startTime')} required>
        <DatePicker showTime style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="endTime" label={t('devops.fields.endTime')}>
        <DatePicker showTime style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="maintainer" label={t('devops.fields.maintainer')} required>
        <Input maxLength={DEVOPS_LIMITS.maintainerMax} />
      </Form.Item>
      <Form.Item name="content" label={t('devops.fields.content')} required>
        <Input.TextArea rows={CONTENT_ROWS} maxLength={DEVOPS_LIMITS.contentMax} showCount />
      </Form.Item>
    </SchemaFormModal>
  );
}
