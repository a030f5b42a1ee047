// @vitest-environment jsdom
import type { DeviceParameter } from '@envmon/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as apiModule from '../../../../lib/api';
import { ApiError } from '../../../../lib/api';
import { i18n } from '../../../../lib/i18n';
import { button, installAntdShims, renderWithProviders } from '../../../../test/render';
import DeviceParametersPage from './device-parameters-page';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
vi.mock('../../../../lib/api', async (importOriginal) => ({ ...(await importOriginal<typeof apiModule>()), api }));

const BASE = '/manager/settings/deviceParameters/rest';
const SLOW = { timeout: 30_000 };
const READER = { isAdmin: false, codes: new Set(['settings.device-parameters']) };

const parameter = (over: Partial<DeviceParameter>): DeviceParameter => ({
  id: 1,
  deviceId: 7,
  name: 'RtdInterval',
  polId: '',
  reportedValue: '30',
  reportedTime: 1_764_000_000_000,
  wantedValue: null,
  wantedTime: null,
  commandId: 11,
  commandState: 'executed',
  settable: true,
  ...over,
});

const PARAMETERS: DeviceParameter[] = [
  parameter({ id: 1 }),
  parameter({
    id: 2,
    name: 'MinInterval',
    reportedValue: '1',
    wantedValue: '5',
    wantedTime: 1_764_000_100_000,
    commandState: 'queued',
  }),
  parameter({ id: 3, name: 'SN', polId: 'w01018', reportedValue: 'ABC123', settable: false }),
  parameter({ id: 4, name: 'i13004', polId: 'w01018', reportedValue: '165' }),
];

function mockReads(parameters: DeviceParameter[] = PARAMETERS) {
  api.get.mockImplementation((url: string) => {
    switch (url) {
      case `${BASE}/get`:
        return Promise.resolve(parameters);
      case '/manager/system/device/rest/getAll':
        return Promise.resolve({
          list: [{ id: 7, deviceName: '莲花山水站', deviceType: '21' }],
          total: 1,
          pageNum: 1,
          pageSize: 1000,
        });
      case '/manager/settings/factor/rest/getAll':
        return Promise.resolve([
          { factorCode: 'w01018', factorName: '化学需氧量', factorNameEn: 'COD', kind: 'water' },
        ]);
      case '/manager/settings/dynamicCode/rest/guarded':
        return Promise.resolve({ cns: ['3021'] });
      default:
        return Promise.resolve([]);
    }
  });
}

function renderAt(path: string, permissions?: typeof READER) {
  return renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <DeviceParametersPage />
    </MemoryRouter>,
    permissions,
  );
}

const parameterCalls = () => api.get.mock.calls.filter(([url]) => url === `${BASE}/get`);

beforeAll(installAntdShims);
beforeEach(async () => {
  await i18n.changeLanguage('zh-CN');
  mockReads();
});
afterEach(() => {
  cleanup();
  api.get.mockReset();
  api.post.mockReset();
});

describe('DeviceParametersPage', () => {
  it('asks for a device before reading any parameter', SLOW, async () => {
    renderAt('/settings/device-parameters');
    expect(await screen.findByText('请选择设备以查看其参数。')).toBeTruthy();
    expect(parameterCalls()).toHaveLength(0);
  });

  it(
    "lists the chosen device's parameters: labelled, factors named, a wanted value not yet reported marked",
    SLOW,
    async () => {
      renderAt('/settings/device-parameters?deviceId=7');
      const rtd = (await screen.findByText('实时数据间隔（秒）')).closest('tr') as HTMLElement;
      expect(within(rtd).getByText('RtdInterval')).toBeTruthy();
      expect(within(rtd).getByText('执行成功')).toBeTruthy();
      const minute = screen.getByText('分钟数据间隔（分钟）').closest('tr') as HTMLElement;
      expect(within(minute).getByTestId('device-parameters-differs')).toBeTruthy();
      expect(within(minute).getByText('排队中')).toBeTruthy();
      expect(within(rtd).queryByTestId('device-parameters-differs')).toBeNull();
      const sn = screen.getByText('ABC123').closest('tr') as HTMLElement;
      expect(within(sn).getByText('化学需氧量 (w01018)')).toBeTruthy();
      // Only what the platform can set has 'set'.
      expect(within(sn).queryByText('设置')).toBeNull();
      expect(parameterCalls()[0]?.[1]).toEqual({ deviceId: 7 });
    },
  );

  it("says how many reads 'read all' queued", SLOW, async () => {
    api.post.mockResolvedValue([
      { id: 21, expireTime: Date.now() + 600_000 },
      { id: 22, expireTime: Date.now() + 600_000 },
    ]);
    renderAt('/settings/device-parameters?deviceId=7');
    await screen.findByText('实时数据间隔（秒）');
    fireEvent.click(button(document.body, '从站点读取全部'));
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith(`${BASE}/readAll`, { deviceId: 7, waitMinutes: 10 }, { silent: true }),
    );
    expect(await screen.findByText('已排队 2 条读取命令，站点应答后取值将陆续显示。')).toBeTruthy();
    expect(await screen.findByText('正在等待站点应答…')).toBeTruthy();
  });

  it(
    'asks a dynamic code for a guarded setting command, and again when the server refuses the code',
    SLOW,
    async () => {
      api.post.mockRejectedValue(new ApiError('body', '动态码错误！'));
      renderAt('/settings/device-parameters?deviceId=7');
      const info = (await screen.findByText('消解温度')).closest('tr') as HTMLElement;
      fireEvent.click(within(info).getByText('设置'));
      const dialog = await screen.findByTestId('device-parameters-set');
      expect(within(dialog).getByDisplayValue('165')).toBeTruthy();
      fireEvent.change(within(dialog).getByTestId('counter-control-code'), { target: { value: '123456' } });
      fireEvent.click(button(document.body, '下发到站点'));
      await waitFor(() =>
        expect(api.post).toHaveBeenCalledWith(
          `${BASE}/update`,
          { deviceId: 7, name: 'i13004', polId: 'w01018', value: '165', code: '123456', waitMinutes: 10 },
          { silent: true, quiet: true },
        ),
      );
      expect(await within(dialog).findByText('动态码错误！')).toBeTruthy();
    },
  );

  it('shows a reader the parameters and nothing to change them with', SLOW, async () => {
    renderAt('/settings/device-parameters?deviceId=7', READER);
    await screen.findByText('实时数据间隔（秒）');
    expect(screen.queryByText('从站点读取全部')).toBeNull();
    expect(screen.queryByText('设置')).toBeNull();
    expect(screen.queryByText('移除')).toBeNull();
  });

  it('suggests reading everything when nothing is stored, in English too', SLOW, async () => {
    mockReads([]);
    await i18n.changeLanguage('en-US');
    renderAt('/settings/device-parameters?deviceId=7');
    expect(
      await screen.findByText(
        'Nothing is stored for this device yet. Read everything from the station to fill the table.',
      ),
    ).toBeTruthy();
    expect(button(document.body, 'Read all from the station')).toBeTruthy();
  });
});
