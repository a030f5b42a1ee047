import { commandOffered, commandSpec, type StationCommand } from '@envmon/shared';
import { Col, Form, Modal, Row, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useListSave } from '../../../../components/crud/api/list-mutations';
import type { CreatingListDefinition, ListField } from '../../../../components/crud/list-definition';
import { renderListFieldControl } from '../../../../components/crud/list-form-modal';
import { type DeviceOption, useDeviceOptions } from '../../../../components/use-select-options';
import { COUNTER_CONTROL_ENDPOINTS } from '../api/calls';
import { asksDynamicCode, DynamicCodeItem, ParameterControl, useGuardedCommands } from '../../../station-control';
import { checkCommandForm, type CommandFormValues } from './command-form-values';
import { offeredCommandGroups } from './command-vocabulary';

const GUTTER = 16;
/** Two fields side by side. */
const HALF = 12;

function FieldItem({ field }: { field: ListField }) {
  const { t } = useTranslation();
  return (
    <Col span={field.span ?? HALF}>
      <Form.Item
        name={field.name}
        label={t(field.label)}
        extra={field.extra ? t(field.extra) : undefined}
        required={field.required}
      >
        {renderListFieldControl(field, t)}
      </Form.Item>
    </Col>
  );
}

/**
 * A new command: a device in scope, a command its type is offered (grouped by family), the command's own
 * parameters, when to send it and how long to wait for the station, and the dynamic code where one is needed.
 * The definition's fields (device, then the rest) frame the command and its parameters, which follow the
 * catalogue. Checked with the server's rules before it is sent; when the server asks for a code, the field
 * appears.
 */
export function CommandFormModal({
  spec,
  onClose,
}: {
  spec: CreatingListDefinition<StationCommand>['form'];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CommandFormValues>();
  const deviceId = Form.useWatch('deviceId', form);
  const cn = Form.useWatch('cn', form);
  const devices = useDeviceOptions();
  const guarded = useGuardedCommands();
  const [codeAsked, setCodeAsked] = useState(false);
  const save = useListSave(COUNTER_CONTROL_ENDPOINTS);
  const deviceOptions: readonly DeviceOption[] = devices.options;
  const typeOf = (id: unknown) => deviceOptions.find((device) => device.value === id)?.deviceType;
  const deviceType = typeOf(deviceId);
  const command = cn ? commandSpec(cn) : undefined;
  const needsCode = cn ? guarded.has(cn) : false;
  const [deviceFields, otherFields] = [
    spec.fields.filter((field) => field.kind === 'device'),
    spec.fields.filter((field) => field.kind !== 'device'),
  ];

  const onValuesChange = (changed: CommandFormValues) => {
    if ('deviceId' in changed) {
      // A command the newly chosen station's type is not offered is chosen again.
      const type = typeOf(changed.deviceId);
      const chosen = form.getFieldValue('cn') as string | undefined;
      const chosenSpec = chosen ? commandSpec(chosen) : undefined;
      if (chosenSpec && (type === undefined || !commandOffered(chosenSpec, type)))
        form.setFieldsValue({ cn: undefined, parameters: {} });
    }
    if ('cn' in changed) form.setFieldsValue({ parameters: {} });
  };

  const submit = () => {
    const checked = checkCommandForm(form.getFieldsValue(true) as CommandFormValues, (key, values) => t(key, values));
    form.setFields(checked.fields);
    if (!checked.input) return;
    save.mutate(
      { body: checked.input },
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
      width={spec.width}
      title={t(spec.addTitle)}
      onCancel={onClose}
      onOk={submit}
      okText={t('control.screen.form.send')}
      cancelText={t('common.actions.cancel')}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form<CommandFormValues>
        form={form}
        name="counter-control-form"
        layout="vertical"
        initialValues={spec.toFormValues(undefined)}
        onValuesChange={onValuesChange}
        data-testid={spec.testId}
      >
        <Row gutter={GUTTER}>
          {deviceFields.map((field) => (
            <FieldItem key={field.name} field={field} />
          ))}
          <Col span={HALF}>
            <Form.Item
              name="cn"
              label={t('control.screen.fields.command')}
              required
              extra={deviceType === undefined ? t('control.screen.form.deviceFirst') : undefined}
            >
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                disabled={deviceType === undefined}
                options={offeredCommandGroups(deviceType, t)}
                data-testid="counter-control-command"
              />
            </Form.Item>
          </Col>
          {command?.parameters.map((parameter) => (
            <Col key={parameter.name} span={HALF}>
              <Form.Item
                name={['parameters', parameter.name]}
                label={t(`control.param.${parameter.name}`, { defaultValue: parameter.name })}
                required={parameter.required}
              >
                <ParameterControl parameter={parameter} deviceId={deviceId} />
              </Form.Item>
            </Col>
          ))}
          {otherFields.map((field) => (
            <FieldItem key={field.name} field={field} />
          ))}
          {needsCode || codeAsked ? (
            <Col span={HALF}>
              <DynamicCodeItem required={codeAsked} />
            </Col>
          ) : null}
        </Row>
      </Form>
    </Modal>
  );
}
