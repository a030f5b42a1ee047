import { SearchOutlined } from '@ant-design/icons';
// The input alone, not antd's Input index with its text area, search box and OTP (the first screen uses this).
import Input from 'antd/es/input/Input';
import type { CSSProperties } from 'react';

export interface SearchInputProps {
  /** Its placeholder and accessible name. */
  label: string;
  value: string;
  onChange: (text: string) => void;
  testId: string;
  style?: CSSProperties;
}

/** A list's type-to-narrow box: a magnifier, a clear button, and its label as the accessible name (a placeholder is not one). */
export function SearchInput({ label, value, onChange, testId, style }: SearchInputProps) {
  return (
    <Input
      allowClear
      prefix={<SearchOutlined />}
      placeholder={label}
      aria-label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      style={style}
      data-testid={testId}
    />
  );
}
