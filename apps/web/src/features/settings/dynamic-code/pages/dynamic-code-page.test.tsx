// @vitest-environment jsdom
import {
  COMMAND_CATALOGUE,
  type DynamicCodeEnrolment,
  type DynamicCodeStatus,
  type GuardedCommands,
} from '@envmon/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as apiModule from '../../../../lib/api';
import { i18n } from '../../../../lib/i18n';
import { button, installAntdShims, renderWithProviders } from '../../../../test/render';
import DynamicCodePage from './dynamic-code-page';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
vi.mock('../../../../lib/api', async (importOriginal) => ({ ...(await importOriginal<typeof apiModule>()), api }));

const BASE = '/manager/settings/dynamicCode/rest';
const SLOW = { timeout: 30_000 };
const NOW = Date.UTC(2026, 10, 20, 4, 0, 0);
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
/** May use its own code and see the list; may not change it. */
const READER = { isAdmin: false, codes: new Set(['settings.dynamic-code']) };

const status = (over: Partial<DynamicCodeStatus> = {}): DynamicCodeStatus => ({
  enrolled: false,
  confirmed: false,
  lockedUntil: null,
  createTime: null,
  ...over,
});
const ENROLMENT: DynamicCodeEnrolment = {
  uri: `otpauth://totp/envmon:admin?issuer=envmon&secret=${SECRET}`,
  qrCode: 'data:image/svg+xml;base64,PHN2Zy8+',
  secret: SECRET,
  issuer: 'envmon',
  account: 'admin',
  algorithm: 'SHA1',
  digits: 6,
  period: 30,
  confirmed: false,
};

function mockReads(current: DynamicCodeStatus, guarded: GuardedCommands = { cns: ['1072', '3011'] }) {
  api.get.mockImplementation((url: string) => {
    if (url === `${BASE}/status`) return Promise.resolve(current);
    if (url === `${BASE}/guarded`) return Promise.resolve(guarded);
    return Promise.reject(new Error(`unexpected GET ${url}`));
  });
}

const codeInput = (testId: string) => screen.getByTestId<HTMLInputElement>(testId);

beforeAll(installAntdShims);
beforeEach(async () => {
  await i18n.changeLanguage('zh-CN');
  mockReads(status());
});
afterEach(() => {
  cleanup();
  api.get.mockReset();
  api.post.mockReset();
});

describe('DynamicCodePage', () => {
  it('enrols: the QR code with its alt text, the key by hand, then the first code confirms', SLOW, async () => {
    api.post.mockImplementation((url: string) =>
      Promise.resolve(url === `${BASE}/get` ? ENROLMENT : status({ enrolled: true, confirmed: true, createTime: NOW })),
    );
    renderWithProviders(<DynamicCodePage />);
    const mine = await screen.findByTestId('dynamic-code-mine');
    expect(await within(mine).findByText('未绑定')).toBeTruthy();
    fireEvent.click(button(mine, '绑定'));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith(`${BASE}/get`, {}, { silent: true }));

    const qr = await screen.findByAltText('将 admin（envmon）绑定到身份验证器应用的二维码');
    expect(qr.getAttribute('src')).toBe(ENROLMENT.qrCode);
    expect(screen.getByTestId('dynamic-code-secret').textContent).toContain('JBSW Y3DP EHPK 3PXP');
    // The field is named by its label.
    expect(screen.getByLabelText('应用中的动态码')).toBe(codeInput('dynamic-code-confirm-code'));

    fireEvent.change(codeInput('dynamic-code-confirm-code'), { target: { value: '12a456' } });
    fireEvent.click(button(screen.getByTestId('dynamic-code-enrolment'), '确认'));
    expect(await screen.findByText('请输入应用显示的 6 位数字')).toBeTruthy();
    expect(api.post).toHaveBeenCalledTimes(1);

    fireEvent.change(codeInput('dynamic-code-confirm-code'), { target: { value: '123 456' } });
    fireEvent.click(button(screen.getByTestId('dynamic-code-enrolment'), '确认'));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith(`${BASE}/confirm`, { code: '123456' }, { silent: true }));
    expect(await screen.findByText('动态码绑定成功。')).toBeTruthy();
    expect(screen.queryByTestId('dynamic-code-enrolment')).toBeNull();
    expect(screen.getByTestId('dynamic-code-state').textContent).toBe('已绑定');
  });

  it('renews a confirmed enrolment only with a current code', SLOW, async () => {
    mockReads(status({ enrolled: true, confirmed: true, createTime: NOW }));
    api.post.mockResolvedValue(ENROLMENT);
    renderWithProviders(<DynamicCodePage />);
    const mine = await screen.findByTestId('dynamic-code-mine');
    expect(await within(mine).findByText('已绑定')).toBeTruthy();
    fireEvent.click(button(mine, '重新绑定'));
    const renew = await screen.findByTestId('dynamic-code-renew');
    expect(screen.getByLabelText('当前动态码')).toBe(codeInput('dynamic-code-renew-code'));
    fireEvent.click(button(renew, '重新绑定'));
    expect(await screen.findByText('请输入应用显示的 6 位数字')).toBeTruthy();
    expect(api.post).not.toHaveBeenCalled();
    fireEvent.change(codeInput('dynamic-code-renew-code'), { target: { value: '654321' } });
    fireEvent.click(button(renew, '重新绑定'));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith(`${BASE}/get`, { code: '654321' }, { silent: true }));
    expect(await screen.findByTestId('dynamic-code-enrolment')).toBeTruthy();
  });

  it('says when the codes are locked, and lets an unconfirmed enrolment start again', SLOW, async () => {
    mockReads(status({ enrolled: true, confirmed: false, createTime: NOW, lockedUntil: NOW + 300_000 }));
    renderWithProviders(<DynamicCodePage />);
    const mine = await screen.findByTestId('dynamic-code-mine');
    expect(await within(mine).findByText('待确认')).toBeTruthy();
    expect(within(mine).getByText(/动态码错误次数过多，已锁定至/)).toBeTruthy();
    expect(button(mine, '重新开始')).toBeTruthy();
  });

  it('lists the commands by family for a writer, who changes and saves the list', SLOW, async () => {
    api.post.mockResolvedValue({ cns: ['1000', '1072', '3011'] });
    renderWithProviders(<DynamicCodePage />);
    const list = await screen.findByTestId('dynamic-code-guarded');
    const password = await within(list).findByRole('group', { name: '密码' });
    const box = within(password).getByLabelText<HTMLInputElement>('1072 — 设置现场机访问密码');
    expect(box.checked).toBe(true);
    expect(within(list).getByText(`2 / ${COMMAND_CATALOGUE.length} 个命令`)).toBeTruthy();
    const communication = within(list).getByRole('group', { name: '通讯' });
    const timeout = within(communication).getByLabelText<HTMLInputElement>('1000 — 设置超时时间及重发次数');
    expect(timeout.checked).toBe(false);
    fireEvent.click(timeout);
    fireEvent.click(button(list, '保存'));
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith(`${BASE}/guarded`, { cns: ['1000', '1072', '3011'] }, { silent: true }),
    );
    expect(await screen.findByText('列表已保存。')).toBeTruthy();
  });

  it('shows a reader the list it cannot change', SLOW, async () => {
    renderWithProviders(<DynamicCodePage />, READER);
    const list = await screen.findByTestId('dynamic-code-guarded');
    const box = await within(list).findByLabelText<HTMLInputElement>('1072 — 设置现场机访问密码');
    expect(box.disabled).toBe(true);
    expect(within(list).queryByText('保存')).toBeNull();
    expect(within(list).getByText(/仅有本页面编辑权限的用户可以修改此列表/)).toBeTruthy();
  });

  it('speaks English', SLOW, async () => {
    await i18n.changeLanguage('en-US');
    renderWithProviders(<DynamicCodePage />);
    expect(await screen.findByText('Not enrolled')).toBeTruthy();
    expect(screen.getByText('My dynamic code')).toBeTruthy();
    expect(screen.getByText('Commands that need a dynamic code')).toBeTruthy();
    expect(await screen.findByLabelText('1072 — Set station password')).toBeTruthy();
    expect(button(document.body, 'Enrol')).toBeTruthy();
  });
});
