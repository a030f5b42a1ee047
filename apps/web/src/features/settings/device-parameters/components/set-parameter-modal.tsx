import { type CommandParameter, settingCommand } from '@envmon/shared';
import type { TFunction } from 'i18next';
import { Alert, App, Form, Modal, Radio, Select, Typography, theme } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FactorSelect } from '../../../../components/device-factor-select';
import { isApiError } from '../../../../lib/api';
import { useSetParameter } from '../api/parameter-mutations';
import { codeRefusalOf, DynamicCodeItem, ParameterControl } from '../../../station-control';
import { type TimeMode, toFormValue, toWireValue } from '../utils/form-values';
import {
  factorNeed,
  needsCode,
  SETTABLE_NAMES,
  SYSTEM_TIME,
  valueProblem,
  valueSpecOf,
} from '../utils/parameter-values';
import { useParameterLabel } from './use-labels';

/** A stored parameter to set again: its name, factor and the value it has now (wanted, else reported). */
export interface SetTarget {
  name: string;
  polId: string;
  current: string | null;
}

interface Values {
  name?: string;
  polId?: string;
  value?: unknown;
  timeMode?: TimeMode;
  code?: string;
}

const FORM_NAME = 'device-parameters-set';

/**
 * Sets a parameter on the station: the value the platform wants, entered as the setting command takes it, and
 * the command queued at once. `target` null: a parameter not stored yet, chosen among the settable ones (with its
 * factor). The dynamic code is asked for when the command is guarded, or when the server asks for one.
 */
export function SetParameterModal({
  deviceId,
  target,
  guarded,
  onClose,
}: {
  deviceId: number;
  target: SetTarget | null;
  guarded: ReadonlySet<string>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { token } = theme.useToken();
  const [form] = Form.useForm<Values>();
  const labelOf = useParameterLabel();
  const setParameter = useSetParameter();
  const [codeAsked, setCodeAsked] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // The server's refusal of the code, said on its field once the field is there (a new object each time).
  const [codeError, setCodeError] = useState<{ desc: string } | null>(null);
  useEffect(() => {
    if (codeError) form.setFields([{ name: 'code', errors: [codeError.desc] }]);
  }, [codeError, form]);
  const chosen = Form.useWatch('name', form);
  const timeMode = Form.useWatch('timeMode', form);
  const name = target?.name ?? chosen;
  const spec = name === undefined ? undefined : valueSpecOf(name);
  const cn = name === undefined ? undefined : settingCommand(name);
  const factor = name === undefined || target ? 'none' : factorNeed(name);
  const codeShown = codeAsked || (name !== undefined && needsCode(name, guarded));
  const nameText = (n: string) => {
    const label = labelOf(n);
    return label ? `${label} (${n})` : n;
  };

  const current = target && spec ? toFormValue(spec, target.current) : undefined;
  // The clock is set to the platform's unless a moment was wanted before.
  const initialValues: Values = { value: current, timeMode: current === undefined ? 'now' : 'at' };

  const submit = (values: Values) => {
    if (name === undefined || !spec) return;
    const wire = toWireValue(spec, values.value, values.timeMode);
    const problem = valueProblem(name, wire);
    if (problem) {
      form.setFields([{ name: 'value', errors: [t(problem)] }]);
      return;
    }
    setFailure(null);
    setParameter.mutate(
      { deviceId, name, polId: target?.polId ?? values.polId ?? '', value: wire, code: values.code?.trim() },
      {
        onSuccess: ({ command }) => {
          void message.success(
            t('deviceParameters.messages.setQueued', {
              parameter: nameText(name),
              command: t(`control.cn.${command.cn}`),
            }),
          );
          onClose();
        },
        onError: (error) => {
          const desc = isApiError(error) ? error.desc : error.message;
          const refusal = codeRefusalOf(desc);
          if (refusal !== null) {
            // Asked for the first time, the field appears with why; the user types the code and sends again.
            setCodeAsked(true);
            setCodeError({ desc });
            return;
          }
          setFailure(desc);
        },
      },
    );
  };

  return (
    <Modal
      open
      title={
        target
          ? t('deviceParameters.form.title', { parameter: nameText(target.name) })
          : t('deviceParameters.form.addTitle')
      }
      okText={t('deviceParameters.form.submit')}
      cancelText={t('common.actions.cancel')}
      confirmLoading={setParameter.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      data-testid="device-parameters-set"
    >
      <Form<Values>
        form={form}
        name={FORM_NAME}
        layout="vertical"
        initialValues={initialValues}
        onFinish={submit}
        onValuesChange={(changed: Values) => {
          if ('name' in changed) form.setFieldsValue({ value: undefined, polId: undefined });
        }}
      >
        {target ? null : (
          <Form.Item
            name="name"
            label={t('deviceParameters.fields.parameter')}
            rules={[{ required: true, message: t('deviceParameters.form.parameterRequired') }]}
          >
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              options={SETTABLE_NAMES.map((n) => ({ value: n, label: nameText(n) }))}
              placeholder={t('deviceParameters.form.parameterPlaceholder')}
              data-testid="device-parameters-name"
            />
          </Form.Item>
        )}
        {factor === 'none' ? null : (
          <Form.Item
            name="polId"
            label={t('deviceParameters.fields.factor')}
            extra={factor === 'optional' ? t('deviceParameters.form.factorOptional') : undefined}
            rules={[{ required: factor === 'required', message: t('deviceParameters.form.factorRequired') }]}
          >
            <FactorSelect devices={deviceId} allowClear data-testid="device-parameters-factor" />
          </Form.Item>
        )}
        {name === SYSTEM_TIME ? (
          <Form.Item name="timeMode" label={t('deviceParameters.form.timeMode')}>
            <Radio.Group
              options={[
                { value: 'now', label: t('deviceParameters.form.now') },
                { value: 'at', label: t('deviceParameters.form.at') },
              ]}
            />
          </Form.Item>
        ) : null}
        {spec && !(name === SYSTEM_TIME && timeMode !== 'at') ? (
          <Form.Item
            name="value"
            label={t('deviceParameters.fields.value')}
            extra={rangeHint(spec, t)}
            rules={[{ required: true, message: t('deviceParameters.form.valueRequired') }]}
          >
            <ParameterControl parameter={spec} deviceId={deviceId} />
          </Form.Item>
        ) : null}
        {codeShown ? <DynamicCodeItem required /> : null}
        {cn ? (
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
            {t('deviceParameters.form.commandHint', { command: t(`control.cn.${cn}`), cn })}
          </Typography.Paragraph>
        ) : null}
        {failure ? (
          <Alert
            type="error"
            showIcon
            title={failure}
            style={{ marginTop: token.margin }}
            data-testid="device-parameters-set-error"
          />
        ) : null}
      </Form>
    </Modal>
  );
}

/** The bounds of a number, said beside its field (the only values are the select's own options). */
function rangeHint(spec: CommandParameter, t: TFunction): string | undefined {
  if (spec.kind !== 'integer' || spec.values || spec.min === undefined || spec.max === undefined) return undefined;
  return t('deviceParameters.form.range', { min: spec.min, max: spec.max });
}
