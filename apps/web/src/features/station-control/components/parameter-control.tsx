import type { CommandParameter } from '@envmon/shared';
import { useQuery } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import { DatePicker, Input, InputNumber, Select, TimePicker } from 'antd';
import { useTranslation } from 'react-i18next';
import { useVocabularyLang } from '../../../components/vocabulary/use-vocabulary-lang';
import { deviceFactorsQueryOptions } from '../api/get-device-factors';
import { INFO_CODES, infoLabel } from '../utils/command-labels';

/** What Form.Item hands its control. */
interface ControlProps {
  id?: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
}

const FULL = { width: '100%' } as const;
/** A time of day as operators read it (sent as hhmmss). */
const CLOCK_DISPLAY = 'HH:mm:ss';

/** The chosen station's factors; a text box when they cannot be read (no device yet, or no right to read them). */
function FactorPicker({ deviceId, ...props }: ControlProps & { deviceId: number | null | undefined }) {
  const lang = useVocabularyLang();
  const factors = useQuery({
    ...deviceFactorsQueryOptions(deviceId ?? 0),
    enabled: typeof deviceId === 'number',
  });
  if (!factors.data || factors.isError) return <Input {...props} value={props.value as string | undefined} />;
  return (
    <Select
      {...props}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      options={factors.data.map((factor) => ({
        value: factor.factorCode,
        label: `${lang === 'en' ? factor.factorNameEn || factor.factorName : factor.factorName} (${factor.factorCode})`,
      }))}
    />
  );
}

/**
 * The control of one command parameter by its kind: numbers within the catalogue's bounds (or its only
 * values), times and times of day as pickers, factors and information codes as choices, passwords hidden.
 */
export function ParameterControl({
  parameter,
  deviceId,
  ...props
}: ControlProps & { parameter: CommandParameter; deviceId: number | null | undefined }) {
  const { t } = useTranslation();
  const testId = `counter-control-parameter-${parameter.name}`;
  switch (parameter.kind) {
    case 'integer':
      return parameter.values ? (
        <Select
          {...props}
          allowClear
          options={parameter.values.map((value) => ({ value, label: String(value) }))}
          data-testid={testId}
        />
      ) : (
        <InputNumber
          {...props}
          value={props.value as number | undefined}
          min={parameter.min}
          max={parameter.max}
          precision={0}
          style={FULL}
          data-testid={testId}
        />
      );
    case 'time':
      return (
        <DatePicker {...props} value={props.value as Dayjs | undefined} showTime style={FULL} data-testid={testId} />
      );
    case 'clock':
      return (
        <TimePicker
          {...props}
          value={props.value as Dayjs | undefined}
          format={CLOCK_DISPLAY}
          style={FULL}
          data-testid={testId}
        />
      );
    case 'polId':
      return <FactorPicker {...props} deviceId={deviceId} />;
    case 'infoId':
      return (
        <Select
          {...props}
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          options={INFO_CODES.map((code) => ({ value: code, label: infoLabel(code, t) }))}
          data-testid={testId}
        />
      );
    case 'password':
      return (
        <Input.Password
          {...props}
          value={props.value as string | undefined}
          autoComplete="new-password"
          data-testid={testId}
        />
      );
    case 'text':
      return <Input {...props} value={props.value as string | undefined} data-testid={testId} />;
  }
}
