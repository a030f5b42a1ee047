import { REISSUE_KINDS, REISSUE_LIMITS, type ReissueKind, type ReissueMode, reissueInputSchema } from '@envmon/shared';
import { CloudDownloadOutlined, DiffOutlined } from '@ant-design/icons';
import { App, Button, Form, Select, theme } from 'antd';
import type { Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { dayjs } from '../../../../lib/dayjs';
import type { Translate } from '../../../../lib/zod-form-errors';
import { DeviceSelect } from '../../../../components/device-factor-select';
import { useCreateReissue } from '../api/create-reissue';
import { reissueFormErrors } from './reissue-form-errors';
import { DateRangePicker } from '../../../../components/date-range/date-range-picker';

const WIDTH = { devices: 360, kind: 180 } as const;
/** The range offered at first: the last day, up to now. */
const DEFAULT_HOURS = 24;
const WEEK_DAYS = 7;
const MONTH_DAYS = 30;
const QUARTER_DAYS = 90;

interface ReissueFormValues {
  deviceIds?: number[];
  cn?: ReissueKind;
  range?: [Dayjs, Dayjs] | null;
}

/** Whole seconds: the picker shows no milliseconds, so the request should not carry any. */
const now = () => dayjs().millisecond(0);

/** The span of `amount` units ending now. */
function lastSpan(amount: number, unit: 'hour' | 'day'): [Dayjs, Dayjs] {
  const end = now();
  return [end.subtract(amount, unit), end];
}

const initialValues = (): ReissueFormValues => ({ cn: REISSUE_KINDS[0], range: lastSpan(DEFAULT_HOURS, 'hour') });

const toInput = (values: ReissueFormValues) => ({
  deviceIds: values.deviceIds ?? [],
  cn: values.cn,
  beginTime: values.range?.[0].valueOf(),
  endTime: values.range?.[1].valueOf(),
});

/**
 * What to ask the stations for: devices of the header's project, the data kind and the range, checked
 * with the server's own schema (per-kind longest range) before either request is sent.
 */
export function ReissueForm() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { message } = App.useApp();
  const [form] = Form.useForm<ReissueFormValues>();
  const create = useCreateReissue();
  const translate: Translate = (key, values) => t(key, values);

  const submit = (mode: ReissueMode) => {
    const parsed = reissueInputSchema.safeParse(toInput(form.getFieldsValue(true) as ReissueFormValues));
    form.setFields(reissueFormErrors(parsed.success ? [] : parsed.error.issues, translate));
    if (!parsed.success) return;
    create.mutate(
      { mode, body: parsed.data },
      { onSuccess: (tasks) => void message.success(t('reissue.messages.created', { count: tasks.length })) },
    );
  };

  const presets = [
    { label: t('reissue.presets.last24Hours'), value: () => lastSpan(DEFAULT_HOURS, 'hour') },
    { label: t('reissue.presets.last7Days'), value: () => lastSpan(WEEK_DAYS, 'day') },
    { label: t('reissue.presets.last30Days'), value: () => lastSpan(MONTH_DAYS, 'day') },
    { label: t('reissue.presets.last90Days'), value: () => lastSpan(QUARTER_DAYS, 'day') },
  ];

  /** A button per way of asking: it spins while its own request runs, and both wait for it. */
  const modeButton = (mode: ReissueMode, icon: ReactNode, label: string, type?: 'primary') => (
    <Form.Item>
      <Button
        type={type}
        icon={icon}
        loading={create.isPending && create.variables.mode === mode}
        disabled={create.isPending}
        onClick={() => submit(mode)}
      >
        {label}
      </Button>
    </Form.Item>
  );

  return (
    <Form<ReissueFormValues>
      form={form}
      name="reissue-request"
      layout="inline"
      initialValues={initialValues()}
      style={{ rowGap: token.marginXS }}
      data-testid="reissue-form"
    >
      <Form.Item name="deviceIds" label={t('reissue.fields.devices')} required>
        <DeviceSelect<number[]>
          mode="multiple"
          allowClear
          maxTagCount="responsive"
          maxCount={REISSUE_LIMITS.maxDevices}
          placeholder={t('reissue.messages.devicesPlaceholder')}
          style={{ width: WIDTH.devices }}
          data-testid="reissue-devices"
        />
      </Form.Item>
      <Form.Item name="cn" label={t('reissue.fields.cn')} required>
        <Select
          options={REISSUE_KINDS.map((cn) => ({ value: cn, label: t(`reissue.kinds.${cn}`) }))}
          style={{ width: WIDTH.kind }}
          data-testid="reissue-kind"
        />
      </Form.Item>
      <Form.Item name="range" label={t('reissue.fields.range')} required>
        <DateRangePicker showTime presets={presets} data-testid="reissue-range" />
      </Form.Item>
      {modeButton('add', <CloudDownloadOutlined />, t('reissue.actions.add'), 'primary')}
      {modeButton('repair', <DiffOutlined />, t('reissue.actions.repair'))}
    </Form>
  );
}
