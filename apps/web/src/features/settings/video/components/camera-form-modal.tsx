import { type Camera, cameraInputSchema } from '@envmon/shared';
import { Form, Input, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { SchemaFormModal } from '../../../../components/schema-form-modal';
import { useDeviceOptions } from '../../../../components/use-select-options';
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

  return (
    <SchemaFormModal
      title={camera ? t('query.videoSettings.edit') : t('query.videoSettings.add')}
      form={form}
      initialValues={
        camera
          ? { deviceId: camera.deviceId, name: camera.name, hlsUrl: camera.hlsUrl, enabled: camera.enabled }
          : { enabled: true }
      }
      schema={cameraInputSchema}
      toInput={(values) => ({ ...values, name: values.name ?? '', hlsUrl: values.hlsUrl ?? null })}
      onSave={(body) => save.mutate({ body, id: camera?.id }, { onSuccess: onClose })}
      saving={save.isPending}
      onClose={onClose}
      labelSpan={LABEL_SPAN}
      width={MODAL_WIDTH}
      testId="camera-form"
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
    </SchemaFormModal>
  );
}
