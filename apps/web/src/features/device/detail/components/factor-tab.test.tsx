// @vitest-environment jsdom
import type { DeviceFactor, Factor } from '@envmon/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../../lib/i18n';
import { FactorTab } from './factor-tab';
import { button, installAntdShims, renderWithProviders } from '../../../../test/render';
import { DEVICE, READER } from './test-harness';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
vi.mock('../../../../lib/api', () => ({ api }));

const base = {
  deviceId: 7,
  deviceCode: 'MN0001',
  deviceName: '莲花山水站',
  unit: null,
  standardLimit: null,
  rangeMin: null,
  rangeMax: null,
  zeroIsSuspect: null,
  constantCount: null,
  riseRatio: null,
  dropRatio: null,
};

const DEVICE_FACTORS: DeviceFactor[] = [
  {
    ...base,
    id: 2,
    factorCode: 'w01009',
    factorName: '溶解氧',
    factorNameEn: 'Dissolved oxygen',
    factorUnit: 'mg/L',
    displayOrder: 2,
    rangeMin: 0,
    rangeMax: 20,
  },
  {
    ...base,
    id: 1,
    factorCode: 'w01001',
    factorName: 'pH值',
    factorNameEn: 'pH',
    factorUnit: null,
    displayOrder: 1,
    standardLimit: 9,
  },
];

const factor = (factorCode: string, factorName: string): Factor => ({
  factorCode,
  factorName,
  factorNameEn: factorName,
  legacyCode: null,
  kind: 'water',
  unit: 'mg/L',
  decimals: 2,
  rangeMin: 0,
  rangeMax: 50,
  zeroIsSuspect: false,
  constantCount: 6,
  riseRatio: null,
  dropRatio: null,
  builtIn: true,
});
const CATALOGUE = [factor('w01001', 'pH值'), factor('w01009', '溶解氧'), factor('w21003', '氨氮')];

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
    if (url.endsWith('/factor/device/rest/getByDeviceId')) return Promise.resolve(DEVICE_FACTORS);
    if (url.endsWith('/factor/rest/getAll')) return Promise.resolve(CATALOGUE);
    return Promise.reject(new Error(`unexpected ${url}`));
  });
  api.post.mockResolvedValue(null);
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('FactorTab', { timeout: 30_000 }, () => {
  it('lists the device’s factors in display order with their overrides', async () => {
    renderWithProviders(<FactorTab device={DEVICE} />);
    await screen.findByText('溶解氧');
    expect(api.get).toHaveBeenCalledWith('/manager/settings/factor/device/rest/getByDeviceId', { deviceId: 7 });
    const rows = document.querySelectorAll('.ant-table-tbody tr.ant-table-row');
    expect([...rows].map((r) => r.getAttribute('data-row-key'))).toEqual(['w01001', 'w01009']);
    expect(screen.getByText('量程下限–量程上限: 0 ~ 20')).toBeTruthy();
    // The factor's unit stands in where the device keeps it.
    expect(within(rows[1] as HTMLElement).getByText('mg/L')).toBeTruthy();
  });

  it('saves one factor’s settings as the whole list', async () => {
    renderWithProviders(<FactorTab device={DEVICE} />);
    const row = (await screen.findByText('溶解氧')).closest('tr');
    if (!row) throw new Error('no row');
    fireEvent.click(button(row, '编辑'));
    const dialog = modal();
    fireEvent.change(input(dialog, 'standardLimit'), { target: { value: '5' } });
    fireEvent.change(input(dialog, 'unit'), { target: { value: 'ug/L' } });
    fireEvent.click(button(dialog, '保存'));
    await waitFor(() => expect(api.post).toHaveBeenCalled());
    expect(api.post).toHaveBeenCalledWith('/manager/settings/factor/device/rest/update', {
      deviceId: 7,
      factors: [
        expect.objectContaining({ factorCode: 'w01001', standardLimit: 9, displayOrder: 1 }),
        expect.objectContaining({ factorCode: 'w01009', standardLimit: 5, unit: 'ug/L', rangeMin: 0, rangeMax: 20 }),
      ],
    });
  });

  it('refuses a range whose maximum is below its minimum, before any call', async () => {
    renderWithProviders(<FactorTab device={DEVICE} />);
    const row = (await screen.findByText('溶解氧')).closest('tr');
    if (!row) throw new Error('no row');
    fireEvent.click(button(row, '编辑'));
    const dialog = modal();
    fireEvent.change(input(dialog, 'rangeMin'), { target: { value: '30' } });
    fireEvent.click(button(dialog, '保存'));
    expect(await within(dialog).findByText(i18n.t('validation.invalid'))).toBeTruthy();
    expect(api.post).not.toHaveBeenCalled();
  });

  it('is read-only without the device write permission', async () => {
    renderWithProviders(<FactorTab device={DEVICE} />, READER);
    await screen.findByText('溶解氧');
    expect(screen.queryByText('编辑')).toBeNull();
    expect(screen.queryByText('添加因子')).toBeNull();
  });
});
