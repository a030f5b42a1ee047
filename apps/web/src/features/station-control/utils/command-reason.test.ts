import { COMMAND_REASONS, I18N_RESOURCES, LANGUAGES } from '@envmon/shared';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { reasonKey, reasonText } from './command-reason';

describe('why a command ended without an answer', () => {
  it('is said as a command’s fate, not as a failed device sync', () => {
    expect(reasonKey('deviceNotConnected')).toBe('control.reason.deviceNotConnected');
    const zh = i18n.getFixedT('zh-CN');
    expect(reasonText('deviceNotConnected', zh)).toBe('站点未连接，指令已过期');
    expect(reasonText('gatewayNotRunning', zh)).toBe('设备网关未运行');
    const en = i18n.getFixedT('en-US');
    expect(reasonText('gatewayNoAnswer', en)).toBe('The gateway holding the station did not answer');
  });

  it('has words for every reason in both languages', () => {
    for (const lang of LANGUAGES) {
      expect(Object.keys(I18N_RESOURCES[lang].control.reason).sort()).toEqual([...COMMAND_REASONS].sort());
    }
  });
});
