// @vitest-environment jsdom
import type { WxAlarmSettings } from '@envmon/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Permissions } from '../../../../components/can';
import type * as ApiModule from '../../../../lib/api';
import { ApiError } from '../../../../lib/api';
import { i18n } from '../../../../lib/i18n';
import { button, installAntdShims, renderWithProviders } from '../../../../test/render';
import { WxAlarmForm } from './wx-alarm-form';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
vi.mock('../../../../lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiModule>()),
  api,
}));

const READER: Permissions = { isAdmin: false, codes: new Set(['settings.wx-alarm']) };
const WRITER: Permissions = { isAdmin: false, codes: new Set(['settings.wx-alarm', 'settings.wx-alarm:write']) };
const SLOW = { timeout: 15_000 };

const SETTINGS: WxAlarmSettings = {
  enabled: false,
  webhookUrl: 'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=abcd******',
  alarmTypes: [1, 2],
  lowestLevel: 2,
  mentionedUserIds: ['@all'],
  mentionedMobiles: ['13800138000'],
  digestCount: 5,
  digestWindowSeconds: 60,
  language: 'zh-CN',
  updateTime: 1_763_000_000_000,
};

const field = (id: string): HTMLInputElement => {
  const element = document.getElementById(`wx-alarm-form_${id}`);
  if (!(element instanceof HTMLInputElement)) throw new Error(`no field ${id}`);
  return element;
};
const type = (id: string, value: string) => fireEvent.change(field(id), { target: { value } });
const submit = () => fireEvent.click(screen.getByTestId('wx-alarm-save'));

beforeAll(() => installAntdShims());

beforeEach(async () => {
  await i18n.changeLanguage('zh-CN');
  api.post.mockImplementation((_url: string, body: unknown) => Promise.resolve({ ...SETTINGS, ...(body as object) }));
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('WxAlarmForm', SLOW, () => {
  it('is read-only without the write permission: no save, code or test buttons', () => {
    renderWithProviders(<WxAlarmForm settings={SETTINGS} />, READER);
    expect(field('webhookUrl').disabled).toBe(true);
    expect(screen.queryByTestId('wx-alarm-save')).toBeNull();
    expect(screen.queryByTestId('wx-alarm-get-code')).toBeNull();
    expect(screen.queryByTestId('wx-alarm-send-test')).toBeNull();
  });

  it('refuses a webhook that is not http(s), and an enabled form without a webhook', async () => {
    renderWithProviders(<WxAlarmForm settings={SETTINGS} />, WRITER);
    type('webhookUrl', 'ftp://example.com/hook');
    submit();
    expect(await screen.findByText(i18n.t('validation.url'))).toBeTruthy();

    type('webhookUrl', '');
    fireEvent.click(document.getElementById('wx-alarm-form_enabled') as HTMLElement);
    submit();
    expect(await screen.findByText(i18n.t('validation.required'))).toBeTruthy();
    expect(api.post).not.toHaveBeenCalled();
  });

  it('refuses a wrong mobile number and a malformed dynamic code', async () => {
    renderWithProviders(<WxAlarmForm settings={{ ...SETTINGS, mentionedMobiles: ['12345'] }} />, WRITER);
    type('dynamicCode', '12ab');
    submit();
    expect(await screen.findByText(i18n.t('validation.mobile'))).toBeTruthy();
    expect(await screen.findByText(i18n.t('validation.pattern'))).toBeTruthy();
    expect(api.post).not.toHaveBeenCalled();
  });

  it('saves a new webhook with its dynamic code', async () => {
    renderWithProviders(<WxAlarmForm settings={SETTINGS} />, WRITER);
    type('webhookUrl', 'https://hook.example.com/send?key=new');
    type('dynamicCode', '123456');
    submit();
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith(
        '/manager/settings/wxalarm/rest/update',
        expect.objectContaining({
          webhookUrl: 'https://hook.example.com/send?key=new',
          dynamicCode: '123456',
          digestCount: 5,
        }),
      ),
    );
  });

  it('asks for a code for the typed webhook, and shows what the webhook answered to a test', async () => {
    renderWithProviders(<WxAlarmForm settings={SETTINGS} />, WRITER);
    api.post.mockResolvedValueOnce({
      webhookUrl: 'x',
      expiresAt: 1,
      reply: { httpStatus: 200, errcode: 0, errmsg: 'ok' },
    });
    fireEvent.click(button(document.body, i18n.t('wxAlarm.actions.getCode')));
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith('/manager/settings/wxalarm/rest/dynamicCode', {
        webhookUrl: SETTINGS.webhookUrl,
      }),
    );

    api.post.mockRejectedValueOnce(
      new ApiError('body', '发送失败，Webhook 返回了错误！', 200, -1, '000001', {
        httpStatus: 200,
        errcode: 93000,
        errmsg: 'invalid webhook url',
      }),
    );
    fireEvent.click(screen.getByTestId('wx-alarm-send-test'));
    const answer = await screen.findByTestId('wx-alarm-answer');
    expect(answer.textContent).toContain('93000');
    expect(answer.textContent).toContain('invalid webhook url');
    expect(answer.textContent).toContain(i18n.t('wxAlarm.result.failed'));
  });
});
