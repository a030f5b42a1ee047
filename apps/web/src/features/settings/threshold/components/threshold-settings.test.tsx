// @vitest-environment jsdom
import type { AlarmStrategy, Page, SurfaceWaterLimit, Threshold } from '@envmon/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Permissions } from '../../../../components/can';
import type * as apiModule from '../../../../lib/api';
import { i18n } from '../../../../lib/i18n';
import { button, installAntdShims, renderWithProviders } from '../../../../test/render';
import { StrategiesTab, strategyRows } from './strategies-tab';
import { ThresholdsTab } from './thresholds-tab';
import { WaterLimitsTab } from './water-limits-tab';
import { choose, dialog, fieldError } from '../../../../test/antd-queries';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
vi.mock('../../../../lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof apiModule>()),
  api,
}));

const READER: Permissions = { isAdmin: false, codes: new Set(['settings.threshold']) };
const WRITER: Permissions = { isAdmin: false, codes: new Set(['settings.threshold', 'settings.threshold:write']) };
const SLOW = { timeout: 10_000 };

const COD: Threshold = {
  id: 3,
  deviceId: 7,
  deviceCode: 'MN0001',
  deviceName: '莲花山水站',
  factorCode: 'w01018',
  factorName: '化学需氧量',
  factorNameEn: 'COD',
  unit: 'mg/L',
  overflowType: null,
  operator: 1,
  limit1: 40,
  limit2: 20,
  limitId: 1,
  alarmLevel: 2,
  enabled: true,
  symbol: 'DESC',
  updateTime: 1_763_000_000_000,
};
const STRATEGY: AlarmStrategy = {
  id: 9,
  deviceId: 7,
  deviceCode: 'MN0001',
  deviceName: '莲花山水站',
  alarmType: 2,
  enabled: false,
  alarmLevel: 3,
  consecutiveCount: 4,
  recoverySeconds: 600,
  repeatIntervalMinutes: 30,
  updateTime: 1_763_000_000_000,
};
const COD_CLASSES: SurfaceWaterLimit = {
  id: 1,
  factorCode: 'w01018',
  factorName: '化学需氧量',
  factorNameEn: 'COD',
  unit: 'mg/L',
  classLimits: [15, 15, 20, 30, 40],
  limit1: 15,
  limit2: 40,
  rangeMin: null,
  rangeMax: null,
  symbol: 'ASC',
};
const page = <T,>(list: T[]): Page<T> => ({ list, total: list.length, pageNum: 1, pageSize: 20 });

beforeAll(installAntdShims);

beforeEach(async () => {
  await i18n.changeLanguage('zh-CN');
  api.get.mockImplementation((url: string) => {
    if (url.endsWith('/alarm/threshold/rest/getAll')) return Promise.resolve(page([COD]));
    if (url.endsWith('/alarm/strategy/rest/getAll')) return Promise.resolve([STRATEGY]);
    if (url.endsWith('/system/device/rest/getAll'))
      return Promise.resolve(
        page([
          { id: 7, deviceName: '莲花山水站', deviceType: '21' },
          { id: 8, deviceName: '梧桐山空气站', deviceType: '22' },
        ]),
      );
    if (url.endsWith('/factor/rest/getAll'))
      return Promise.resolve([
        { factorCode: 'a34004', factorName: 'PM2.5', factorNameEn: 'PM2.5', kind: 'air' },
        { factorCode: 'w01018', factorName: '化学需氧量', factorNameEn: 'COD', kind: 'water' },
      ]);
    if (url.endsWith('/surfactwaterlimit/rest/getAll')) return Promise.resolve([COD_CLASSES]);
    if (url.endsWith('/delete')) return Promise.resolve(null);
    return Promise.reject(new Error(`unexpected ${url}`));
  });
  api.post.mockResolvedValue(COD);
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('ThresholdsTab', { timeout: 30_000 }, () => {
  it('lists thresholds with the operator label and the derived symbol', async () => {
    renderWithProviders(<ThresholdsTab />, WRITER);
    const row = (await screen.findByText('莲花山水站', undefined, SLOW)).closest('tr');
    if (!row) throw new Error('no row');
    expect(within(row).getByText('>')).toBeTruthy();
    expect(within(row).getByText('递减')).toBeTruthy();
    expect(within(row).queryByText('DESC')).toBeNull();
    expect(within(row).getByText('二级')).toBeTruthy();
  });

  it('names the direction in English for an English console, never by its code', async () => {
    await i18n.changeLanguage('en-US');
    renderWithProviders(<ThresholdsTab />, WRITER);
    const row = (await screen.findByText('莲花山水站', undefined, SLOW)).closest('tr');
    if (!row) throw new Error('no row');
    expect(within(row).getByText('Descending')).toBeTruthy();
    expect(within(row).queryByText('DESC')).toBeNull();
  });

  it('offers a water station the water factors first and an air station the air factors first', async () => {
    renderWithProviders(<ThresholdsTab />, WRITER);
    await screen.findByText('莲花山水站', undefined, SLOW);
    fireEvent.click(screen.getByTestId('threshold-add'));
    const form = dialog();
    const groups = async () => {
      fireEvent.mouseDown(form.querySelector('#factorCode') ?? document.body);
      await screen.findAllByText('化学需氧量 (w01018)', { selector: '.ant-select-item-option-content' });
      const shown = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')].at(-1);
      return [...(shown?.querySelectorAll('.ant-select-item-group') ?? [])].map((g) => g.textContent);
    };
    await choose(form, 'deviceId', '莲花山水站');
    await waitFor(async () => expect(await groups()).toEqual(['水质因子', '空气因子']));
    await choose(form, 'deviceId', '梧桐山空气站');
    await waitFor(async () => expect(await groups()).toEqual(['空气因子', '水质因子']));
  });

  it('tells what is missing before adding, with the shared schema’s messages', async () => {
    renderWithProviders(<ThresholdsTab />, WRITER);
    await screen.findByText('莲花山水站', undefined, SLOW);
    fireEvent.click(screen.getByTestId('threshold-add'));
    const form = dialog();
    fireEvent.click(button(form, '保存'));
    const required = i18n.t('validation.required');
    await waitFor(() => expect(fieldError(form, i18n.t('threshold.fields.device'))).toBe(required));
    expect(fieldError(form, i18n.t('threshold.fields.factor'))).toBe(required);
    expect(fieldError(form, i18n.t('threshold.fields.operator'))).toBe(required);
    expect(api.post).not.toHaveBeenCalled();
  });

  it('adds a threshold with the codes chosen as numbers', async () => {
    renderWithProviders(<ThresholdsTab />, WRITER);
    await screen.findByText('莲花山水站', undefined, SLOW);
    fireEvent.click(screen.getByTestId('threshold-add'));
    const form = dialog();
    await choose(form, 'deviceId', '莲花山水站');
    await choose(form, 'factorCode', '化学需氧量 (w01018)');
    await choose(form, 'operator', '在[m,n]');
    await choose(form, 'alarmLevel', '三级');
    const limit = (id: string) => form.querySelector<HTMLInputElement>(`#${id}`) ?? document.body;
    fireEvent.change(limit('limit1'), { target: { value: '6' } });
    fireEvent.change(limit('limit2'), { target: { value: '9' } });
    fireEvent.click(button(form, '保存'));
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith('/manager/alarm/threshold/rest/add', {
        deviceId: 7,
        factorCode: 'w01018',
        overflowType: null,
        operator: 6,
        limit1: 6,
        limit2: 9,
        limitId: null,
        alarmLevel: 3,
        enabled: true,
      }),
    );
  });

  it('asks for limit 1 once the rest is filled in', async () => {
    renderWithProviders(<ThresholdsTab />, WRITER);
    const row = (await screen.findByText('莲花山水站', undefined, SLOW)).closest('tr');
    if (!row) throw new Error('no row');
    fireEvent.click(button(row, '编辑'));
    const form = dialog();
    const limit1 = form.querySelector<HTMLInputElement>('#limit1');
    if (!limit1) throw new Error('no limit1');
    fireEvent.change(limit1, { target: { value: '' } });
    fireEvent.click(button(form, '保存'));
    await waitFor(() =>
      expect(fieldError(form, i18n.t('threshold.fields.limit1'))).toBe(i18n.t('validation.required')),
    );
    expect(api.post).not.toHaveBeenCalled();
  });

  it('refuses a range operator whose limits are the wrong way round', async () => {
    // Operator 6 'in [m,n]' with limit1 40 > limit2 20.
    const inRange = { ...COD, operator: 6 };
    api.get.mockImplementation((url: string) =>
      Promise.resolve(
        url.endsWith('/threshold/rest/getAll') ? page([inRange]) : url.endsWith('/device/rest/getAll') ? page([]) : [],
      ),
    );
    renderWithProviders(<ThresholdsTab />, WRITER);
    const row = (await screen.findByText('莲花山水站', undefined, SLOW)).closest('tr');
    if (!row) throw new Error('no row');
    fireEvent.click(button(row, '编辑'));
    const form = dialog();
    fireEvent.click(button(form, '保存'));
    await waitFor(() => expect(fieldError(form, i18n.t('threshold.fields.limit2'))).toBe(i18n.t('validation.invalid')));
    expect(api.post).not.toHaveBeenCalled();
  });

  it('updates a threshold with its id', async () => {
    renderWithProviders(<ThresholdsTab />, WRITER);
    const row = (await screen.findByText('莲花山水站', undefined, SLOW)).closest('tr');
    if (!row) throw new Error('no row');
    fireEvent.click(button(row, '编辑'));
    fireEvent.click(button(dialog(), '保存'));
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith('/manager/alarm/threshold/rest/update', {
        id: 3,
        deviceId: 7,
        factorCode: 'w01018',
        overflowType: null,
        operator: 1,
        limit1: 40,
        limit2: 20,
        limitId: 1,
        alarmLevel: 2,
        enabled: true,
      }),
    );
  });

  it('deletes after confirmation', async () => {
    renderWithProviders(<ThresholdsTab />, WRITER);
    const row = (await screen.findByText('莲花山水站', undefined, SLOW)).closest('tr');
    if (!row) throw new Error('no row');
    fireEvent.click(button(row, '删除'));
    const confirm = (await screen.findByText(i18n.t('common.messages.deleteConfirm'))).closest<HTMLElement>(
      '.ant-modal',
    );
    const ok = confirm?.querySelector<HTMLElement>('.ant-btn-dangerous');
    if (!ok) throw new Error('no confirmation');
    fireEvent.click(ok);
    await waitFor(() => expect(api.get).toHaveBeenCalledWith('/manager/alarm/threshold/rest/delete', { id: 3 }));
  });

  it('offers no writes without the write permission', async () => {
    renderWithProviders(<ThresholdsTab />, READER);
    await screen.findByText('莲花山水站', undefined, SLOW);
    expect(screen.queryByTestId('threshold-add')).toBeNull();
    expect(screen.queryByText('编辑')).toBeNull();
    expect(screen.queryByText('删除')).toBeNull();
  });
});

describe('StrategiesTab', { timeout: 30_000 }, () => {
  it('has a row per alarm type: the stored strategy, the defaults for the rest', () => {
    const rows = strategyRows(7, [STRATEGY]);
    expect(rows.map((row) => row.alarmType)).toEqual([1, 2, 3, 4, 5]);
    expect(rows[1]?.values).toBe(STRATEGY);
    expect(rows[0]).toMatchObject({ stored: null, values: { enabled: true, alarmLevel: 1, consecutiveCount: 1 } });
  });

  async function chooseDevice() {
    const select = screen.getByTestId('strategy-device').querySelector<HTMLElement>('input');
    if (!select) throw new Error('no device select');
    fireEvent.mouseDown(select);
    fireEvent.click(await screen.findByText('莲花山水站', { selector: '.ant-select-item-option-content' }, SLOW));
    return screen.findByTestId('strategy-table', undefined, SLOW);
  }

  it('saves an edited strategy for the device and alarm type', async () => {
    renderWithProviders(<StrategiesTab />, WRITER);
    const table = await chooseDevice();
    const offline = (await within(table).findByText('离线告警')).closest('tr');
    if (!offline) throw new Error('no row');
    fireEvent.click(button(offline, '编辑'));
    const form = dialog();
    const count = form.querySelector<HTMLInputElement>('#consecutiveCount');
    if (!count) throw new Error('no count');
    fireEvent.change(count, { target: { value: '6' } });
    fireEvent.click(button(form, '保存'));
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith('/manager/system/alarm/strategy/rest/update', {
        deviceId: 7,
        alarmType: 2,
        enabled: false,
        alarmLevel: 3,
        consecutiveCount: 6,
        recoverySeconds: 600,
        repeatIntervalMinutes: 30,
      }),
    );
  });

  it('offers no edits without the write permission', async () => {
    renderWithProviders(<StrategiesTab />, READER);
    const table = await chooseDevice();
    await within(table).findByText('离线告警');
    expect(within(table).queryByText('编辑')).toBeNull();
  });
});

describe('WaterLimitsTab', { timeout: 30_000 }, () => {
  it('shows each factor’s class limits with the derived direction', async () => {
    renderWithProviders(<WaterLimitsTab />, READER);
    const row = (await screen.findByText('化学需氧量 (w01018)', undefined, SLOW)).closest('tr');
    if (!row) throw new Error('no row');
    expect([...row.querySelectorAll('td')].map((td) => td.textContent)).toEqual([
      '化学需氧量 (w01018)',
      'mg/L',
      '15',
      '15',
      '20',
      '30',
      '40',
      '-',
      '递增',
    ]);
  });
});
