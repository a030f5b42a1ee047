import { type VirtualDevice, virtualDeviceInputSchema, VIRTUAL_DEVICE_LIMITS } from '@envmon/shared';
import { Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { type Translate, showIssuesOnForm } from '../../../../lib/zod-form-errors';
import { useSaveVirtualDevice } from '../api/save-virtual-device';
import { useDeviceFactorNames } from '../hooks/use-factor-names';

interface VirtualFormValues {
  virtualName?: string;
  virtualCode?: string;
  factorCodes?: string[];
  remark?: string | null;
}

export interface VirtualDeviceFormProps {
  deviceId: number;
  /** The virtual device being edited; null to add one. */
  editing: VirtualDevice | null;
  onClose: () => void;
}

/** Add or edit a virtual device: a name, a code and a subset of the station's factors. */
export function VirtualDeviceForm({ deviceId, editing, onClose }: VirtualDeviceFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<VirtualFormValues>();
  const save = useSaveVirtualDevice(deviceId);
  const { factors, nameOf, isPending } = useDeviceFactorNames(deviceId);
  const translate: Translate = (key, values) => t(key, values);

  const submit = () => {
    const values = form.getFieldsValue(true) as VirtualFormValues;
    const parsed = virtualDeviceInputSchema.safeParse({ deviceId, ...values });
    if (!parsed.success) {
      showIssuesOnForm(form, parsed.error.issues, translate);
      return;
    }
    save.mutate({ body: parsed.data, id: editing?.id }, { onSuccess: onClose });
  };

  return (
    <Modal
      open
      title={editing ? t('deviceDetail.virtual.edit') : t('deviceDetail.virtual.add')}
      onCancel={onClose}
      onOk={submit}
      okText={t('common.actions.save')}
      cancelText={t('common.actions.cancel')}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form<VirtualFormValues>
        form={form}
        layout="vertical"
        initialValues={
          editing
            ? {
                virtualName: editing.virtualName,
                virtualCode: editing.virtualCode,
                factorCodes: editing.factorCodes,
                remark: editing.remark,
              }
            : { factorCodes: [] }
        }
      >
        <Form.Item name="virtualName" label={t('deviceDetail.virtual.virtualName')} required>
          <Input maxLength={VIRTUAL_DEVICE_LIMITS.virtualNameMax} />
        </Form.Item>
        <Form.Item name="virtualCode" label={t('deviceDetail.virtual.virtualCode')} required>
          <Input maxLength={VIRTUAL_DEVICE_LIMITS.virtualCodeMax} />
        </Form.Item>
        <Form.Item name="factorCodes" label={t('deviceDetail.virtual.factorCodes')} required>
          <Select
            mode="multiple"
            loading={isPending}
            optionFilterProp="label"
            options={factors.map((f) => ({ value: f.factorCode, label: `${nameOf(f.factorCode)} (${f.factorCode})` }))}
          />
        </Form.Item>
        <Form.Item name="remark" label={t('deviceDetail.virtual.remark')}>
          <Input.TextArea rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
