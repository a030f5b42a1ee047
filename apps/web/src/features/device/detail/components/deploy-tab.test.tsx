// @vitest-environment jsdom
import type { DeployClassify, DeviceDeploy } from '@envmon/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../../lib/i18n';
import { DeployTab } from './deploy-tab';
import { button, installAntdShims, renderWithProviders } from '../../../../test/render';
import { DEVICE, READER } from './test-harness';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
vi.mock('../../../../lib/api', () => ({ api }));

const PROJECT: DeviceDeploy = {
  id: 5,
  deployId: 1,
  deployName: '示范项目',
  deployNameEn: 'Demo project',
  deployType: 1,
  deviceId: 7,
};
const ADDRESSES: DeployClassify[] = [{ id: 11, deployName: '南山区', deployNameEn: 'Nanshan', deployType: 2 }];

function row(typeLabel: string): HTMLElement {
  const found = screen.getByText(typeLabel, { selector: 'td' }).closest('tr');
  if (!found) throw new Error(`no row ${typeLabel}`);
  return found;
}

beforeAll(installAntdShims);

beforeEach(async () => {
  await i18n.changeLanguage('zh-CN');
  api.get.mockImplementation((url: string, params?: { deployType?: number }) => {
    if (url.endsWith('/deploy/rest/getByDeviceId')) return Promise.resolve([PROJECT]);
    if (url.endsWith('/classify/rest/findAll')) return Promise.resolve(params?.deployType === 2 ? ADDRESSES : []);
    if (url.endsWith('/deploy/rest/delete')) return Promise.resolve(null);
    return Promise.reject(new Error(`unexpected ${url}`));
  });
  api.post.mockResolvedValue(null);
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('DeployTab', { timeout: 30_000 }, () => {
  it('shows the device’s group of each type and joins an address', async () => {
    renderWithProviders(<DeployTab device={DEVICE} />);
    expect(await screen.findByText('示范项目')).toBeTruthy();
    expect(api.get).toHaveBeenCalledWith('/manager/system/device/deploy/rest/getByDeviceId', { deviceId: 7 });
    const address = row('地址');
    const join = button(address, '加入分组');
    expect(join.disabled).toBe(true);
    await waitFor(() =>
      expect(api.get).toHaveBeenCalledWith('/manager/system/device/deploy/classify/rest/findAll', { deployType: 2 }),
    );
    const select = address.querySelector<HTMLElement>('.ant-select');
    if (!select) throw new Error('no select');
    fireEvent.mouseDown(select.querySelector('input') ?? select);
    fireEvent.click(await screen.findByText('南山区', { selector: '.ant-select-item-option-content' }));
    fireEvent.click(button(row('地址'), '加入分组'));
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith('/manager/system/device/deploy/rest/add', { deviceId: 7, deployId: 11 }),
    );
  });

  it('leaves a group after confirmation', async () => {
    renderWithProviders(<DeployTab device={DEVICE} />);
    await screen.findByText('示范项目');
    fireEvent.click(button(row('项目'), '移出分组'));
    const popover = (await screen.findByText('确认将设备移出该分组吗？')).closest<HTMLElement>('.ant-popover');
    if (!popover) throw new Error('no confirmation');
    fireEvent.click(button(popover, '确定'));
    await waitFor(() => expect(api.get).toHaveBeenCalledWith('/manager/system/device/deploy/rest/delete', { id: 5 }));
  });

  it('names groups in English and stays read-only without the write permission', async () => {
    await i18n.changeLanguage('en-US');
    renderWithProviders(<DeployTab device={DEVICE} />, READER);
    expect(await screen.findByText('Demo project')).toBeTruthy();
    expect(within(row('Address')).queryByText('Join group')).toBeNull();
    expect(screen.queryByText('Leave group')).toBeNull();
  });
});
