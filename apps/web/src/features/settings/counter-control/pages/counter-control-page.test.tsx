// @vitest-environment jsdom
import type { CommandExchange, Page, StationCommand } from '@envmon/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Permissions } from '../../../../components/can';
import * as apiModule from '../../../../lib/api';
import { formatDateTime } from '../../../../lib/dayjs';
import { i18n } from '../../../../lib/i18n';
import { button, installAntdShims, renderWithProviders } from '../../../../test/render';
import { choose, dialog, field, fieldError, rowOf } from '../../../../test/antd-queries';
import CounterControlPage from './counter-control-page';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
vi.mock('../../../../lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof apiModule>()),
  api,
}));

const BASE = '/manager/settings/countercontrol/rest';
const LIST_URL = `${BASE}/get`;
const DEVICES_URL = '/manager/system/device/rest/getAll';
const GUARDED_URL = '/manager/settings/dynamicCode/rest/guarded';
const READER: Permissions = { isAdmin: false, codes: new Set(['settings.counter-control']) };
const WRITER: Permissions = {
  isAdmin: false,
  codes: new Set(['settings.counter-control', 'settings.counter-control:write']),
};
const SLOW = { timeout: 10_000 };
const T0 = Date.UTC(2026, 10, 1, 2);

const EXECUTED: StationCommand = {
  id: 1,
  deviceId: 7,
  deviceName: '莲花山水站',
  deviceCode: 'LHS001',
  cn: '1062',
  parameters: { RtdInterval: '60' },
  state: 'executed',
  reason: null,
  qn: '20261101100000000',
  qnRtn: 1,
  exeRtn: 1,
  attempts: 1,
  createdBy: 'admin',
  createTime: T0,
  notBefore: T0,
  expireTime: T0 + 600_000,
  sendTime: T0 + 1_000,
  finishTime: T0 + 3_000,
  resentFrom: null,
};
const QUEUED: StationCommand = {
  ...EXECUTED,
  id: 2,
  cn: '1072',
  parameters: { NewPW: '******' },
  state: 'queued',
  qn: null,
  qnRtn: null,
  exeRtn: null,
  attempts: 0,
  sendTime: null,
  finishTime: null,
};
const EXPIRED: StationCommand = {
  ...QUEUED,
  id: 3,
  cn: '3020',
  parameters: { InfoId: 'i13004', BeginTime: String(T0) },
  state: 'expired',
  reason: 'deviceNotConnected',
  finishTime: T0 + 600_000,
};
const EXCHANGE: CommandExchange = {
  command: EXECUTED,
  packets: [
    {
      direction: 'sent',
      at: T0 + 1_000,
      raw: '##0090QN=20261101100000000;ST=91;CN=1062;PW=******;CP=&&RtdInterval=60&&',
    },
    { direction: 'received', at: T0 + 2_000, raw: '##0060QN=20261101100000000;ST=91;CN=9011;CP=&&QnRtn=1&&' },
  ],
  droppedPackets: 0,
  uploads: [{ cn: '3020', at: T0 + 2_500, dataTime: null, fields: [{ item: 'w01018', key: 'i13004', value: '165' }] }],
};
const page = (list: StationCommand[]): Page<StationCommand> => ({ list, total: list.length, pageNum: 1, pageSize: 20 });

beforeAll(installAntdShims);

beforeEach(async () => {
  await i18n.changeLanguage('zh-CN');
  api.get.mockImplementation((url: string) => {
    if (url === LIST_URL) return Promise.resolve(page([EXECUTED, QUEUED, EXPIRED]));
    if (url === DEVICES_URL)
      return Promise.resolve({
        list: [{ id: 7, deviceName: '莲花山水站', deviceType: '21' }],
        total: 1,
        pageNum: 1,
        pageSize: 1000,
      });
    if (url === GUARDED_URL) return Promise.resolve({ cns: ['1072'] });
    if (url === `${BASE}/uploadList`) return Promise.resolve(EXCHANGE);
    if (url === `${BASE}/delete`) return Promise.resolve({ ...QUEUED, state: 'withdrawn' });
    return Promise.reject(new Error(`unexpected ${url}`));
  });
  api.post.mockImplementation(() => Promise.resolve(QUEUED));
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

async function openForm(): Promise<HTMLElement> {
  renderWithProviders(<CounterControlPage />, WRITER);
  await rowOf('1062 — 设置实时数据间隔');
  fireEvent.click(screen.getByTestId('counter-control-add'));
  const form = dialog();
  await choose(form, 'counter-control-form_deviceId', '莲花山水站');
  // The commands offered follow the chosen device's type.
  await waitFor(() => expect(form.querySelector('.ant-select-disabled')).toBeNull());
  return form;
}

describe('CounterControlPage', { timeout: 30_000 }, () => {
  it('lists the commands with labelled parameters, state and the station answer, newest first from the server', async () => {
    renderWithProviders(<CounterControlPage />, WRITER);
    const executed = await rowOf('1062 — 设置实时数据间隔');
    expect(within(executed).getByText('实时数据间隔（秒）: 60')).toBeTruthy();
    expect(within(executed).getByText('执行成功', { selector: '.ant-tag' }).className).toContain('ant-tag-success');
    expect(within(executed).getByText('QnRtn 1: 准备执行请求')).toBeTruthy();
    expect(within(executed).getByText('ExeRtn 1: 执行成功')).toBeTruthy();
    expect(within(executed).getByText(formatDateTime(T0 + 3_000))).toBeTruthy();
    // A password stays masked.
    expect(within(await rowOf('1072 — 设置现场机访问密码')).getByText('新密码: ******')).toBeTruthy();
    const expired = await rowOf('3020 — 提取现场机信息');
    expect(within(expired).getByText('信息编码: i13004 消解温度')).toBeTruthy();
    expect(within(expired).getByText(`开始时间: ${formatDateTime(T0)}`)).toBeTruthy();
    expect(within(expired).getByText(i18n.t('control.reason.deviceNotConnected'))).toBeTruthy();
    expect(api.get).toHaveBeenCalledWith(LIST_URL, { pageNum: 1, pageSize: 20 });
  });

  it('offers only a queued command for withdrawal, and withdraws it after confirmation', async () => {
    renderWithProviders(<CounterControlPage />, WRITER);
    await rowOf('1072 — 设置现场机访问密码');
    expect(screen.getByTestId<HTMLButtonElement>('counter-control-withdraw-1').disabled).toBe(true);
    expect(screen.getByTestId<HTMLButtonElement>('counter-control-resend-2').disabled).toBe(true);
    fireEvent.click(screen.getByTestId('counter-control-withdraw-2'));
    await screen.findAllByText('撤回指令', undefined, SLOW);
    const ok = document.querySelector<HTMLElement>('.ant-modal-confirm .ant-btn-dangerous');
    if (!ok) throw new Error('no confirmation');
    fireEvent.click(ok);
    await waitFor(() => expect(api.get).toHaveBeenCalledWith(`${BASE}/delete`, { id: 2 }));
  });

  it('generates the parameter fields of the chosen command and checks them with the shared rules', async () => {
    const form = await openForm();
    await choose(form, 'counter-control-form_cn', '1062 — 设置实时数据间隔');
    // The command's own fields appear once it is chosen.
    await waitFor(() => field(form, 'counter-control-form_parameters_RtdInterval'));
    fireEvent.click(button(document.body, '下发'));
    await waitFor(() => expect(fieldError(form, '实时数据间隔（秒）')).toBe('此项为必填项！'));
    expect(api.post).not.toHaveBeenCalled();
    fireEvent.change(field(form, 'counter-control-form_parameters_RtdInterval'), { target: { value: '60' } });
    fireEvent.click(button(document.body, '下发'));
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith(`${BASE}/update`, {
        deviceId: 7,
        cn: '1062',
        parameters: { RtdInterval: '60' },
        notBefore: null,
        waitMinutes: 10,
      }),
    );
  });

  it('asks a dynamic code for a guarded command, and for another when the server asks', async () => {
    const form = await openForm();
    // Typed: the long list of commands is virtual.
    fireEvent.change(field(form, 'counter-control-form_cn'), { target: { value: '1072' } });
    await choose(form, 'counter-control-form_cn', '1072 — 设置现场机访问密码');
    await waitFor(() => expect(screen.getByTestId('counter-control-code')).toBeTruthy());
    await choose(form, 'counter-control-form_cn', '1061 — 提取实时数据间隔');
    await waitFor(() => expect(screen.queryByTestId('counter-control-code')).toBeNull());
    api.post.mockRejectedValueOnce(new apiModule.ApiError('body', i18n.t('common.messages.dynamicCodeRequired')));
    fireEvent.click(button(document.body, '下发'));
    await waitFor(() => expect(screen.getByTestId('counter-control-code')).toBeTruthy());
    fireEvent.change(screen.getByTestId('counter-control-code'), { target: { value: '123456' } });
    fireEvent.click(button(document.body, '下发'));
    await waitFor(() =>
      expect(api.post).toHaveBeenLastCalledWith(
        `${BASE}/update`,
        expect.objectContaining({ cn: '1061', code: '123456' }),
      ),
    );
  });

  it('shows a command’s packets and its parsed uploads in a drawer, to readers too', async () => {
    renderWithProviders(<CounterControlPage />, READER);
    await rowOf('1062 — 设置实时数据间隔');
    expect(screen.queryByTestId('counter-control-add')).toBeNull();
    expect(screen.queryByTestId('counter-control-withdraw-2')).toBeNull();
    expect(screen.queryByTestId('counter-control-resend-1')).toBeNull();
    fireEvent.click(screen.getByTestId('counter-control-exchange-1'));
    const drawer = await screen.findByTestId('counter-control-exchange', undefined, SLOW);
    await waitFor(() => expect(within(drawer).getByText(EXCHANGE.packets[1]?.raw ?? '')).toBeTruthy());
    expect(within(drawer).getByText(EXCHANGE.packets[0]?.raw ?? '')).toBeTruthy();
    const uploads = within(drawer).getByTestId('counter-control-uploads');
    expect(within(uploads).getByText('i13004 消解温度')).toBeTruthy();
    expect(within(uploads).getByText('165')).toBeTruthy();
    expect(api.get).toHaveBeenCalledWith(`${BASE}/uploadList`, { id: 1 });
  });

  it('says when there is no command, in English too', async () => {
    await i18n.changeLanguage('en-US');
    api.get.mockResolvedValue(page([]));
    renderWithProviders(<CounterControlPage />, WRITER);
    expect(await screen.findByText('No commands yet', undefined, SLOW)).toBeTruthy();
    expect(screen.queryByTestId('counter-control-table')).toBeNull();
  });

  it('keeps a load failure in view with a retry', async () => {
    api.get.mockRejectedValue(new Error('服务器错误'));
    renderWithProviders(<CounterControlPage />, WRITER);
    expect(await screen.findByText('加载失败', undefined, SLOW)).toBeTruthy();
    api.get.mockResolvedValue(page([EXECUTED]));
    fireEvent.click(button(document.body, '重试'));
    expect(await screen.findByText('1062 — 设置实时数据间隔', undefined, SLOW)).toBeTruthy();
  });
});
