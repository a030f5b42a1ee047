import type { CommandParameter } from '@envmon/shared';
import { dayjs } from '../../../../lib/dayjs';
import { parameterText } from '../../../station-control';

/** The station clock: set to the platform's clock when sent, or to a chosen moment. */
export type TimeMode = 'now' | 'at';

const CLOCK = /^(\d{2})(\d{2})(\d{2})$/;

/**
 * A stored value (wanted, else reported) as the parameter's control holds it (counter control's
 * ParameterControl: numbers, Dayjs for times and times of day, text); undefined when it does not fit.
 */
export function toFormValue(spec: CommandParameter, value: string | null): unknown {
  if (value === null || value === '') return undefined;
  switch (spec.kind) {
    case 'integer':
      return /^\d+$/.test(value) ? Number(value) : undefined;
    case 'time':
      // Wanted station times are epoch ms; the station's own report (YYYYMMDDhhmmss) is not offered back.
      return /^\d{1,13}$/.test(value) ? dayjs(Number(value)) : undefined;
    case 'clock': {
      const m = CLOCK.exec(value);
      return m ? dayjs().hour(Number(m[1])).minute(Number(m[2])).second(Number(m[3])).millisecond(0) : undefined;
    }
    case 'polId':
    case 'infoId':
    case 'text':
    case 'password':
      return value;
  }
}

/** The value sent: as the command carries it (parameterText), '' for the platform's clock or nothing entered. */
export function toWireValue(spec: CommandParameter, value: unknown, mode: TimeMode = 'at'): string {
  if (spec.kind === 'time' && mode === 'now') return '';
  return parameterText(spec, value) ?? '';
}
