// @vitest-environment jsdom
import { type Device, MESSAGES } from '@envmon/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../../lib/i18n';
import { DeviceFormModal } from './device-form-modal';
import { installAntdShims } from '../../../../test/render';

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
vi.mock('../../../../lib/api', () => ({ api, isApiError: (error: unknown) => error instanceof ApiError }));
// The map picker needs a real browser; two boxes stand in for it (the point is the form's business here).
vi.mock('../../../../components/map', () => ({
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

const PROJECTS = [{ id: 3, deployName: '北区项目', deployNameEn: 'North', deployType: 1 }];
const ADDRESSES = [
  { id: 8, deployName: '龙岗区', deployNameEn: 'Longgang', deployType: 2 },
  { id: 9, deployName: '南山区', deployNameEn: null, deployType: 2 },
];
/** The device's grouping records: in project 3, in no address group. */
const RECORDS = [{ id: 30, deployId: 3, deployName: '北区项目', deployNameEn: 'North', deployType: 1, deviceId: 7 }];

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
/** What a select shows as chosen (the testid is on the select itself). */
const chosen = (testId: string) =>
  screen.getByTestId(testId).querySelector('.ant-select-content-has-value')?.getAttribute('title') ?? null;
async function choose(testId: string, option: string) {
  fireEvent.mouseDown(screen.getByTestId(testId).querySelector('input') as HTMLInputElement);
  fireEvent.click(await screen.findByText(option, { selector: '.ant-select-item-option-content' }));
}
/** The form shows once the device's grouping records are read. */
const formShown = () => screen.findByTestId('device-step-location');

beforeAll(installAntdShims);

beforeEach(async () => {
  await i18n.changeLanguage('zh-CN');
  api.get.mockImplementation((url: string, params?: { deployType?: number }) => {
    if (url.endsWith('/deploy/classify/rest/findAll')) {
      return Promise.resolve(params?.deployType === 1 ? PROJECTS : ADDRESSES);
    }
    if (url.endsWith('/deploy/rest/getByDeviceId')) return Promise.resolve(RECORDS);
    return Promise.resolve({
      list: [{ id: 1, userName: 'admin', name: '管理员' }],
      total: 1,
      pageNum: 1,
      pageSize: 1000,
    });
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
    await formShown();
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
        deviceType: '21',
        // The device's project as its records name it; no address group, said as null (in none).
        projectId: 3,
        addressId: null,
      }),
    );
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('shows a taken code beside the code box and stays open', async () => {
    api.post.mockRejectedValue(new ApiError('body', MESSAGES.deviceCodeTaken));
    const onClose = renderModal(device);
    await formShown();
    click('device-form-next');
    await waitFor(() => expect(stepShown('contact')).toBe(true));
    click('device-form-next');
    await waitFor(() => expect(stepShown('details')).toBe(true));
    click('device-form-submit');
    expect(await screen.findByText(MESSAGES.deviceCodeTaken)).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows the type by its label and the device’s project, and saves the groups chosen', async () => {
    renderModal(device);
    await formShown();
    expect(api.get).toHaveBeenCalledWith('/manager/system/device/deploy/rest/getByDeviceId', { deviceId: 7 });
    click('device-form-next');
    await waitFor(() => expect(stepShown('contact')).toBe(true));
    click('device-form-next');
    await waitFor(() => expect(stepShown('details')).toBe(true));

    expect(chosen('device-field-deviceType')).toBe('地表水质监测');
    await waitFor(() => expect(chosen('device-field-projectId')).toBe('北区项目'));
    expect(chosen('device-field-addressId')).toBeNull();

    await choose('device-field-deviceType', '空气质量监测');
    await choose('device-field-addressId', '南山区');
    click('device-form-submit');
    await waitFor(() => expect(api.post).toHaveBeenCalledTimes(1));
    expect(api.post).toHaveBeenCalledWith(
      '/manager/system/device/rest/update',
      expect.objectContaining({ deviceType: '22', projectId: 3, addressId: 9 }),
    );
  });

  it('takes a real station’s 24-character password and refuses one with a packet separator', async () => {
    renderModal({ ...device, password: 'BF470F88957588DE902D1A52' });
    await formShown();
    click('device-form-next');
    await waitFor(() => expect(stepShown('contact')).toBe(true));
    click('device-form-next');
    await waitFor(() => expect(stepShown('details')).toBe(true));
    expect(field('password').value).toBe('BF470F88957588DE902D1A52');
    expect(field('password').maxLength).toBeGreaterThanOrEqual(64);

    type('password', 'abc;def');
    expect(await screen.findByText('设备密码不能包含空格、分号、逗号、等号或 & 符号！')).toBeTruthy();
    type('password', 'BF470F88957588DE902D1A52');
    click('device-form-submit');
    await waitFor(() => expect(api.post).toHaveBeenCalledTimes(1));
    expect(api.post).toHaveBeenCalledWith(
      '/manager/system/device/rest/update',
      expect.objectContaining({ password: 'BF470F88957588DE902D1A52' }),
    );
  });
});
