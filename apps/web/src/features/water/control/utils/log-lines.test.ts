import type { CommandUpload } from '@envmon/shared';
import { describe, expect, it } from 'vitest';
import { isLogRead, LOG_SPAN_MS, logLines, logReadParameters } from './log-lines';

const line = (dataTime: number | null, item: string | null, value: string, at = 0): CommandUpload => ({
  cn: '3020',
  at,
  dataTime,
  fields: [{ item, key: 'i11001', value }],
});

describe('the station’s logs', () => {
  it('are asked for since a day before now, as the instrument log', () => {
    expect(logReadParameters(LOG_SPAN_MS + 5)).toEqual({ InfoId: 'i11001', BeginTime: '5' });
    expect(isLogRead({ parameters: logReadParameters(LOG_SPAN_MS) })).toBe(true);
    expect(isLogRead({ parameters: { InfoId: 'i12001' } })).toBe(false);
  });

  it('are the i11001 fields of the uploads, newest first, equal times in the order they came', () => {
    const uploads = [
      line(100, 'w01018', 'zero and span calibration done'),
      line(300, null, 'data logger reboot'),
      line(null, 'w01001', 'sent without a time', 200),
      line(300, null, 'standby'),
      { cn: '3020', at: 400, dataTime: 400, fields: [{ item: 'w01018', key: 'i13001', value: '0-500' }] },
    ];
    expect(logLines(uploads)).toEqual([
      { time: 300, factor: null, text: 'data logger reboot' },
      { time: 300, factor: null, text: 'standby' },
      { time: 200, factor: 'w01001', text: 'sent without a time' },
      { time: 100, factor: 'w01018', text: 'zero and span calibration done' },
    ]);
  });
});
