import type { StationCommand } from '@envmon/shared';
import { Form, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useListSave } from '../../../../components/crud/api/list-mutations';
import { COUNTER_CONTROL_ENDPOINTS } from '../api/calls';
import { asksDynamicCode, DynamicCodeItem, useGuardedCommands } from '../../../station-control';
import { commandLabel } from './command-vocabulary';

/**
 * Sends a recorded command again (a new record naming the first, with the same parameters; a password the
 * list shows masked is sent as it was entered), asking the dynamic code where the command needs one.
 */
export function ResendModal({ command, onClose }: { command: StationCommand; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ code?: string }>();
  const guarded = useGuardedCommands();
  const [codeAsked, setCodeAsked] = useState(false);
  const save = useListSave(COUNTER_CONTROL_ENDPOINTS);
  const needsCode = guarded.has(command.cn) || codeAsked;

  const submit = () => {
    const code = (form.getFieldValue('code') as string | undefined)?.trim() || undefined;
    save.mutate(
      { body: { code }, key: { id: command.id } },
      {
        onSuccess: onClose,
        onError: (error) => {
          if (asksDynamicCode(error)) setCodeAsked(true);
        },
      },
    );
  };

  return (
    <Modal
      open
      title={t('control.screen.resend.title')}
      onCancel={onClose}
      onOk={submit}
      okText={t('control.screen.actions.resend')}
      cancelText={t('common.actions.cancel')}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Typography.Paragraph>
        {t('control.screen.resend.confirm', {
          command: commandLabel(command.cn, t),
          device: command.deviceName ?? command.deviceCode ?? command.deviceId,
        })}
      </Typography.Paragraph>
      {needsCode ? (
        <Form form={form} name="counter-control-resend" layout="vertical" data-testid="counter-control-resend-form">
          <DynamicCodeItem required={codeAsked} />
        </Form>
      ) : null}
    </Modal>
  );
}
