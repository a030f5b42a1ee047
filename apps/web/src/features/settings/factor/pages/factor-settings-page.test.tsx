// @vitest-environment jsdom
import type { Factor, Page } from '@envmon/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Permissions } from '../../../../components/can';
import type * as apiModule from '../../../../lib/api';
import { i18n } from '../../../../lib/i18n';
import { button, installAntdShims, renderWithProviders } from '../../../../test/render';
import FactorSettingsPage from './factor-settings-page';
import { choose, dialog, field, fieldError, rowOf } from '../../../../test/antd-queries';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
vi.mock('../../../../lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof apiModule>()),
  api,
}));

const LIST_URL = '/manager/settings/factor/rest/get';
const READER: Permissions = { isAdmin: false, codes: new Set(['settings.factor']) };
const WRITER: Permissions = { isAdmin: false, codes: new Set(['settings.factor', 'settings.factor:write']) };
const SLOW = { timeout: 10_000 };

const COD: Factor = {
  factorCode: 'w01018',
  factorName: '化学需氧量',
  factorNameEn: 'COD',
  legacyCode: '011',
  kind: 'water',
  unit: 'mg/L',
  decimals: 1,
  rangeMin: 0,
  rangeMax: 2000,
  zeroIsSuspect: true,
  constantCount: 6,
  riseRatio: null,
  dropRatio: null,
  builtIn: true,
  category: null,
};
const RADON: Factor = {
  ...COD,
  factorCode: 'x-rn222',
  factorName: '氡-222',
  factorNameEn: 'Radon-222',
  legacyCode: null,
  kind: 'air',
  unit: 'Bq/m3',
  decimals: 2,
  builtIn: false,
  category: 'isotope',
};
const page = (list: Factor[]): Page<Factor> => ({ list, total: list.length, pageNum: 1, pageSize: 20 });

beforeAll(installAntdShims);

beforeEach(async () => {
  await i18n.changeLanguage('zh-CN');
  api.get.mockImplementation((url: string) => {
    if (url === LIST_URL) return Promise.resolve(page([COD, RADON]));
    if (url.endsWith('/factor/rest/delete')) return Promise.resolve(null);
    return Promise.reject(new Error(`unexpected ${url}`));
  });
  api.post.mockImplementation((_url: string, body: Factor) => Promise.resolve({ ...body, builtIn: false }));
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('FactorSettingsPage', { timeout: 30_000 }, () => {
  it('lists the catalogue with kind, category and built-in labels', async () => {
    renderWithProviders(<FactorSettingsPage />, WRITER);
    const cod = await rowOf('w01018');
    expect([...cod.querySelectorAll('td')].slice(0, 8).map((td) => td.textContent)).toEqual([
      'w01018',
      '化学需氧量',
      'COD',
      '水质',
      'mg/L',
      '1',
      '-',
      '内置',
    ]);
    const radon = await rowOf('x-rn222');
    expect(within(radon).getByText('同位素')).toBeTruthy();
    expect(within(radon).getByText('空气')).toBeTruthy();
    expect(api.get).toHaveBeenCalledWith(LIST_URL, { pageNum: 1, pageSize: 20 });
  });

  it('offers no delete for built-in factors', async () => {
    renderWithProviders(<FactorSettingsPage />, WRITER);
    await rowOf('w01018');
    expect(screen.getByTestId('factor-delete-w01018').hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('factor-delete-x-rn222').hasAttribute('disabled')).toBe(false);
  });

  it('filters by code, name and kind from page 1', async () => {
    renderWithProviders(<FactorSettingsPage />, WRITER);
    await rowOf('w01018');
    const filters = screen.getByRole('search');
    fireEvent.change(field(filters, 'factor-filter_factorCode'), { target: { value: ' w01018 ' } });
    fireEvent.change(field(filters, 'factor-filter_factorName'), { target: { value: '需氧' } });
    await choose(filters, 'factor-filter_kind', '水质');
    fireEvent.click(button(filters, '查询'));
    await waitFor(() =>
      expect(api.get).toHaveBeenCalledWith(LIST_URL, {
        factorCode: 'w01018',
        factorName: '需氧',
        kind: 'water',
        pageNum: 1,
        pageSize: 20,
      }),
    );
  });

  it('tells what is missing before adding, with the shared schema’s messages', async () => {
    renderWithProviders(<FactorSettingsPage />, WRITER);
    await rowOf('w01018');
    fireEvent.click(screen.getByTestId('factor-add'));
    const form = dialog();
    fireEvent.click(button(form, '保存'));
    const required = i18n.t('validation.required');
    await waitFor(() => expect(fieldError(form, '因子编码')).toBe(required));
    expect(fieldError(form, '中文名称')).toBe(required);
    expect(fieldError(form, '英文名称')).toBe(required);
    expect(fieldError(form, '类型')).toBe(required);
    expect(api.post).not.toHaveBeenCalled();
  });

  it('refuses a code with other characters, then a range the wrong way round', async () => {
    renderWithProviders(<FactorSettingsPage />, WRITER);
    await rowOf('w01018');
    fireEvent.click(screen.getByTestId('factor-add'));
    const form = dialog();
    fireEvent.change(field(form, 'factorCode'), { target: { value: 'w 01' } });
    fireEvent.change(field(form, 'factorName'), { target: { value: '铯-137' } });
    fireEvent.change(field(form, 'factorNameEn'), { target: { value: 'Caesium-137' } });
    await choose(form, 'kind', '空气');
    fireEvent.change(field(form, 'rangeMin'), { target: { value: '10' } });
    fireEvent.change(field(form, 'rangeMax'), { target: { value: '5' } });
    fireEvent.click(button(form, '保存'));
    await waitFor(() => expect(fieldError(form, '因子编码')).toBe(i18n.t('validation.pattern')));
    // The schema checks the pair once every field is valid on its own.
    fireEvent.change(field(form, 'factorCode'), { target: { value: 'x-cs137' } });
    fireEvent.click(button(form, '保存'));
    await waitFor(() => expect(fieldError(form, '量程上限')).toBe(i18n.t('validation.invalid')));
    expect(api.post).not.toHaveBeenCalled();
  });

  it('adds a factor with blanks as null and no category', async () => {
    renderWithProviders(<FactorSettingsPage />, WRITER);
    await rowOf('w01018');
    fireEvent.click(screen.getByTestId('factor-add'));
    const form = dialog();
    fireEvent.change(field(form, 'factorCode'), { target: { value: 'x-cs137' } });
    fireEvent.change(field(form, 'factorName'), { target: { value: '铯-137' } });
    fireEvent.change(field(form, 'factorNameEn'), { target: { value: 'Caesium-137' } });
    await choose(form, 'kind', '空气');
    fireEvent.change(field(form, 'decimals'), { target: { value: '3' } });
    fireEvent.click(button(form, '保存'));
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith('/manager/settings/factor/rest/add', {
        factorCode: 'x-cs137',
        factorName: '铯-137',
        factorNameEn: 'Caesium-137',
        legacyCode: null,
        kind: 'air',
        unit: null,
        decimals: 3,
        rangeMin: null,
        rangeMax: null,
        zeroIsSuspect: false,
        constantCount: 0,
        riseRatio: null,
        dropRatio: null,
        category: null,
      }),
    );
    await waitFor(() => expect(document.querySelector('.ant-modal')).toBeNull());
  });

  it('edits a factor by its fixed code and sets the isotope category', async () => {
    renderWithProviders(<FactorSettingsPage />, WRITER);
    fireEvent.click(button(await rowOf('w01018'), '编辑'));
    const form = dialog();
    expect(field(form, 'factorCode').disabled).toBe(true);
    expect(within(form).getByText('质量参数')).toBeTruthy();
    await choose(form, 'category', '同位素');
    fireEvent.click(button(form, '保存'));
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith('/manager/settings/factor/rest/update', {
        factorCode: 'w01018',
        factorName: '化学需氧量',
        factorNameEn: 'COD',
        legacyCode: '011',
        kind: 'water',
        unit: 'mg/L',
        decimals: 1,
        rangeMin: 0,
        rangeMax: 2000,
        zeroIsSuspect: true,
        constantCount: 6,
        riseRatio: null,
        dropRatio: null,
        category: 'isotope',
      }),
    );
  });

  it('clears the category back to none', async () => {
    renderWithProviders(<FactorSettingsPage />, WRITER);
    fireEvent.click(button(await rowOf('x-rn222'), '编辑'));
    const form = dialog();
    await choose(form, 'category', '无');
    fireEvent.click(button(form, '保存'));
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith(
        '/manager/settings/factor/rest/update',
        expect.objectContaining({ factorCode: 'x-rn222', category: null }),
      ),
    );
  });

  it('deletes by code after confirmation', async () => {
    renderWithProviders(<FactorSettingsPage />, WRITER);
    await rowOf('x-rn222');
    fireEvent.click(screen.getByTestId('factor-delete-x-rn222'));
    const confirm = (await screen.findByText(i18n.t('common.messages.deleteConfirm'))).closest<HTMLElement>(
      '.ant-modal',
    );
    const ok = confirm?.querySelector<HTMLElement>('.ant-btn-dangerous');
    if (!ok) throw new Error('no confirmation');
    fireEvent.click(ok);
    await waitFor(() =>
      expect(api.get).toHaveBeenCalledWith('/manager/settings/factor/rest/delete', { factorCode: 'x-rn222' }),
    );
  });

  it('offers no writes without the write permission', async () => {
    renderWithProviders(<FactorSettingsPage />, READER);
    await rowOf('w01018');
    expect(screen.queryByTestId('factor-add')).toBeNull();
    expect(screen.queryByText('编辑')).toBeNull();
    expect(screen.queryByText('删除')).toBeNull();
  });

  it('says when the catalogue has no match', async () => {
    api.get.mockResolvedValue(page([]));
    renderWithProviders(<FactorSettingsPage />, WRITER);
    expect(await screen.findByText('暂无监测因子', undefined, SLOW)).toBeTruthy();
    expect(screen.queryByTestId('factor-table')).toBeNull();
  });

  it('keeps a load failure in view with a retry', async () => {
    api.get.mockRejectedValue(new Error('服务器错误'));
    renderWithProviders(<FactorSettingsPage />, WRITER);
    expect(await screen.findByText('加载失败', undefined, SLOW)).toBeTruthy();
    expect(screen.getByText('服务器错误')).toBeTruthy();
    api.get.mockResolvedValue(page([COD]));
    fireEvent.click(button(document.body, '重试'));
    expect(await screen.findByText('w01018', undefined, SLOW)).toBeTruthy();
  });
});
