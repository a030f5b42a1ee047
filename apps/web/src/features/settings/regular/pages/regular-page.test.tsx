// @vitest-environment jsdom
import type { DataRule, Page } from '@envmon/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Permissions } from '../../../../components/can';
import type * as apiModule from '../../../../lib/api';
import { i18n } from '../../../../lib/i18n';
import { button, installAntdShims, renderWithProviders } from '../../../../test/render';
import { choose, dialog, field, fieldError, rowOf } from '../../../../test/antd-queries';
import RegularSettingsPage from './regular-page';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
vi.mock('../../../../lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof apiModule>()),
  api,
}));

const LIST_URL = '/manager/settings/regular/rest/get';
const WRITER: Permissions = { isAdmin: false, codes: new Set(['settings.regular', 'settings.regular:write']) };
const READER: Permissions = { isAdmin: false, codes: new Set(['settings.regular']) };
const SLOW = { timeout: 10_000 };

const base: DataRule = {
  id: 1,
  deviceId: 7,
  deviceName: '莲花山水站',
  deviceCode: 'LHS001',
  factorCode: 'w01018',
  factorName: '化学需氧量',
  factorNameEn: 'Chemical oxygen demand',
  factorUnit: 'mg/L',
  factorDecimals: 1,
  symbol: 'linear',
  k: 1.1,
  b: -0.2,
  fromUnit: null,
  toUnit: null,
  mode: null,
  limit: null,
  fixedValue: null,
  decimals: null,
  remark: '比对校正',
  createTime: 0,
  updateTime: 0,
};
const RULES: DataRule[] = [
  base,
  { ...base, id: 2, symbol: 'round', k: null, b: null, remark: null },
  {
    ...base,
    id: 3,
    factorCode: 'w21003',
    factorName: '氨氮',
    factorNameEn: 'Ammonia nitrogen',
    symbol: 'detectionLimit',
    k: null,
    b: null,
    limit: 0.025,
    mode: 'half',
    remark: null,
  },
  {
    ...base,
    id: 4,
    factorCode: 'w21011',
    factorName: '总磷',
    factorNameEn: 'Total phosphorus',
    symbol: 'unit',
    k: null,
    b: null,
    fromUnit: 'µg/L',
    toUnit: 'mg/L',
    remark: null,
  },
];
/** Whether the form shows the field labelled `label` (a rule's other parameters are kept hidden). */
function shown(form: HTMLElement, label: string): boolean {
  const item = within(form).getByText(label).closest<HTMLElement>('.ant-form-item');
  return (
    !item?.classList.contains('ant-form-item-hidden') &&
    item?.closest<HTMLElement>('.ant-col')?.style.display !== 'none'
  );
}
const page = (list: DataRule[]): Page<DataRule> => ({ list, total: list.length, pageNum: 1, pageSize: 20 });

beforeAll(installAntdShims);

beforeEach(async () => {
  await i18n.changeLanguage('zh-CN');
  api.get.mockImplementation((url: string) => {
    if (url === LIST_URL) return Promise.resolve(page(RULES));
    if (url === '/manager/system/device/rest/getAll')
      return Promise.resolve({ list: [{ id: 7, deviceName: '莲花山水站' }], total: 1, pageNum: 1, pageSize: 1000 });
    if (url === '/manager/settings/factor/rest/getAll')
      return Promise.resolve([
        { factorCode: 'w01018', factorName: '化学需氧量', factorNameEn: 'Chemical oxygen demand', kind: 'water' },
      ]);
    return Promise.reject(new Error(`unexpected ${url}`));
  });
  api.post.mockImplementation((_url: string, body: DataRule) => Promise.resolve({ ...base, ...body, id: 9 }));
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('RegularSettingsPage', { timeout: 30_000 }, () => {
  it('lists the rules with device, factor, the rule by its label and its parameters in words', async () => {
    renderWithProviders(<RegularSettingsPage />, WRITER);
    const linear = await rowOf('比对校正');
    expect([...linear.querySelectorAll('td')].slice(0, 4).map((td) => td.textContent)).toEqual([
      '莲花山水站LHS001',
      '化学需氧量w01018',
      '线性修正',
      'y = 1.1·x + -0.2',
    ]);
    expect(await screen.findByText('按因子小数位（1）')).toBeTruthy();
    expect(screen.getByText('< 0.025：以检出限的一半代替')).toBeTruthy();
    expect(screen.getByText('µg/L → mg/L')).toBeTruthy();
    expect(screen.getByText('数值修约')).toBeTruthy();
  });

  it('asks only for the chosen rule’s parameters, with the shared schema’s messages, and adds it', async () => {
    renderWithProviders(<RegularSettingsPage />, WRITER);
    await rowOf('比对校正');
    fireEvent.click(screen.getByTestId('regular-add'));
    const form = dialog();
    expect(shown(form, '斜率 k')).toBe(false);
    fireEvent.click(button(form, '保存'));
    await waitFor(() => expect(fieldError(form, '设备')).toBe(i18n.t('validation.required')));
    expect(fieldError(form, '规则')).toBe(i18n.t('validation.required'));
    await choose(form, 'deviceId', '莲花山水站');
    await choose(form, 'factorCode', '化学需氧量 (w01018)');
    await choose(form, 'symbol', '检出限处理');
    expect(shown(form, '斜率 k')).toBe(false);
    fireEvent.click(button(form, '保存'));
    await waitFor(() => expect(fieldError(form, '检出限')).toBe(i18n.t('validation.required')));
    fireEvent.change(field(form, 'limit'), { target: { value: '0.05' } });
    await choose(form, 'mode', '以固定值代替');
    await waitFor(() => expect(shown(form, '替换值')).toBe(true));
    fireEvent.change(field(form, 'fixedValue'), { target: { value: '0.01' } });
    fireEvent.click(button(form, '保存'));
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith('/manager/settings/regular/rest/add', {
        deviceId: 7,
        factorCode: 'w01018',
        symbol: 'detectionLimit',
        k: null,
        b: null,
        fromUnit: null,
        toUnit: null,
        mode: 'fixed',
        limit: 0.05,
        fixedValue: 0.01,
        decimals: null,
        remark: null,
      }),
    );
  });

  it('edits a rule by its id, dropping the parameters of other rules', async () => {
    renderWithProviders(<RegularSettingsPage />, WRITER);
    fireEvent.click(button(await rowOf('比对校正'), '编辑'));
    const form = dialog();
    fireEvent.change(field(form, 'k'), { target: { value: '1.05' } });
    fireEvent.click(button(form, '保存'));
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith('/manager/settings/regular/rest/edit', {
        id: 1,
        deviceId: 7,
        factorCode: 'w01018',
        symbol: 'linear',
        k: 1.05,
        b: -0.2,
        fromUnit: null,
        toUnit: null,
        mode: null,
        limit: null,
        fixedValue: null,
        decimals: null,
        remark: '比对校正',
      }),
    );
  });

  it('offers no writes without the write permission, and speaks English', async () => {
    await i18n.changeLanguage('en-US');
    renderWithProviders(<RegularSettingsPage />, READER);
    await rowOf('Linear correction');
    expect(screen.getByText('Below detection limit')).toBeTruthy();
    expect(screen.getByText('< 0.025: Use half the limit')).toBeTruthy();
    expect(screen.queryByTestId('regular-add')).toBeNull();
    expect(screen.queryByText('Edit')).toBeNull();
  });

  it('says when there is no rule', async () => {
    api.get.mockImplementation((url: string) => {
      if (url === LIST_URL) return Promise.resolve(page([]));
      if (url === '/manager/settings/factor/rest/getAll') return Promise.resolve([]);
      return Promise.resolve({ list: [], total: 0, pageNum: 1, pageSize: 1 });
    });
    renderWithProviders(<RegularSettingsPage />, WRITER);
    expect(await screen.findByText('暂无数据规则', undefined, SLOW)).toBeTruthy();
  });
});
