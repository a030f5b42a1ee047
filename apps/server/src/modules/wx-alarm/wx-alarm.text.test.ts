import type { Alarm } from '@envmon/shared';
import { describe, expect, it } from 'vitest';
import { digestText, raisedText } from './wx-alarm.text.js';

// 2026-11-25 21:00:00 UTC: 05:00 the next morning on a +08:00 station's clock.
const BEGIN = Date.UTC(2026, 10, 25, 21, 0, 0);

const alarm = (utcOffsetMinutes: number): Alarm => ({
  id: 1,
  alarmType: 5,
  alarmLevel: 1,
  alarmValue: 42.5,
  unit: 'mg/L',
  beginDate: BEGIN,
  lastDate: BEGIN,
  endDate: null,
  active: true,
  count: 1,
  overflowType: null,
  standardValue: '30',
  symbol: 1,
  deviceId: 7,
  deviceCode: 'WX-0001',
  device: { deviceName: '河口站', utcOffsetMinutes },
  factorCode: 'w01018',
  factor: { factorName: '化学需氧量', factorNameEn: 'COD' },
  workOrder: { orderStatus: 1 },
});

describe('WeChat alarm texts', () => {
  it("write an alarm's start on its station's clock, as the console does", () => {
    expect(raisedText('zh-CN', alarm(480))).toContain('开始时间：2026-11-26 05:00:00');
    expect(raisedText('zh-CN', alarm(0))).toContain('开始时间：2026-11-25 21:00:00');
    expect(digestText('en-US', [alarm(-300)], 60)).toContain('2026-11-25 16:00:00');
  });
});
