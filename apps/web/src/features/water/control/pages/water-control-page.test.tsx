// @vitest-environment jsdom
import type { CommandExchange, Device, Page, StationCommand } from '@envmon/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Permissions } from '../../../../components/can';
import * as apiModule from '../../../../lib/api';
import { i18n } from '../../../../lib/i18n';
import { choose, dialog } from '../../../../test/antd-queries';
import { button, installAntdShims, renderWithProviders } from '../../../../test/render';
import WaterControlPage from './water-control-page';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
vi.mock('../../../../lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof apiModule>()),
  api,
}));

const DEVICES_URL = '/manager/system/device/rest/getAll';
const FACTORS_URL = '/manager/settings/factor/device/rest/getFactorListByDeviceCodes';
const COMMANDS_URL = '/manager/settings/countercontrol/rest/get';
const UPDATE_URL = '/manager/settings/countercontrol/rest/update';
const EXCHANGE_URL = '/manager/settings/countercontrol/rest/uploadList';
const GUARDED_URL = '/manager/settings/dynamicCode/rest/guarded';
const WATCHER: Permissions = { isAdmin: false, codes: new Set(['water.control']) };
const WRITER: Permissions = { isAdmin: false, codes: new Set(['water.control', 'water.control:write']) };
const SLOW = { timeout: 10_000 };
const T0 = Date.UTC(2026, 10, 1, 2);

const device = (id: number, deviceName: string, deviceCode: string, deviceType: string) =>
  ({ id, deviceName, deviceCode, deviceType }) as Device;
const SURFACE = device(7, '莲花山水站', 'LHS001', '21');
const OUTFALL = device(8, '排口站', 'PK001', '32');
const AIR = device(9, '空气站', 'AIR001', '22');

const page = <T,>(list: T[]): Page<T> => ({ list, total: list.length, pageNum: 1, pageSize: 20 });

const command = (over: Partial<StationCommand>): StationCommand => ({
  id: 1,
  deviceId: 7,
  deviceName: '莲花山水站',
  deviceCode: 'LHS001',
  cn: '3012',
  parameters: {},
  state: 'queued',
  reason: null,
  qn: null,
  qnRtn: null,
  exeRtn: null,
  attempts: 0,
  createdBy: 'admin',
  createTime: T0,
  notBefore: T0,
  expireTime: T0 + 600_000,
  sendTime: null,
  finishTime: null,
  resentFrom: null,
  ...over,
});
const SAMPLED = command({ id: 5, state: 'executed', qnRtn: 1, exeRtn: 1, finishTime: T0 + 3_000 });
const SAMPLE_EXCHANGE: CommandExchange = {
  command: SAMPLED,
  packets: [],
  droppedPackets: 0,
  uploads: [{ cn: '3015', at: T0 + 2_000, dataTime: T0 + 2_000, fields: [{ item: null, key: 'VaseNo', value: '3' }] }],
};
const LOG_READ = command({
  id: 6,
  cn: '3020',
  parameters: { InfoId: 'i11001', BeginTime: String(T0 - 86_400_000) },
  state: 'executed',
  qnRtn: 1,
  exeRtn: 1,
  finishTime: T0 + 5_000,
});
const LOG_EXCHANGE: CommandExchange = {
  command: LOG_READ,
  packets: [],
  droppedPackets: 0,
  uploads: [
    {
      cn: '3020',
      at: T0,
      dataTime: T0 - 60_000,
      fields: [{ item: 'w01018', key: 'i11001', value: 'self-check passed' }],
    },
    {
      cn: '3020',
      at: T0,
      dataTime: T0 + 2_000,
      fields: [{ item: null, key: 'i11001', value: 'immediate sampling: sample kept in bottle 3' }],
    },
  ],
};

interface Server {
  devices?: Device[];
  guarded?: string[];
  latest?: Partial<Record<string, StationCommand>>;
  logReads?: StationCommand[];
}

/** The server's answers by URL (and, for the command list, by CN). */
function serve({ devices = [SURFACE, OUTFALL, AIR], guarded = [], latest = {}, logReads = [] }: Server = {}) {
  api.get.mockImplementation((url: string, query?: { cn?: string; id?: number }) => {
    switch (url) {
      case DEVICES_URL:
        return Promise.resolve(page(devices));
      case FACTORS_URL:
        return Promise.resolve([
          { factorCode: 'w01018', factorName: '化学需氧量', factorNameEn: 'COD' },
          { factorCode: 'w01001', factorName: 'pH值', factorNameEn: 'pH' },
        ]);
      case GUARDED_URL:
        return Promise.resolve({ cns: guarded });
      case COMMANDS_URL: {
        if (query?.cn === '3020') return Promise.resolve(page(logReads));
        const found = latest[query?.cn ?? ''];
        return Promise.resolve(page(found ? [found] : []));
      }
      case EXCHANGE_URL:
        return Promise.resolve(query?.id === LOG_READ.id ? LOG_EXCHANGE : SAMPLE_EXCHANGE);
      default:
        return Promise.reject(new Error(`unexpected GET ${url}`));
    }
  });
}

async function pickStation(label: string) {
  await screen.findByText('请选择要控制的水站。', undefined, SLOW);
  await choose(document.body, 'water-control-station', label);
  return screen.findByTestId('water-control-panel', undefined, SLOW);
}

const sendButton = (cn: string) => screen.getByTestId<HTMLButtonElement>(`water-control-send-${cn}`);
const codeDialog = () => within(dialog());

describe('water station control', () => {
  beforeAll(() => installAntdShims());
  beforeEach(async () => {
    await i18n.changeLanguage('zh-CN');
    api.get.mockReset();
    api.post.mockReset();
  });
  afterEach(cleanup);

  it('says when the scope holds no water station', async () => {
    serve({ devices: [AIR] });
    renderWithProviders(<WaterControlPage />, WRITER);
    expect(await screen.findByText('您的权限范围内没有水站。', undefined, SLOW)).toBeTruthy();
  });

  it('offers a surface-water station the variant’s actions, another water station only the 2017 ones', async () => {
    serve();
    renderWithProviders(<WaterControlPage />, WRITER);
    await pickStation('莲花山水站 (LHS001)');
    expect(sendButton('3045').textContent).toBe('紧急停止');
    expect(sendButton('3012').disabled).toBe(false);
    await choose(document.body, 'water-control-station', '排口站 (PK001)');
    await waitFor(() => expect(screen.queryByTestId('water-control-send-3045')).toBeNull());
    expect(sendButton('3011').textContent).toBe('零点/量程校准');
    expect(screen.queryByText('空气站 (AIR001)')).toBeNull();
  });

  it('shows each action’s latest command with the station’s answer, and the log lines newest first', async () => {
    serve({ latest: { '3012': SAMPLED }, logReads: [LOG_READ] });
    renderWithProviders(<WaterControlPage />, WATCHER);
    await pickStation('莲花山水站 (LHS001)');
    const sample = screen.getByTestId('water-control-action-3012');
    expect((await within(sample).findByTestId('water-control-facts', undefined, SLOW)).textContent).toBe('留样瓶号：3');
    expect(within(sample).getByTestId('water-control-state').textContent).toContain('执行成功');
    expect(screen.getByTestId('water-control-action-3013').textContent).toContain('尚未下发。');
    const lines = await screen.findAllByRole('row');
    const texts = lines.map((row) => row.textContent ?? '');
    const sampling = texts.findIndex((text) => text.includes('immediate sampling'));
    const selfCheck = texts.findIndex((text) => text.includes('self-check passed'));
    expect(sampling).toBeGreaterThan(0);
    expect(selfCheck).toBeGreaterThan(sampling);
    expect(texts[selfCheck]).toContain('化学需氧量 (w01018)');
    expect(texts[sampling]).toContain('站点');
  });

  it('lets a watcher read but not send: every button disabled, the reason said', async () => {
    serve({ logReads: [LOG_READ] });
    renderWithProviders(<WaterControlPage />, WATCHER);
    expect((await screen.findByTestId('water-control-read-only', undefined, SLOW)).textContent).toContain(
      '不能下发指令',
    );
    await pickStation('莲花山水站 (LHS001)');
    expect(sendButton('3012').disabled).toBe(true);
    expect(sendButton('3045').disabled).toBe(true);
    expect(screen.getByTestId<HTMLButtonElement>('water-control-read-logs').disabled).toBe(true);
    // Those who may not send do not ask which commands need a code.
    expect(api.get.mock.calls.map((call) => call[0] as string)).not.toContain(GUARDED_URL);
  });

  it('queues a command, and reads the logs of the last day', async () => {
    serve();
    api.post.mockImplementation((_url: string, body: { cn: string }) =>
      Promise.resolve(command({ id: 9, cn: body.cn, parameters: {} })),
    );
    renderWithProviders(<WaterControlPage />, WRITER);
    await pickStation('莲花山水站 (LHS001)');
    fireEvent.click(sendButton('3012'));
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith(
        UPDATE_URL,
        { deviceId: 7, cn: '3012', parameters: {}, code: undefined, waitMinutes: 10 },
        { silent: true, quiet: true },
      ),
    );
    const before = Date.now();
    fireEvent.click(screen.getByTestId('water-control-read-logs'));
    await waitFor(() => expect(api.post).toHaveBeenCalledTimes(2));
    const body = api.post.mock.calls[1]?.[1] as { cn: string; parameters: { InfoId: string; BeginTime: string } };
    expect(body.cn).toBe('3020');
    expect(body.parameters.InfoId).toBe('i11001');
    expect(before - 86_400_000 - Number(body.parameters.BeginTime)).toBeLessThanOrEqual(0);
  });

  it('asks for a dynamic code before a guarded command, on the chosen factor', async () => {
    serve({ guarded: ['3011'] });
    api.post.mockResolvedValue(command({ id: 9, cn: '3011', parameters: { PolId: 'w01018' } }));
    renderWithProviders(<WaterControlPage />, WRITER);
    await pickStation('莲花山水站 (LHS001)');
    fireEvent.click(sendButton('3011'));
    await waitFor(() =>
      expect(codeDialog().getByText('“零点/量程校准”需要输入身份验证器应用显示的动态码。')).toBeTruthy(),
    );
    expect(api.post).not.toHaveBeenCalled();
    fireEvent.change(codeDialog().getByLabelText('动态码'), { target: { value: '12 34 56' } });
    fireEvent.click(button(dialog(), '下发'));
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith(
        UPDATE_URL,
        { deviceId: 7, cn: '3011', parameters: { PolId: 'w01018' }, code: '123456', waitMinutes: 10 },
        { silent: true, quiet: true },
      ),
    );
  });

  it('asks for a code when the server wants one, sends again with it, and says when it is wrong', async () => {
    serve({ guarded: [] });
    const refusal = (desc: string) => new apiModule.ApiError('body', desc, 200, -1, '000001');
    api.post
      .mockRejectedValueOnce(refusal('该操作需要动态码！'))
      .mockRejectedValueOnce(refusal('动态码错误！'))
      .mockResolvedValue(command({ id: 9, cn: '3013' }));
    renderWithProviders(<WaterControlPage />, WRITER);
    await pickStation('莲花山水站 (LHS001)');
    fireEvent.click(sendButton('3013'));
    await waitFor(() => expect(codeDialog().getByLabelText('动态码')).toBeTruthy());
    expect(api.post.mock.calls[0]?.[1]).toMatchObject({ cn: '3013', code: undefined });

    fireEvent.change(codeDialog().getByLabelText('动态码'), { target: { value: '111111' } });
    fireEvent.click(button(dialog(), '下发'));
    await waitFor(() => expect(dialog().textContent).toContain('动态码错误！'));

    fireEvent.change(codeDialog().getByLabelText('动态码'), { target: { value: '222222' } });
    fireEvent.click(button(dialog(), '下发'));
    await waitFor(() => expect(api.post).toHaveBeenCalledTimes(3));
    expect(api.post.mock.calls[2]?.[1]).toMatchObject({ cn: '3013', code: '222222' });
  });

  it('keeps another refusal beside its action', async () => {
    serve();
    api.post.mockRejectedValue(
      new apiModule.ApiError('body', '该设备待发送的指令过多，请稍后再试！', 200, -1, '000001'),
    );
    renderWithProviders(<WaterControlPage />, WRITER);
    await pickStation('莲花山水站 (LHS001)');
    fireEvent.click(sendButton('3014'));
    const action = screen.getByTestId('water-control-action-3014');
    await waitFor(() => expect(action.textContent).toContain('该设备待发送的指令过多'));
    expect(document.querySelector('.ant-modal')).toBeNull();
  });
});
