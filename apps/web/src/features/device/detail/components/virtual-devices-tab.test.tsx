// @vitest-environment jsdom
import { type DeviceFactor, LIMITS, type Page, type VirtualDevice } from '@envmon/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as apiModule from '../../../../lib/api';
import { ApiError } from '../../../../lib/api';
import { i18n } from '../../../../lib/i18n';
import { button, installAntdShims, renderWithProviders } from '../../../../test/render';
import { DEVICE, READER } from './test-harness';
import { VirtualDevicesTab } from './virtual-devices-tab';

const api = vi.hoisted(() => ({
  get: vi.fn(),
  post: vi.fn(),
  upload: vi.fn(),
  download: vi.fn(() => Promise.resolve()),
}));
// The real ApiError and isApiError: the import tells a refusal by them.
vi.mock('../../../../lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof apiModule>()),
  api,
}));

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
};

/** Chooses a file in the tab's import button, as the browser's file dialog would. */
function chooseFile(file: File): void {
  const picker = screen.getByTestId('device-detail-virtual').querySelector<HTMLInputElement>('input[type="file"]');
  if (!picker) throw new Error('no file input');
  fireEvent.change(picker, { target: { files: [file] } });
}

const xlsx = (size?: number): File => {
  const file = new File(['PK'], 'virtual.xlsx');
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
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
    expect(screen.queryByTestId('virtual-import')).toBeNull();
    expect(screen.queryByTestId('virtual-template')).toBeNull();
  });

  it('imports a file and shows the list again, and opens the template in a new window', async () => {
    api.upload.mockResolvedValue({ added: 2 });
    renderWithProviders(<VirtualDevicesTab device={DEVICE} />);
    await screen.findByText('五参数');
    const tab = screen.getByTestId('device-detail-virtual');
    fireEvent.click(button(tab, '下载导入模板'));
    expect(api.download).toHaveBeenCalledWith('/manager/system/device/virtual/rest/template');

    const lists = () => api.get.mock.calls.filter(([url]) => String(url).endsWith('/virtual/rest/get')).length;
    const before = lists();
    chooseFile(xlsx());
    await waitFor(() => expect(lists()).toBe(before + 1));
    expect(api.upload).toHaveBeenCalledWith('/manager/system/device/virtual/rest/batAdd', expect.any(File), {
      fileName: 'virtual.xlsx',
      quiet: true,
      silent: true,
    });
  });

  it('refuses a file over the upload limit without sending it', async () => {
    renderWithProviders(<VirtualDevicesTab device={DEVICE} />);
    await screen.findByText('五参数');
    chooseFile(xlsx(LIMITS.uploadMaxBytes + 1));
    expect(await screen.findByText(i18n.t('common.messages.fileTooLarge'))).toBeTruthy();
    expect(api.upload).not.toHaveBeenCalled();
  });

  it('opens the row report when the server refuses the file', async () => {
    const problems = [
      { row: 3, field: 'deviceCode', column: '设备编码', message: '设备编码不存在！', text: '设备编码不存在！' },
      { row: 4, field: 'virtualName', column: '虚拟设备名称', message: 'validation.required', text: '必填' },
    ];
    api.upload.mockRejectedValue(new ApiError('body', '导入失败，共2处错误', 200, -1, '000001', problems));
    renderWithProviders(<VirtualDevicesTab device={DEVICE} />);
    await screen.findByText('五参数');
    chooseFile(xlsx());
    const report = await screen.findByTestId('device-import-report');
    expect(within(report).getByText('导入失败，共2处错误')).toBeTruthy();
    const rows = [...within(report).getByTestId('device-import-problems').querySelectorAll('tr.ant-table-row')].map(
      (tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent),
    );
    expect(rows).toEqual([
      ['3', i18n.t('device.fields.deviceCode'), '设备编码不存在！'],
      ['4', '虚拟设备名称', i18n.t('validation.required')],
    ]);
  });
});
