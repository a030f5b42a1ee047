// @vitest-environment jsdom
import type { Camera, Page } from '@envmon/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as apiModule from '../../../../lib/api';
import { i18n } from '../../../../lib/i18n';
import { button, installAntdShims, renderWithProviders } from '../../../../test/render';
import { READER } from '../../../device/detail/components/test-harness';
import SettingsVideoPage from './settings-video-page';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
vi.mock('../../../../lib/api', async (importOriginal) => ({ ...(await importOriginal<typeof apiModule>()), api }));

const CAMERAS: Camera[] = [
  {
    id: 1,
    deviceId: 7,
    deviceName: '莲花山水站',
    name: '大门',
    hlsUrl: 'https://cam.example.com/gate.m3u8',
    enabled: true,
    visibility: 'scope',
    maxPlaySeconds: 0,
    createTime: 0,
    updateTime: 0,
  },
  {
    id: 2,
    deviceId: 7,
    deviceName: '莲花山水站',
    name: '屋顶',
    hlsUrl: null,
    enabled: false,
    visibility: 'bound',
    maxPlaySeconds: 300,
    createTime: 0,
    updateTime: 0,
  },
];
const SLOW = { timeout: 30_000 };

beforeAll(installAntdShims);
beforeEach(async () => {
  await i18n.changeLanguage('zh-CN');
  api.get.mockImplementation((url: string) => {
    if (url === '/manager/settings/ys/rest/list')
      return Promise.resolve({ list: CAMERAS, total: 2, pageNum: 1, pageSize: 20 } satisfies Page<Camera>);
    if (url === '/manager/system/device/rest/getAll')
      return Promise.resolve({ list: [{ id: 7, deviceName: '莲花山水站' }], total: 1, pageNum: 1, pageSize: 1000 });
    return Promise.resolve([]);
  });
  api.post.mockResolvedValue(CAMERAS[0]);
});
afterEach(() => {
  cleanup();
  api.get.mockReset();
  api.post.mockReset();
});

describe('SettingsVideoPage', () => {
  it('lists the cameras with their address (or that none is set) and policy', SLOW, async () => {
    renderWithProviders(<SettingsVideoPage />);
    expect(await screen.findByText('https://cam.example.com/gate.m3u8')).toBeTruthy();
    expect(screen.getByText('未配置')).toBeTruthy();
    expect(screen.getByText('仅绑定该设备的用户')).toBeTruthy();
    expect(screen.getByText('300')).toBeTruthy();
  });

  it('refuses an address that is not http or https, then adds the camera', SLOW, async () => {
    renderWithProviders(<SettingsVideoPage />);
    await screen.findByText('大门');
    fireEvent.click(button(document.body, '新增摄像头'));
    const form = await screen.findByTestId('camera-form');
    const [device] = within(form).getAllByRole('combobox');
    fireEvent.mouseDown(device as HTMLElement);
    fireEvent.click(await screen.findByText('莲花山水站', { selector: '.ant-select-item-option-content' }));
    const inputs = form.querySelectorAll('input.ant-input');
    fireEvent.change(inputs[0] as HTMLInputElement, { target: { value: '河道' } });
    fireEvent.change(inputs[1] as HTMLInputElement, { target: { value: 'rtsp://10.0.0.1/live' } });
    fireEvent.click(button(document.body, '保存'));
    expect(await screen.findByText('格式不正确！')).toBeTruthy();
    expect(api.post).not.toHaveBeenCalled();
    fireEvent.change(inputs[1] as HTMLInputElement, { target: { value: 'https://cam.example.com/river.m3u8' } });
    fireEvent.click(button(document.body, '保存'));
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith('/manager/settings/ys/rest/add', {
        deviceId: 7,
        name: '河道',
        hlsUrl: 'https://cam.example.com/river.m3u8',
        enabled: true,
      }),
    );
  });

  it('sets a camera’s policy', SLOW, async () => {
    renderWithProviders(<SettingsVideoPage />);
    const row = (await screen.findByText('屋顶')).closest('tr') as HTMLElement;
    fireEvent.click(button(row, '策略'));
    const form = await screen.findByTestId('camera-policy-form');
    fireEvent.click(within(form).getByText('可查看该设备的用户'));
    fireEvent.change(form.querySelector('input.ant-input-number-input') as HTMLInputElement, {
      target: { value: '60' },
    });
    fireEvent.click(button(document.body, '保存'));
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith('/manager/settings/ys/rest/policySet', {
        id: 2,
        visibility: 'scope',
        maxPlaySeconds: 60,
      }),
    );
  });

  it('shows no edit actions without the write permission', SLOW, async () => {
    renderWithProviders(<SettingsVideoPage />, { ...READER, codes: new Set(['settings.video-ys']) });
    await screen.findByText('大门');
    expect(screen.queryByText('新增摄像头')).toBeNull();
    expect(screen.queryAllByText('策略')).toHaveLength(0);
  });
});
