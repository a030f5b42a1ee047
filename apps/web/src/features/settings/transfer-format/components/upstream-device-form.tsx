import {
  FORWARD_CNS,
  type ForwardCn,
  FORWARD_VALUE_SOURCES,
  TRANSFER_FORMAT_LIMITS,
  type Upstream,
  type UpstreamDevice,
  upstreamDevicesUpdateSchema,
} from '@envmon/shared';
import { useQuery } from '@tanstack/react-query';
import { Checkbox, Col, DatePicker, Flex, Form, Input, Modal, Radio, Row, Switch, Typography, theme } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DeviceSelect } from '../../../../components/device-factor-select';
import { projectDevicesQueryOptions } from '../../../../lib/device-list';
import { getSelectedProjectId } from '../../../../lib/project';
import { useSaveUpstreamDevices } from '../api/calls';
import {
  type DeviceFormValues,
  deviceFormErrors,
  initialDeviceValues,
  type PickedDevice,
  syncTargets,
  toUpdates,
} from './device-form-values';
import { FactorMapInput } from './factor-map-input';

const WIDTH = 760;
const GUTTER = 16;
/** A device's line: which device, its MN upstream, its password there. */
const TARGET_SPAN = 8;
const NO_MARGIN = { marginBottom: 0 } as const;

/** The devices of the header's project by id, with their MN. */
function usePickedDevices(): ReadonlyMap<number, PickedDevice> {
  const page = useQuery(projectDevicesQueryOptions(getSelectedProjectId() ?? undefined));
  return useMemo(() => new Map((page.data?.list ?? []).map((d) => [d.id, d])), [page.data]);
}

/** The chosen devices, each with the MN and password the upstream knows it by. */
function TargetLines() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const mnTitle = t('transferFormat.deviceFields.upstreamMn');
  const pwTitle = t('transferFormat.deviceFields.upstreamPassword');
  return (
    <Form.List name="targets">
      {(lines) =>
        lines.length === 0 ? null : (
          <Flex vertical gap={4} style={{ marginBottom: token.marginMD }} data-testid="transfer-format-targets">
            <Row gutter={GUTTER} aria-hidden>
              <Col span={TARGET_SPAN}>
                <Typography.Text type="secondary">{t('transferFormat.deviceFields.device')}</Typography.Text>
              </Col>
              <Col span={TARGET_SPAN}>
                <Typography.Text type="secondary">{mnTitle}</Typography.Text>
              </Col>
              <Col span={TARGET_SPAN}>
                <Typography.Text type="secondary">{pwTitle}</Typography.Text>
              </Col>
            </Row>
            {lines.map(({ key, name }) => (
              <TargetLine key={key} line={name} mnTitle={mnTitle} pwTitle={pwTitle} />
            ))}
          </Flex>
        )
      }
    </Form.List>
  );
}

function TargetLine({ line, mnTitle, pwTitle }: { line: number; mnTitle: string; pwTitle: string }) {
  const { token } = theme.useToken();
  // Shown, not edited: no field holds them, so they are watched as values of the list.
  const deviceName = Form.useWatch<string | undefined>(['targets', line, 'deviceName'], { preserve: true }) ?? '';
  const mn = Form.useWatch<string | undefined>(['targets', line, 'mn'], { preserve: true }) ?? '';
  return (
    <Row gutter={GUTTER} align="middle">
      <Col span={TARGET_SPAN}>
        <Flex vertical>
          <Typography.Text ellipsis>{deviceName}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
            {mn}
          </Typography.Text>
        </Flex>
      </Col>
      <Col span={TARGET_SPAN}>
        <Form.Item name={[line, 'upstreamMn']} style={NO_MARGIN}>
          <Input aria-label={`${mnTitle} · ${deviceName}`} maxLength={TRANSFER_FORMAT_LIMITS.mnMax} />
        </Form.Item>
      </Col>
      <Col span={TARGET_SPAN}>
        <Form.Item name={[line, 'upstreamPassword']} style={NO_MARGIN}>
          <Input aria-label={`${pwTitle} · ${deviceName}`} maxLength={TRANSFER_FORMAT_LIMITS.passwordMax} />
        </Form.Item>
      </Col>
    </Row>
  );
}

/**
 * The data kinds to forward. Form.Item hands its control aria-required for the required mark, which a group of
 * checkboxes may not carry (axe: aria-allowed-attr): only the value, its change and the id are passed on.
 */
function CnCheckboxes({
  value,
  onChange,
  id,
}: {
  value?: ForwardCn[];
  onChange?: (value: ForwardCn[]) => void;
  id?: string;
}) {
  const { t } = useTranslation();
  return (
    <div id={id}>
      <Checkbox.Group<ForwardCn>
        value={value}
        onChange={onChange}
        options={FORWARD_CNS.map((cn) => ({ value: cn, label: t(`transferFormat.cns.${cn}`) }))}
      />
    </div>
  );
}

/**
 * Adds devices to an upstream (one or many at once: `updates`) or edits one: each device's MN and password
 * upstream, then what they all share — the data kinds, the factor map, audited or raw values, from when, enabled.
 * Checked with the server's own schema before it is sent.
 */
export function UpstreamDeviceForm({
  upstream,
  row,
  onClose,
}: {
  upstream: Upstream;
  /** The device being edited; absent to add devices. */
  row?: UpstreamDevice;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<DeviceFormValues>();
  const devices = usePickedDevices();
  const save = useSaveUpstreamDevices();
  const deviceIds = Form.useWatch('deviceIds', form) ?? [];

  const submit = () => {
    const parsed = upstreamDevicesUpdateSchema.safeParse(
      toUpdates(upstream.id, form.getFieldsValue(true) as DeviceFormValues),
    );
    if (!parsed.success) {
      // The paths are the form's own (deviceFormErrors maps the schema's onto them).
      const errors = deviceFormErrors(parsed.error.issues, (key, values) => t(key, values));
      form.setFields(errors as Parameters<typeof form.setFields>[0]);
      return;
    }
    save.mutate(parsed.data, { onSuccess: onClose });
  };

  return (
    <Modal
      open
      width={WIDTH}
      title={t(row ? 'transferFormat.deviceForm.edit' : 'transferFormat.deviceForm.add')}
      onCancel={onClose}
      onOk={submit}
      okText={t('common.actions.save')}
      cancelText={t('common.actions.cancel')}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form<DeviceFormValues>
        form={form}
        layout="vertical"
        initialValues={initialDeviceValues(row)}
        data-testid="transfer-format-device-form"
        onValuesChange={(changed: Partial<DeviceFormValues>, all: DeviceFormValues) => {
          if (changed.deviceIds === undefined) return;
          form.setFieldValue('targets', syncTargets(changed.deviceIds, all.targets, devices, upstream.password));
        }}
      >
        {/* Editing, the device is fixed: its line below names it. */}
        <Form.Item
          name="deviceIds"
          label={t('transferFormat.deviceFields.devices')}
          required
          extra={t('transferFormat.deviceForm.devicesHint')}
          hidden={row !== undefined}
        >
          <DeviceSelect<number[]>
            mode="multiple"
            maxTagCount="responsive"
            maxCount={TRANSFER_FORMAT_LIMITS.devicesPerUpdate}
            placeholder={t('transferFormat.deviceForm.devicesPlaceholder')}
          />
        </Form.Item>
        <TargetLines />
        <Form.Item name="cns" label={t('transferFormat.deviceFields.cns')} required>
          <CnCheckboxes />
        </Form.Item>
        <Form.Item label={t('transferFormat.deviceFields.factors')} extra={t('transferFormat.factorMap.hint')}>
          <FactorMapInput protocol={upstream.protocol} deviceIds={deviceIds} />
        </Form.Item>
        <Row gutter={GUTTER}>
          <Col span={10}>
            <Form.Item name="valueSource" label={t('transferFormat.deviceFields.valueSource')}>
              <Radio.Group
                options={FORWARD_VALUE_SOURCES.map((source) => ({
                  value: source,
                  label: t(`transferFormat.valueSources.${source}`),
                }))}
              />
            </Form.Item>
          </Col>
          <Col span={10}>
            <Form.Item
              name="fromTime"
              label={t('transferFormat.deviceFields.fromTime')}
              extra={t('transferFormat.deviceForm.fromTimeHint')}
            >
              <DatePicker showTime allowClear style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={4}>
            <Form.Item name="enabled" label={t('transferFormat.deviceFields.enabled')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
