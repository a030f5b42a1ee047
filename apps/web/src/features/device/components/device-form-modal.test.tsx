// @vitest-environment jsdom
import { type Device, MESSAGES } from '@envmon/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { DeviceFormModal } from './device-form-modal';
import { installAntdShims } from '../../../test/render';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
const ApiError = vi.hoisted(
  () =>
    class extends Error {
      constructor(
        readonly kind: string,
        readonly desc: string,
      ) {
        super(desc);
      }
    },
);
vi.mock('../../../lib/api', () => ({ api, isApiError: (error: unknown) => error instanceof ApiError }));
// The map picker needs a real browser; two boxes stand in for it (the point is the form's business here).
vi.mock('../../../components/map', () => ({
  LocationPicker: ({
    value,
    onChange,
  }: {
    value: { lng: number | null; lat: number | null };
    onChange: (v: { lng: number | null; lat: number | null }) => void;
  }) => (
    <span>
      <input
        aria-label="lng"
        value={value.lng ?? ''}
        onChange={(e) => onChange({ lng: e.target.value === '' ? null : Number(e.target.value), lat: value.lat })}
      />
    </span>
  ),
}));

const device: Device = {
  id: 7,
  deviceName: '河口站',
  deviceCode: 'MN0007',
  deviceType: '21',
  intervalTime: 300,
  lng: 114.1,
  lat: 22.5,
  installName: '张三',
  installDate: Date.UTC(2026, 0, 2),
  installAddress: null,
  installPicId: null,
  installPhoto: null,
  contactCompany: '环保局',
  contactPerson: '李四',
  contactPhone: '13800138000',
  maintainId: 1,
  weather: null,
  ifValid: 1,
  remark: null,
  preserve02: null,
  preserve03: null,
  password: null,
  utcOffsetMinutes: 480,
  acceptModbusCrc: 0,
  createTime: 1,
  updateTime: 2,
};

function renderModal(subject?: Device) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <App>
        <DeviceFormModal device={subject} onClose={onClose} />
      </App>
    </QueryClientProvider>,
  );
  return onClose;
}

const field = (id: string): HTMLInputElement => {
  const element = document.getElementById(`device-form_${id}`);
  if (!(element instanceof HTMLInputElement)) throw new Error(`no field ${id}`);
  return element;
};
const type = (id: string, value: string) => {
  fireEvent.change(field(id), { target: { value } });
  fireEvent.blur(field(id));
};
const click = (testId: string) => fireEvent.click(screen.getByTestId(testId));
const stepShown = (step: string) => screen.getByTestId(`device-step-${step}`).style.display !== 'none';

beforeAll(installAntdShims);

beforeEach(async () => {
  await i18n.changeLanguage('zh-CN');
  api.get.mockResolvedValue({
    list: [{ id: 1, userName: 'admin', name: '管理员' }],
    total: 1,
    pageNum: 1,
    pageSize: 1000,
  });
  api.post.mockImplementation((_url: string, body: unknown) => Promise.resolve(body));
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('DeviceFormModal', { timeout: 30_000 }, () => {
  it('does not leave step 1 until its fields pass, with the spec messages', async () => {
    renderModal();
    click('device-form-next');
    expect(await screen.findByText('请输入经纬度！')).toBeTruthy();
    expect(screen.getByText('请输入安装人员！')).toBeTruthy();
    expect(screen.getByText('请选择安装时间！')).toBeTruthy();
    expect(stepShown('location')).toBe(true);
    expect(stepShown('contact')).toBe(false);
  });

  it('checks a step’s fields when left, and sends the whole form on save', async () => {
    const onClose = renderModal(device);
    click('device-form-next');
    await waitFor(() => expect(stepShown('contact')).toBe(true));

    type('contactPhone', '12345678901');
    expect(await screen.findByText('请输入正确的手机号码！')).toBeTruthy();
    click('device-form-next');
    await waitFor(() => expect(screen.getByText('请输入正确的手机号码！')).toBeTruthy());
    expect(stepShown('contact')).toBe(true);
    type('contactPhone', '13900139000');
    click('device-form-next');
    await waitFor(() => expect(stepShown('details')).toBe(true));

    type('intervalTime', '0');
    expect(await screen.findByText('请输入大于0的整数！')).toBeTruthy();
    type('intervalTime', '');
    expect(await screen.findByText('请输入报文上报间隔！')).toBeTruthy();
    type('intervalTime', '30');
    await waitFor(() => expect(screen.queryByText('请输入报文上报间隔！')).toBeNull());

    click('device-form-back');
    await waitFor(() => expect(stepShown('contact')).toBe(true));
    expect(field('contactPhone').value).toBe('13900139000');
    click('device-form-next');
    await waitFor(() => expect(stepShown('details')).toBe(true));

    click('device-form-submit');
    await waitFor(() => expect(api.post).toHaveBeenCalledTimes(1));
    expect(api.post).toHaveBeenCalledWith(
      '/manager/system/device/rest/update',
      expect.objectContaining({
        id: 7,
        lng: 114.1,
        lat: 22.5,
        installDate: Date.UTC(2026, 0, 2),
        contactPhone: '13900139000',
        maintainId: 1,
        intervalTime: 30,
        deviceCode: 'MN0007',
      }),
    );
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('shows a taken code beside the code box and stays open', async () => {
    api.post.mockRejectedValue(new ApiError('body', MESSAGES.deviceCodeTaken));
    const onClose = renderModal(device);
    click('device-form-next');
    await waitFor(() => expect(stepShown('contact')).toBe(true));
    click('device-form-next');
    await waitFor(() => expect(stepShown('details')).toBe(true));
    click('device-form-submit');
    expect(await screen.findByText(MESSAGES.deviceCodeTaken)).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});
