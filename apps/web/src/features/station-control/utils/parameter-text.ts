import type { CommandParameter } from '@envmon/shared';
import { dayjs } from '../../../lib/dayjs';

/** A time of day as the station takes it. */
const CLOCK_FORMAT = 'HHmmss';

/** A control's value that is already text or a number, as text. */
const plain = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

/** One parameter's value as the command carries it; undefined when not entered. */
export function parameterText(parameter: CommandParameter, value: unknown): string | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  switch (parameter.kind) {
    case 'time':
      // Whole seconds: the station's clock has no milliseconds.
      return dayjs.isDayjs(value) ? String(value.millisecond(0).valueOf()) : plain(value);
    case 'clock':
      return dayjs.isDayjs(value) ? value.format(CLOCK_FORMAT) : plain(value);
    case 'integer':
    case 'password':
      return plain(value);
    case 'polId':
    case 'infoId':
    case 'text':
      return plain(value).trim() || undefined;
  }
}
