import type { ForwardErrorKind } from '@envmon/shared';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../../lib/i18n';
import { forwardErrorWords } from './forward-error';

const zh = i18n.getFixedT('zh-CN');
const en = i18n.getFixedT('en-US');
const words = (kind: ForwardErrorKind | null, detail: string, t = zh) => forwardErrorWords(kind, detail, t);

describe('forwardErrorWords', () => {
  it('words each kind in Chinese, the OS error kept as the detail', () => {
    expect(words('unreachable', 'connect ECONNREFUSED 10.0.0.8:9100')).toEqual({
      summary: '无法连接上级平台',
      cause: null,
      detail: 'connect ECONNREFUSED 10.0.0.8:9100',
    });
    expect(words('closed', 'read ECONNRESET')).toMatchObject({
      summary: '与上级平台的连接中断',
      detail: 'read ECONNRESET',
    });
    expect(words('timeout', 'after 4 sends')).toEqual({
      summary: '上级平台未应答（9014），已发送 4 次',
      cause: null,
      detail: null,
    });
    expect(words('refused', 'QnRtn 3 (PW error)')).toEqual({
      summary: '上级平台拒收（QnRtn 3：密码错误）',
      cause: null,
      detail: null,
    });
    expect(words('refused', 'QnRtn 42 (unknown error)').summary).toBe('上级平台拒收（QnRtn 42：未知错误）');
    expect(words('request', '2051: database unreachable')).toEqual({
      summary: '处理上级平台的请求（CN 2051）失败',
      cause: null,
      detail: 'database unreachable',
    });
  });

  it('says a pause and the failure behind it', () => {
    expect(words('paused', 'refused: QnRtn 4 (MN error)')).toEqual({
      summary: '已暂停：连续 3 次失败，保存该设备的设置后恢复',
      cause: '上级平台拒收（QnRtn 4：MN 错误）',
      detail: null,
    });
    expect(words('paused', 'timeout')).toMatchObject({ cause: '上级平台未应答（9014）', detail: null });
    expect(words('paused', 'closed: read ECONNRESET')).toMatchObject({
      cause: '与上级平台的连接中断',
      detail: 'read ECONNRESET',
    });
  });

  it('speaks English too', () => {
    expect(words('timeout', 'after 1 sends', en).summary).toBe(
      'No answer (9014) from the upstream platform after 1 send',
    );
    expect(words('paused', 'refused: QnRtn 3 (PW error)', en)).toMatchObject({
      summary: "Paused after 3 failures in a row; save the device's settings to resume",
      cause: 'Refused by the upstream platform (QnRtn 3: wrong password (PW))',
    });
  });

  it('shows a text without kind (written before kinds were recorded) as it is', () => {
    expect(words(null, 'no answer (9014) after 2 sends')).toEqual({
      summary: 'no answer (9014) after 2 sends',
      cause: null,
      detail: null,
    });
  });
});
