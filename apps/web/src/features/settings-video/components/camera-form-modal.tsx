import { type Camera, cameraInputSchema } from '@envmon/shared';
import { Form, Input, Modal, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { type Translate, showIssuesOnForm } from '../../../lib/zod-form-errors';
import { useDeviceOptions } from '../../alarm-list/hooks/use-select-options';
import { useSaveCamera } from '../api/camera-api';

const MODAL_WIDTH = 560;
const LABEL_SPAN = 6;

interface CameraFormValues {
  deviceId?: number;
  name?: string;
  hlsUrl?: string | null;
  enabled?: boolean;
}

/** Add or edit a camera, checked with the server's own schema (http/https address, at most 512 characters). */
export function CameraFormModal({ camera, onClose }: { camera?: Camera; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CameraFormValues>();
  const save = useSaveCamera();
  const devices = useDeviceOptions();
  const translate: Translate = (key, values) => t(key, values);

  const submit = () => {
    const values = form.getFieldsValue(true) as CameraFormValues;
    const parsed = cameraInputSchema.safeParse({ ...values, name: values.name ?? '', hlsUrl: values.hlsUrl ?? null });
    if (!parsed.success) {
      showIssuesOnForm(form, parsed.error.issues, translate);
      return;
    }
    save.mutate({ body: parsed.data, id: camera?.id }, { onSuccess: onClose });
  };

  return (
    <Modal
      open
      width={MODAL_WIDTH}
      title={camera ? t('query.videoSettings.edit') : t('query.videoSettings.add')}
      onCancel={onClose}
      onOk={submit}
      okText={t('common.actions.save')}
      cancelText={t('common.actions.cancel')}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form<CameraFormValues>
        form={form}
        labelCol={{ span: LABEL_SPAN }}
        initialValues={
          camera
            ? { deviceId: camera.deviceId, name: camera.name, hlsUrl: camera.hlsUrl, enabled: camera.enabled }
            : { enabled: true }
        }
        data-testid="camera-form"
      >
        <Form.Item name="deviceId" label={t('query.videoSettings.fields.device')} required>
          <Select showSearch={{ optionFilterProp: 'label' }} options={devices.options} loading={devices.loading} />
        </Form.Item>
        <Form.Item name="name" label={t('query.videoSettings.fields.name')} required>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item
          name="hlsUrl"
          label={t('query.videoSettings.fields.hlsUrl')}
          extra={t('query.videoSettings.hlsUrlHint')}
        >
          <Input placeholder="https://…/live.m3u8" />
        </Form.Item>
        <Form.Item name="enabled" label={t('query.videoSettings.fields.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
