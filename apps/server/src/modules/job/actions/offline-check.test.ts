import { HOUR_MS } from '@envmon/shared';
import { describe, expect, it } from 'vitest';
import { boundedDigest, checkWindow, DIGEST_MAX_BYTES, offlineDigest, percentText } from './offline-check.js';

const device = (n: number, name = `Station ${n}`) => ({ deviceId: n, deviceName: name, deviceCode: `MN00${n}` });
const rate = (deviceId: number, received: number, expected = 24) => ({
  deviceId,
  expected,
  received,
  valid: received,
  transmissionRate: received / expected,
  validRate: 1,
});
const END = Date.UTC(2026, 2, 1, 16); // 2026-03-02 00:00 in Shanghai

describe('the offline check', () => {
  it('looks at whole hours, all ended, before the run', () => {
    const at = Date.UTC(2026, 2, 2, 8, 0, 5);
    expect(checkWindow(at, 24)).toEqual({ from: Date.UTC(2026, 2, 1, 8), to: Date.UTC(2026, 2, 2, 8) });
    expect(checkWindow(Date.UTC(2026, 2, 2, 8), 1).from).toBe(Date.UTC(2026, 2, 2, 8) - HOUR_MS);
  });

  it('writes rates with at most two decimals', () => {
    expect(percentText(0.75)).toBe('75');
    expect(percentText(2 / 3)).toBe('66.67');
    expect(percentText(0)).toBe('0');
  });

  it('lists offline and low stations in the robot’s language, times in the job’s zone', () => {
    const found = {
      offline: [
        { device: device(1), lastPacketAt: Date.UTC(2026, 2, 1, 12, 15) },
        { device: device(2), lastPacketAt: null },
      ],
      low: [{ device: device(3), rate: rate(3, 18) }],
    };
    const window = { end: END, hours: 24, timeZone: 'Asia/Shanghai', minRate: 90 };
    expect(offlineDigest('zh-CN', found, window)).toBe(
      [
        '【站点离线与传输率检查】2026-03-02 00:00 前 24 小时（Asia/Shanghai）',
        '离线站点 2 个：',
        '- Station 1（MN001）最后通讯 2026-03-01 20:15',
        '- Station 2（MN002）从未上线',
        '传输率低于 90% 的站点 1 个：',
        '- Station 3（MN003）75%（18/24 小时）',
      ].join('\n'),
    );
    expect(offlineDigest('en-US', { offline: [], low: found.low }, window)).toBe(
      [
        '[Offline and transmission check] the 24 h before 2026-03-02 00:00 (Asia/Shanghai)',
        'Below 90 % transmission (1):',
        '- Station 3 (MN003) 75 % (18 of 24 hours)',
      ].join('\n'),
    );
  });

  it('keeps the digest under the robot’s 2,048 bytes, counting what it left out', () => {
    const many = Array.from({ length: 300 }, (_, i) => ({
      device: device(i, `站点名称很长的站点${i}`),
      lastPacketAt: null,
    }));
    const text = offlineDigest(
      'zh-CN',
      { offline: many, low: [{ device: device(999), rate: rate(999, 1) }] },
      { end: END, hours: 24, timeZone: 'Asia/Shanghai', minRate: 90 },
    );
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(DIGEST_MAX_BYTES);
    const shown = text.split('\n').filter((l) => l.includes('从未上线')).length;
    expect(shown).toBeGreaterThan(10);
    expect(text).toContain(`……另有 ${300 - shown} 个站点未列出`);
    // The second section still has its title, even when the first took the room.
    expect(text).toContain('传输率低于 90% 的站点 1 个：');
  });

  it('bounds any sections', () => {
    const text = boundedDigest('H', [{ title: 'T', lines: ['aaaa', 'bbbb', 'cccc'] }], (n) => `+${n}`, 19);
    expect(text).toBe('H\nT\naaaa\n+2');
  });
});
