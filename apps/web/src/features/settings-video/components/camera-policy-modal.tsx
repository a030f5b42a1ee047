import { CAMERA_LIMITS, CAMERA_VISIBILITIES, type Camera, cameraPolicySchema } from '@envmon/shared';
import { Form, InputNumber, Modal, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { type Translate, showIssuesOnForm } from '../../../lib/zod-form-errors';
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
  const translate: Translate = (key, values) => t(key, values);

  const submit = () => {
    const values = form.getFieldsValue(true) as PolicyValues;
    const parsed = cameraPolicySchema.safeParse({
      ...values,
      id: camera.id,
      maxPlaySeconds: values.maxPlaySeconds ?? 0,
    });
    if (!parsed.success) {
      showIssuesOnForm(form, parsed.error.issues, translate);
      return;
    }
    policy.mutate(parsed.data, { onSuccess: onClose });
  };

  return (
    <Modal
      open
      title={`${t('query.videoSettings.policyTitle')} · ${camera.name}`}
      onCancel={onClose}
      onOk={submit}
      okText={t('common.actions.save')}
      cancelText={t('common.actions.cancel')}
      confirmLoading={policy.isPending}
      destroyOnHidden
    >
      <Form<PolicyValues>
        form={form}
        layout="vertical"
        initialValues={{ visibility: camera.visibility, maxPlaySeconds: camera.maxPlaySeconds }}
        data-testid="camera-policy-form"
      >
        <Form.Item name="visibility" label={t('query.videoSettings.fields.visibility')}>
          <Radio.Group
            options={CAMERA_VISIBILITIES.map((v) => ({ value: v, label: t(`query.videoSettings.visibilities.${v}`) }))}
          />
        </Form.Item>
        <Form.Item name="maxPlaySeconds" label={t('query.videoSettings.fields.maxPlaySeconds')}>
          <InputNumber min={0} max={CAMERA_LIMITS.maxPlaySecondsMax} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
