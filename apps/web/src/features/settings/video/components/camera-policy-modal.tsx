import { CAMERA_LIMITS, CAMERA_VISIBILITIES, type Camera, cameraPolicySchema } from '@envmon/shared';
import { Form, InputNumber, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { SchemaFormModal } from '../../../../components/schema-form-modal';
import { useSetCameraPolicy } from '../api/camera-api';

interface PolicyValues {
  visibility: Camera['visibility'];
  maxPlaySeconds: number | null;
}

/** policySet: who sees the camera in the video query, and how long it plays at a time (0: no limit). */
export function CameraPolicyModal({ camera, onClose }: { camera: Camera; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PolicyValues>();
  const policy = useSetCameraPolicy();

  return (
    <SchemaFormModal
      title={`${t('query.videoSettings.policyTitle')} · ${camera.name}`}
      form={form}
      initialValues={{ visibility: camera.visibility, maxPlaySeconds: camera.maxPlaySeconds }}
      schema={cameraPolicySchema}
      toInput={(values) => ({ ...values, id: camera.id, maxPlaySeconds: values.maxPlaySeconds ?? 0 })}
      onSave={(input) => policy.mutate(input, { onSuccess: onClose })}
      saving={policy.isPending}
      onClose={onClose}
      testId="camera-policy-form"
    >
      <Form.Item name="visibility" label={t('query.videoSettings.fields.visibility')}>
        <Radio.Group
          options={CAMERA_VISIBILITIES.map((v) => ({ value: v, label: t(`query.videoSettings.visibilities.${v}`) }))}
        />
      </Form.Item>
      <Form.Item name="maxPlaySeconds" label={t('query.videoSettings.fields.maxPlaySeconds')}>
        <InputNumber min={0} max={CAMERA_LIMITS.maxPlaySecondsMax} precision={0} style={{ width: '100%' }} />
      </Form.Item>
    </SchemaFormModal>
  );
}
