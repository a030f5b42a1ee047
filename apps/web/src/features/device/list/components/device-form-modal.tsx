import { DEPLOY_TYPE, type DeployType, type Device, deviceInputSchema, DEVICE_LIMITS } from '@envmon/shared';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  DatePicker,
  Flex,
  Form,
  type FormRule,
  Input,
  InputNumber,
  Modal,
  Select,
  Spin,
  Steps,
  Switch,
} from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { vocabularyLang } from '../../../../components/crud/cell-render';
import { useVocabularyOptions } from '../../../../components/crud/field-controls';
import { QueryErrorAlert } from '../../../../components/crud/table-parts';
import { LocationPicker } from '../../../../components/map';
import { isApiError } from '../../../../lib/api';
import { getSelectedProjectId } from '../../../../lib/project';
import { deployGroupsQueryOptions } from '../../../../lib/deploy-groups';
import { deviceDeploysQueryOptions } from '../../detail/api/get-deploys';
import { maintainersQueryOptions } from '../api/get-maintainers';
import { useSaveDevice } from '../api/save-device';
import {
  checkDeviceField,
  checkLocation,
  DEVICE_STEPS,
  type DeviceFieldName,
  type DeviceFormValues,
  deviceIssueKey,
  formFieldOf,
  formFieldsOf,
  fromDeviceFormValues,
  type LngLat,
  stepOfField,
  toDeviceFormValues,
} from './device-form-values';

const MODAL_WIDTH = 760;
const LABEL_SPAN = 6;
const WRAPPER_SPAN = 18;
const DATE_FORMAT = 'YYYY-MM-DD';

export interface DeviceFormModalProps {
  /** The device to edit; absent to add one. */
  device?: Device;
  onClose: () => void;
}

/** A select of the groups of one type (projects, address groups), named in the console's language. */
function GroupSelect({
  deployType,
  placeholder,
  testId,
  ...props
}: {
  deployType: DeployType;
  placeholder: string;
  testId: string;
  value?: number | null;
  onChange?: (value: number | null) => void;
  id?: string;
}) {
  const { i18n } = useTranslation();
  const english = vocabularyLang(i18n.language) === 'en';
  const groups = useQuery(deployGroupsQueryOptions(deployType));
  return (
    <Select<number | null>
      {...props}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={groups.isPending}
      placeholder={placeholder}
      options={(groups.data ?? []).map((g) => ({
        value: g.id,
        label: (english && g.deployNameEn) || g.deployName,
      }))}
      data-testid={testId}
    />
  );
}

/**
 * Add or edit a device in three steps (SPEC sections 2 and 4): location and installer, contact and
 * maintainer, the remaining details (with the project and address group the device sits in on the
 * tree). 'Next' checks the current step's fields first; the rules and messages are the shared
 * schema's (SPEC section 5), checked when a field is left (selects: on change).
 */
export function DeviceFormModal({ device, onClose }: DeviceFormModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<DeviceFormValues>();
  const [step, setStep] = useState(0);
  const save = useSaveDevice();
  const maintainers = useQuery(maintainersQueryOptions());
  const deviceTypes = useVocabularyOptions('deviceType');
  const isCreate = device === undefined;
  // The device's groups are its grouping records: the form starts once they are read.
  const placement = useQuery({ ...deviceDeploysQueryOptions(device?.id ?? 0), enabled: !isCreate });
  const ready = isCreate || placement.isSuccess;
  const initialValues = useMemo(
    () => toDeviceFormValues(device, device ? { records: placement.data } : { projectId: getSelectedProjectId() }),
    [device, placement.data],
  );

  // antd waits on a validator's promise: a rejected one carries the message.
  const rule = (name: DeviceFieldName): FormRule => ({
    validator: (_rule, value: unknown) => {
      // The date picker holds a dayjs; the schema reads epoch ms.
      const problem = checkDeviceField(name, dayjs.isDayjs(value) ? value.valueOf() : value);
      return problem ? Promise.reject(new Error(t(problem.key, problem.values))) : Promise.resolve();
    },
  });
  const locationRule: FormRule = {
    validator: (_rule, value: LngLat | undefined) => {
      const problem = checkLocation(value);
      return problem ? Promise.reject(new Error(t(problem.key, problem.values))) : Promise.resolve();
    },
  };
  const required = (name: DeviceFieldName) => !deviceInputSchema.shape[name].safeParse(undefined).success;

  const item = (name: DeviceFieldName, control: ReactNode, trigger: 'onBlur' | 'onChange' = 'onBlur') => (
    <Form.Item
      key={name}
      name={name}
      label={t(`device.fields.${name}`)}
      required={required(name)}
      rules={[rule(name)]}
      validateTrigger={trigger}
    >
      {control}
    </Form.Item>
  );
  const text = (name: DeviceFieldName, max?: number) =>
    item(name, <Input allowClear maxLength={max} data-testid={`device-field-${name}`} />);

  const next = async () => {
    try {
      await form.validateFields(formFieldsOf(DEVICE_STEPS[step] ?? 'location'));
      setStep((current) => Math.min(current + 1, DEVICE_STEPS.length - 1));
    } catch {
      // antd shows each field's message beside it.
    }
  };

  const submit = async () => {
    try {
      await form.validateFields(formFieldsOf('details'));
    } catch {
      return;
    }
    // The whole schema once more: it is what the server runs, and it yields the body.
    const parsed = deviceInputSchema.safeParse(fromDeviceFormValues(form.getFieldsValue(true) as DeviceFormValues));
    if (!parsed.success) {
      const errors = new Map<string, string>();
      for (const issue of parsed.error.issues) {
        const name = formFieldOf(String(issue.path[0]));
        if (errors.has(name)) continue;
        const { key, values } = deviceIssueKey(issue);
        errors.set(name, t(key, values));
      }
      form.setFields([...errors].map(([name, error]) => ({ name, errors: [error] })));
      const [first] = parsed.error.issues;
      if (first) setStep(stepOfField(String(first.path[0])));
      return;
    }
    save.mutate(
      { body: parsed.data, id: device?.id },
      {
        onSuccess: onClose,
        onError: (error) => {
          // The api client has shown the toast; the code box says it too.
          // The server words it in the console's language.
          const taken = [t('common.messages.deviceCodeTaken'), t('common.messages.deviceUpdateTaken')];
          if (isApiError(error) && taken.includes(error.desc)) {
            form.setFields([{ name: 'deviceCode', errors: [error.desc] }]);
          }
        },
      },
    );
  };

  const stepItems = DEVICE_STEPS.map((name) => ({ key: name, title: t(`device.steps.${name}`) }));
  const visible = (index: number) => ({ display: index === step ? undefined : 'none' });

  const footer = (
    <Flex justify="end" gap="small">
      <Button onClick={onClose} data-testid="device-form-cancel">
        {t('common.actions.cancel')}
      </Button>
      {step > 0 ? (
        <Button onClick={() => setStep(step - 1)} data-testid="device-form-back">
          {t('device.steps.back')}
        </Button>
      ) : null}
      {step < DEVICE_STEPS.length - 1 ? (
        <Button type="primary" disabled={!ready} onClick={() => void next()} data-testid="device-form-next">
          {t('device.steps.next')}
        </Button>
      ) : (
        <Button
          type="primary"
          disabled={!ready}
          loading={save.isPending}
          onClick={() => void submit()}
          data-testid="device-form-submit"
        >
          {t('common.actions.save')}
        </Button>
      )}
    </Flex>
  );

  return (
    <Modal
      open
      title={isCreate ? t('device.form.addTitle') : t('device.form.editTitle', { name: device.deviceName })}
      width={MODAL_WIDTH}
      onCancel={onClose}
      footer={footer}
      destroyOnHidden
      mask={{ closable: false }}
      data-testid="device-form-modal"
    >
      <Steps
        current={step}
        items={stepItems}
        size="small"
        style={{ marginBlockEnd: 24 }}
        data-testid="device-form-steps"
      />
      {ready ? null : (
        <Flex justify="center" style={{ padding: 24 }}>
          {placement.isError ? (
            <QueryErrorAlert error={placement.error} onRetry={() => void placement.refetch()} />
          ) : (
            <Spin />
          )}
        </Flex>
      )}
      {ready ? (
        <Form<DeviceFormValues>
          form={form}
          name="device-form"
          layout="horizontal"
          labelCol={{ span: LABEL_SPAN }}
          wrapperCol={{ span: WRAPPER_SPAN }}
          initialValues={initialValues}
        >
          <div style={visible(0)} data-testid="device-step-location">
            <Form.Item
              name="location"
              label={t('device.fields.location')}
              required
              rules={[locationRule]}
              validateTrigger="onChange"
            >
              <LocationField />
            </Form.Item>
            {text('installName', DEVICE_LIMITS.installNameMax)}
            {item(
              'installDate',
              <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} data-testid="device-field-installDate" />,
              'onChange',
            )}
            {text('installAddress', DEVICE_LIMITS.installAddressMax)}
          </div>
          <div style={visible(1)} data-testid="device-step-contact">
            {text('contactCompany')}
            {text('contactPerson')}
            {text('contactPhone')}
            {item(
              'maintainId',
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                allowClear
                loading={maintainers.isPending}
                options={maintainers.data ?? []}
                placeholder={t('device.form.chooseMaintainer')}
                data-testid="device-field-maintainId"
              />,
              'onChange',
            )}
          </div>
          <div style={visible(2)} data-testid="device-step-details">
            {text('deviceName')}
            {text('deviceCode')}
            {item(
              'deviceType',
              <Select
                showSearch={{ optionFilterProp: ['label', 'value'] }}
                options={deviceTypes}
                placeholder={t('device.form.chooseDeviceType')}
                data-testid="device-field-deviceType"
              />,
              'onChange',
            )}
            {item(
              'projectId',
              <GroupSelect
                deployType={DEPLOY_TYPE.project}
                placeholder={t('device.form.chooseProject')}
                testId="device-field-projectId"
              />,
              'onChange',
            )}
            {item(
              'addressId',
              <GroupSelect
                deployType={DEPLOY_TYPE.address}
                placeholder={t('device.form.chooseAddress')}
                testId="device-field-addressId"
              />,
              'onChange',
            )}
            {item('intervalTime', <InputNumber style={{ width: '100%' }} data-testid="device-field-intervalTime" />)}
            {item(
              'password',
              <Input.Password maxLength={DEVICE_LIMITS.passwordMax} data-testid="device-field-password" />,
            )}
            {item(
              'utcOffsetMinutes',
              <InputNumber style={{ width: '100%' }} data-testid="device-field-utcOffsetMinutes" />,
            )}
            {item(
              'ifValid',
              <Select
                options={[
                  { value: 1, label: t('device.valid.1') },
                  { value: 0, label: t('device.valid.0') },
                ]}
                data-testid="device-field-ifValid"
              />,
              'onChange',
            )}
            <Form.Item
              name="acceptModbusCrc"
              label={t('device.fields.acceptModbusCrc')}
              getValueProps={(value: unknown) => ({ checked: value === 1 })}
              normalize={(checked: boolean) => (checked ? 1 : 0)}
              valuePropName="checked"
            >
              <Switch data-testid="device-field-acceptModbusCrc" />
            </Form.Item>
            {text('weather')}
            {item('remark', <Input.TextArea rows={2} data-testid="device-field-remark" />)}
          </div>
        </Form>
      ) : null}
    </Modal>
  );
}

/** The map picker as a form control: antd passes value and onChange. */
function LocationField({ value, onChange }: { value?: LngLat; onChange?: (value: LngLat) => void }) {
  return (
    <LocationPicker
      value={{ lng: value?.lng ?? null, lat: value?.lat ?? null }}
      onChange={(next: LngLat) => onChange?.(next)}
    />
  );
}
