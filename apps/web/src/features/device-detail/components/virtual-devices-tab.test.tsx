// @vitest-environment jsdom
import type { DeviceFactor, Page, VirtualDevice } from '@envmon/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { button, DEVICE, installAntdShims, READER, renderWithProviders } from './test-harness';
import { VirtualDevicesTab } from './virtual-devices-tab';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
vi.mock('../../../lib/api', () => ({ api }));

const VIRTUALS: VirtualDevice[] = [
  {
    id: 31,
    deviceId: 7,
    deviceCode: 'MN0001',
    deviceName: '莲花山水站',
    virtualName: '五参数',
    virtualCode: 'V-5P',
    factorCodes: ['w01009'],
    remark: null,
    createTime: 1_763_000_000_000,
  },
];
const page = (list: VirtualDevice[]): Page<VirtualDevice> => ({ list, total: list.length, pageNum: 1, pageSize: 20 });

const DO: DeviceFactor = {
  id: 2,
  deviceId: 7,
  deviceCode: 'MN0001',
  deviceName: '莲花山水站',
  factorCode: 'w01009',
  factorName: '溶解氧',
  factorNameEn: 'Dissolved oxygen',
  unit: null,
  factorUnit: 'mg/L',
  standardLimit: null,
  displayOrder: 1,
  rangeMin: null,
  rangeMax: null,
  zeroIsSuspect: null,
  constantCount: null,
  riseRatio: null,
  dropRatio: null,
  outlierMin: null,
  outlierMax: null,
};

function modal(): HTMLElement {
  const found = document.querySelector<HTMLElement>('.ant-modal');
  if (!found) throw new Error('no dialog');
  return found;
}

function input(scope: HTMLElement, id: string): HTMLInputElement {
  const found = scope.querySelector<HTMLInputElement>(`#${id}`);
  if (!found) throw new Error(`no input ${id}`);
  return found;
}

beforeAll(installAntdShims);

beforeEach(async () => {
  await i18n.changeLanguage('zh-CN');
  api.get.mockImplementation((url: string) => {
    if (url.endsWith('/virtual/rest/get')) return Promise.resolve(page(VIRTUALS));
    if (url.endsWith('/factor/device/rest/getByDeviceId')) return Promise.resolve([DO]);
    if (url.endsWith('/virtual/rest/delete')) return Promise.resolve(null);
    return Promise.reject(new Error(`unexpected ${url}`));
  });
  api.post.mockResolvedValue(null);
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('VirtualDevicesTab', { timeout: 30_000 }, () => {
  it('lists the device’s virtual devices with their factors named', async () => {
    renderWithProviders(<VirtualDevicesTab device={DEVICE} />);
    const row = (await screen.findByText('五参数')).closest('tr');
    if (!row) throw new Error('no row');
    expect(api.get).toHaveBeenCalledWith('/manager/system/device/virtual/rest/get', {
      deviceId: 7,
      pageNum: 1,
      pageSize: 20,
    });
    expect(await within(row).findByText('溶解氧')).toBeTruthy();
  });

  it('checks the form with the shared schema before adding', async () => {
    renderWithProviders(<VirtualDevicesTab device={DEVICE} />);
    await screen.findByText('五参数');
    fireEvent.click(button(screen.getByTestId('device-detail-virtual'), '新增虚拟设备'));
    const dialog = modal();
    fireEvent.change(input(dialog, 'virtualName'), { target: { value: '溶解氧点' } });
    fireEvent.change(input(dialog, 'virtualCode'), { target: { value: 'bad code!' } });
    fireEvent.click(button(dialog, '保存'));
    expect(await within(dialog).findByText(i18n.t('validation.pattern'))).toBeTruthy();
    expect(api.post).not.toHaveBeenCalled();
  });

  it('updates a virtual device with its id', async () => {
    renderWithProviders(<VirtualDevicesTab device={DEVICE} />);
    const row = (await screen.findByText('五参数')).closest('tr');
    if (!row) throw new Error('no row');
    fireEvent.click(button(row, '编辑'));
    const dialog = modal();
    fireEvent.change(input(dialog, 'virtualName'), { target: { value: '五参数-新' } });
    fireEvent.click(button(dialog, '保存'));
    await waitFor(() => expect(api.post).toHaveBeenCalled());
    expect(api.post).toHaveBeenCalledWith('/manager/system/device/virtual/rest/update', {
      id: 31,
      deviceId: 7,
      virtualName: '五参数-新',
      virtualCode: 'V-5P',
      factorCodes: ['w01009'],
      remark: null,
    });
  });

  it('deletes after confirmation', async () => {
    renderWithProviders(<VirtualDevicesTab device={DEVICE} />);
    const row = (await screen.findByText('五参数')).closest('tr');
    if (!row) throw new Error('no row');
    fireEvent.click(button(row, '删除'));
    const confirm = await screen.findByText('确认删除吗？');
    const popover = confirm.closest<HTMLElement>('.ant-popover');
    if (!popover) throw new Error('no confirmation');
    fireEvent.click(button(popover, '确定'));
    await waitFor(() => expect(api.get).toHaveBeenCalledWith('/manager/system/device/virtual/rest/delete', { id: 31 }));
  });

  it('offers no writes without the device write permission', async () => {
    renderWithProviders(<VirtualDevicesTab device={DEVICE} />, READER);
    await screen.findByText('五参数');
    expect(screen.queryByText('新增虚拟设备')).toBeNull();
    expect(screen.queryByText('删除')).toBeNull();
  });
});
