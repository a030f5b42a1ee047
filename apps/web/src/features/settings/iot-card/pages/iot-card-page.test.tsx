// @vitest-environment jsdom
import type { IotCard, Page } from '@envmon/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Permissions } from '../../../../components/can';
import type * as apiModule from '../../../../lib/api';
import { dayjs } from '../../../../lib/dayjs';
import { i18n } from '../../../../lib/i18n';
import { button, installAntdShims, renderWithProviders } from '../../../../test/render';
import IotCardPage from './iot-card-page';
import { choose, dialog, field, fieldError, rowOf } from '../../../../test/antd-queries';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
vi.mock('../../../../lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof apiModule>()),
  api,
}));

const LIST_URL = '/manager/settings/iotCard/rest/get';
const DEVICES_URL = '/manager/system/device/rest/getAll';
const READER: Permissions = { isAdmin: false, codes: new Set(['settings.iot-card']) };
const WRITER: Permissions = { isAdmin: false, codes: new Set(['settings.iot-card', 'settings.iot-card:write']) };
const SLOW = { timeout: 10_000 };
const today = dayjs().startOf('day');

const MAIN: IotCard = {
  id: 1,
  cardNo: '89860012345678901234',
  msisdn: '1440123456789',
  operator: 'cmcc',
  deviceId: 7,
  deviceName: '莲花山水站',
  deviceCode: 'LHS001',
  plan: '10G',
  dataLimitMb: 10240,
  activateDate: today.subtract(300, 'day').valueOf(),
  expireDate: today.add(10, 'day').endOf('day').valueOf(),
  remark: '主卡',
  createTime: 0,
  updateTime: 0,
};
const OLD: IotCard = {
  ...MAIN,
  id: 2,
  cardNo: '8986009999999999999',
  msisdn: null,
  operator: 'ctcc',
  deviceId: null,
  deviceName: null,
  deviceCode: null,
  plan: null,
  dataLimitMb: null,
  activateDate: null,
  expireDate: today.subtract(3, 'day').endOf('day').valueOf(),
  remark: null,
};
const SPARE: IotCard = { ...OLD, id: 3, cardNo: '89860ABCDEF123456789', operator: 'cucc', expireDate: null };
const page = (list: IotCard[], total = list.length): Page<IotCard> => ({ list, total, pageNum: 1, pageSize: 20 });

beforeAll(installAntdShims);

beforeEach(async () => {
  await i18n.changeLanguage('zh-CN');
  api.get.mockImplementation((url: string, params: Record<string, unknown> = {}) => {
    if (url === LIST_URL && params.expiry === 'soon') return Promise.resolve(page([MAIN]));
    if (url === LIST_URL && params.expiry === 'expired') return Promise.resolve(page([OLD]));
    if (url === LIST_URL) return Promise.resolve(page([OLD, MAIN, SPARE]));
    if (url === DEVICES_URL)
      return Promise.resolve({ list: [{ id: 7, deviceName: '莲花山水站' }], total: 1, pageNum: 1, pageSize: 1000 });
    if (url.endsWith('/iotCard/rest/delete')) return Promise.resolve(null);
    return Promise.reject(new Error(`unexpected ${url}`));
  });
  api.post.mockImplementation((_url: string, body: IotCard) => Promise.resolve({ ...MAIN, ...body }));
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('IotCardPage', { timeout: 30_000 }, () => {
  it('lists the cards with operator, device, dates and days left, and sums up the expiring ones', async () => {
    renderWithProviders(<IotCardPage />, WRITER);
    const main = await rowOf('89860012345678901234');
    expect([...main.querySelectorAll('td')].slice(0, 10).map((td) => td.textContent)).toEqual([
      '89860012345678901234',
      '1440123456789',
      '中国移动',
      '莲花山水站LHS001',
      '10G',
      '10240',
      today.subtract(300, 'day').format('YYYY-MM-DD'),
      today.add(10, 'day').format('YYYY-MM-DD'),
      '剩余 10 天',
      '主卡',
    ]);
    expect(within(main).getByText('剩余 10 天').className).toContain('ant-tag-warning');
    const old = await rowOf('8986009999999999999');
    expect(within(old).getByText('已过期 3 天').className).toContain('ant-tag-error');
    expect(within(old).getByText('未安装')).toBeTruthy();
    const spare = await rowOf('89860ABCDEF123456789');
    expect(within(spare).getByText('中国联通')).toBeTruthy();
    expect(spare.querySelector('.ant-tag')).toBeNull();
    expect(await screen.findByText('1 张卡将在 30 天内到期，1 张已过期', undefined, SLOW)).toBeTruthy();
    expect(api.get).toHaveBeenCalledWith(LIST_URL, { pageNum: 1, pageSize: 20 });
  });

  it('filters by card number, device, operator and expiry from page 1', async () => {
    renderWithProviders(<IotCardPage />, WRITER);
    await rowOf('89860012345678901234');
    const filters = screen.getByRole('search');
    fireEvent.change(field(filters, 'iot-card-filter_cardNo'), { target: { value: ' 8986 ' } });
    await choose(filters, 'iot-card-filter_deviceId', '莲花山水站');
    await choose(filters, 'iot-card-filter_operator', '中国电信');
    await choose(filters, 'iot-card-filter_expiry', '30天内到期');
    fireEvent.click(button(filters, '查询'));
    await waitFor(() =>
      expect(api.get).toHaveBeenCalledWith(LIST_URL, {
        cardNo: '8986',
        deviceId: 7,
        operator: 'ctcc',
        expiry: 'soon',
        pageNum: 1,
        pageSize: 20,
      }),
    );
  });

  it('tells what is wrong before adding, with the shared schema’s messages', async () => {
    renderWithProviders(<IotCardPage />, WRITER);
    await rowOf('89860012345678901234');
    fireEvent.click(screen.getByTestId('iot-card-add'));
    const form = dialog();
    fireEvent.click(button(form, '保存'));
    await waitFor(() => expect(fieldError(form, '物联网卡号')).toBe(i18n.t('validation.required')));
    expect(fieldError(form, '运营商')).toBe(i18n.t('validation.required'));
    fireEvent.change(field(form, 'cardNo'), { target: { value: '8986abc' } });
    fireEvent.change(field(form, 'msisdn'), { target: { value: '12345' } });
    fireEvent.click(button(form, '保存'));
    await waitFor(() => expect(fieldError(form, '物联网卡号')).toBe(i18n.t('validation.pattern')));
    expect(fieldError(form, '卡号码')).toBe(i18n.t('validation.pattern'));
    expect(api.post).not.toHaveBeenCalled();
  });

  it('adds a card in a device, with blanks as null', async () => {
    renderWithProviders(<IotCardPage />, WRITER);
    await rowOf('89860012345678901234');
    fireEvent.click(screen.getByTestId('iot-card-add'));
    const form = dialog();
    fireEvent.change(field(form, 'cardNo'), { target: { value: '89861111111111111111' } });
    await choose(form, 'operator', '中国联通');
    await choose(form, 'deviceId', '莲花山水站');
    fireEvent.change(field(form, 'dataLimitMb'), { target: { value: '2048' } });
    fireEvent.click(button(form, '保存'));
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith('/manager/settings/iotCard/rest/add', {
        cardNo: '89861111111111111111',
        msisdn: null,
        operator: 'cucc',
        deviceId: 7,
        plan: null,
        dataLimitMb: 2048,
        activateDate: null,
        expireDate: null,
        remark: null,
      }),
    );
    await waitFor(() => expect(document.querySelector('.ant-modal')).toBeNull());
  });

  it('edits a card by its id, keeping its dates (the expiry through the end of its day)', async () => {
    renderWithProviders(<IotCardPage />, WRITER);
    fireEvent.click(button(await rowOf('89860012345678901234'), '编辑'));
    const form = dialog();
    fireEvent.change(field(form, 'plan'), { target: { value: '20G' } });
    fireEvent.click(button(form, '保存'));
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith('/manager/settings/iotCard/rest/update', {
        id: 1,
        cardNo: '89860012345678901234',
        msisdn: '1440123456789',
        operator: 'cmcc',
        deviceId: 7,
        plan: '20G',
        dataLimitMb: 10240,
        activateDate: MAIN.activateDate,
        expireDate: MAIN.expireDate,
        remark: '主卡',
      }),
    );
  });

  it('refuses an expiry before the activation', async () => {
    renderWithProviders(<IotCardPage />, WRITER);
    fireEvent.click(button(await rowOf('89860012345678901234'), '编辑'));
    const form = dialog();
    // Typed into the picker: two days after the expiry date.
    const activate = dayjs(MAIN.expireDate).add(2, 'day');
    fireEvent.change(field(form, 'activateDate'), { target: { value: activate.format('YYYY-MM-DD') } });
    fireEvent.keyDown(field(form, 'activateDate'), { key: 'Enter', code: 'Enter', keyCode: 13 });
    fireEvent.click(button(form, '保存'));
    await waitFor(() => expect(fieldError(form, '到期日期')).toBe('不能早于开始日期！'));
    expect(api.post).not.toHaveBeenCalled();
  });

  it('deletes by id after confirmation', async () => {
    renderWithProviders(<IotCardPage />, WRITER);
    await rowOf('89860012345678901234');
    fireEvent.click(screen.getByTestId('iot-card-delete-2'));
    const confirm = (await screen.findByText(i18n.t('common.messages.deleteConfirm'))).closest<HTMLElement>(
      '.ant-modal',
    );
    const ok = confirm?.querySelector<HTMLElement>('.ant-btn-dangerous');
    if (!ok) throw new Error('no confirmation');
    fireEvent.click(ok);
    await waitFor(() => expect(api.get).toHaveBeenCalledWith('/manager/settings/iotCard/rest/delete', { id: 2 }));
  });

  it('offers no writes without the write permission', async () => {
    renderWithProviders(<IotCardPage />, READER);
    await rowOf('89860012345678901234');
    expect(screen.queryByTestId('iot-card-add')).toBeNull();
    expect(screen.queryByText('编辑')).toBeNull();
    expect(screen.queryByText('删除')).toBeNull();
  });

  it('says when there is no card, in English too', async () => {
    await i18n.changeLanguage('en-US');
    api.get.mockResolvedValue(page([]));
    renderWithProviders(<IotCardPage />, WRITER);
    expect(await screen.findByText('No IoT cards', undefined, SLOW)).toBeTruthy();
    expect(screen.queryByTestId('iot-card-table')).toBeNull();
    expect(screen.getByText('Cards expiring within 30 days: 0; expired: 0')).toBeTruthy();
  });

  it('keeps a load failure in view with a retry', async () => {
    api.get.mockRejectedValue(new Error('服务器错误'));
    renderWithProviders(<IotCardPage />, WRITER);
    expect(await screen.findByText('加载失败', undefined, SLOW)).toBeTruthy();
    expect(screen.getByText('服务器错误')).toBeTruthy();
    api.get.mockResolvedValue(page([MAIN]));
    fireEvent.click(button(document.body, '重试'));
    expect(await screen.findByText('89860012345678901234', undefined, SLOW)).toBeTruthy();
  });
});
