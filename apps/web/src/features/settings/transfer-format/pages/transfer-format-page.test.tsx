// @vitest-environment jsdom
import type { Page, Upstream, UpstreamDevice } from '@envmon/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Permissions } from '../../../../components/can';
import type * as apiModule from '../../../../lib/api';
import { i18n } from '../../../../lib/i18n';
import { button, installAntdShims, renderWithProviders } from '../../../../test/render';
import { choose, dialog, rowOf } from '../../../../test/antd-queries';
import TransferFormatSettingsPage from './transfer-format-page';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
vi.mock('../../../../lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof apiModule>()),
  api,
}));

const BASE = '/manager/settings/transferformat/rest';
const WRITER: Permissions = {
  isAdmin: false,
  codes: new Set(['settings.transfer-format', 'settings.transfer-format:write']),
};
const READER: Permissions = { isAdmin: false, codes: new Set(['settings.transfer-format']) };
const FIND = { timeout: 10_000 };

const UPSTREAM: Upstream = {
  id: 3,
  name: '省平台',
  host: '10.0.0.8',
  port: 9100,
  protocol: '2005',
  st: '32',
  password: 'prov01',
  ackRequired: true,
  overTimeSeconds: 10,
  reCount: 3,
  enabled: true,
  deviceCount: 2,
  remark: null,
  updateTime: 0,
};

const status = {
  connected: true,
  queued: 0,
  sent: 12,
  acknowledged: 12,
  dropped: 0,
  lastErrorKind: null,
  lastError: null,
  lastErrorTime: null,
  lastSendTime: null,
  lastAckTime: null,
  lastDataTime: null,
};
const ACKED: UpstreamDevice = {
  id: 1,
  upstreamId: 3,
  deviceId: 7,
  deviceName: '莲花山水站',
  mn: 'LHS001',
  upstreamMn: 'PROV001',
  upstreamPassword: 'prov01',
  cns: ['2051', '2061'],
  factors: [],
  valueSource: 'audited',
  fromTime: null,
  enabled: true,
  status: { ...status, lastDataTime: Date.now() - 3 * 60_000 },
  updateTime: 0,
};
const FAILING: UpstreamDevice = {
  ...ACKED,
  id: 2,
  deviceId: 8,
  deviceName: '梅林水站',
  mn: 'ML001',
  upstreamMn: 'PROV002',
  status: {
    ...status,
    connected: false,
    queued: 40,
    lastErrorKind: 'paused',
    lastError: 'refused: QnRtn 3 (PW error)',
    lastErrorTime: 0,
  },
};

const page = <T,>(list: T[]): Page<T> => ({ list, total: list.length, pageNum: 1, pageSize: 20 });

beforeAll(installAntdShims);

beforeEach(async () => {
  await i18n.changeLanguage('zh-CN');
  api.get.mockImplementation((url: string) => {
    if (url === `${BASE}/get`) return Promise.resolve(page([UPSTREAM]));
    if (url === `${BASE}/getList`) return Promise.resolve(page([ACKED, FAILING]));
    if (url === '/manager/system/device/rest/getAll')
      return Promise.resolve(
        page([
          { id: 7, deviceName: '莲花山水站', deviceCode: 'LHS001', deviceType: '32' },
          { id: 9, deviceName: '大梅沙水站', deviceCode: 'DMS001', deviceType: '32' },
        ]),
      );
    if (url === '/manager/settings/factor/rest/getAll') return Promise.resolve([]);
    return Promise.reject(new Error(`unexpected ${url}`));
  });
  api.post.mockResolvedValue({ saved: 1 });
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

/** The drawer of the upstream's devices, opened from its row. */
async function openDevices(label: string): Promise<HTMLElement> {
  fireEvent.click(button(await rowOf('省平台'), label));
  const drawer = await screen.findByTestId('transfer-format-devices', undefined, FIND);
  await within(drawer).findByText('莲花山水站', undefined, FIND);
  return drawer;
}

describe('TransferFormatSettingsPage', { timeout: 30_000 }, () => {
  it('lists the upstreams by label: the standard’s name, the address, the resend rule, the devices', async () => {
    renderWithProviders(<TransferFormatSettingsPage />, WRITER);
    const row = await rowOf('省平台');
    expect(row.textContent).toContain('10.0.0.8:9100');
    expect(row.textContent).toContain('HJ/T 212-2005');
    expect(row.textContent).toContain('10 秒 × 3 次');
    expect(row.textContent).toContain('2 台');
  });

  it('shows each device’s forwarding state, and offers readers no writes', async () => {
    renderWithProviders(<TransferFormatSettingsPage />, READER);
    expect(screen.queryByTestId('transfer-format-add')).toBeNull();
    const drawer = await openDevices('转发设备');
    const acked = within(drawer).getByTestId('forward-state-7');
    expect(acked.dataset.state).toBe('acknowledged');
    expect(acked.textContent).toBe('已确认');
    expect((await rowOf('PROV001')).textContent).toContain('3 分钟');
    const failing = within(drawer).getByTestId('forward-state-8');
    expect(failing.dataset.state).toBe('failing');
    // Worded in the reader's language from the kind and the QnRtn, not the server's English.
    expect(within(failing).getByTestId('forward-error').textContent).toBe(
      '已暂停：连续 3 次失败，保存该设备的设置后恢复',
    );
    expect(failing.textContent).toContain('最近一次：上级平台拒收（QnRtn 3：密码错误）');
    expect(failing.textContent).not.toMatch(/refused|PW error/);
    expect(within(drawer).queryByTestId('transfer-format-devices-add')).toBeNull();
    expect(within(drawer).queryByText('编辑')).toBeNull();
  });

  it('adds devices with their own MN upstream and the upstream’s password to start with', async () => {
    renderWithProviders(<TransferFormatSettingsPage />, WRITER);
    const drawer = await openDevices('转发设备');
    fireEvent.click(within(drawer).getByTestId('transfer-format-devices-add'));
    const form = dialog();
    fireEvent.click(button(form, '保存'));
    await waitFor(() => expect(form.textContent).toContain(i18n.t('validation.required')));
    await choose(form, 'deviceIds', '大梅沙水站');
    const mn = await within(form).findByLabelText('上级 MN · 大梅沙水站', undefined, FIND);
    expect((mn as HTMLInputElement).value).toBe('DMS001');
    fireEvent.change(mn, { target: { value: 'PROV009' } });
    fireEvent.click(button(form, '保存'));
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith(`${BASE}/updates`, {
        upstreamId: 3,
        devices: [
          {
            deviceId: 9,
            upstreamMn: 'PROV009',
            upstreamPassword: 'prov01',
            cns: ['2011', '2051', '2061', '2031'],
            factors: [],
            valueSource: 'audited',
            fromTime: null,
            enabled: true,
          },
        ],
      }),
    );
  });

  it('speaks English, and says when there is no upstream', async () => {
    await i18n.changeLanguage('en-US');
    api.get.mockImplementation((url: string) =>
      url === `${BASE}/get` ? Promise.resolve(page([])) : Promise.reject(new Error(`unexpected ${url}`)),
    );
    renderWithProviders(<TransferFormatSettingsPage />, WRITER);
    expect(await screen.findByText('No upstream platforms', undefined, FIND)).toBeTruthy();
  });
});
