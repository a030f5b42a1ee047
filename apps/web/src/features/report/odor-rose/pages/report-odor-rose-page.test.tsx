// @vitest-environment jsdom
import { ROSE_SECTORS, type OdorRose } from '@envmon/shared';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as apiModule from '../../../../lib/api';
import { i18n } from '../../../../lib/i18n';
import { installAntdShims, renderWithProviders } from '../../../../test/render';
import ReportOdorRosePage from './report-odor-rose-page';
import type { roseOption } from './rose-option';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
vi.mock('../../../../lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof apiModule>()),
  api,
}));
vi.mock('../../../../app/providers/preferences', () => ({ usePreferences: () => ({ theme: 'dark' }) }));

/** ECharts needs a canvas jsdom lacks: the chart is replaced by what it was given. */
const drawn = vi.hoisted(() => ({ option: null as ReturnType<typeof roseOption> | null, theme: '' }));
vi.mock('../../../../components/chart/echart', () => ({
  EChart: ({ option, theme }: { option: ReturnType<typeof roseOption>; theme: string }) => {
    Object.assign(drawn, { option, theme });
    return <div data-testid="chart-stub" />;
  },
}));

const ROSE: OdorRose = {
  deviceId: 7,
  deviceName: '莲花山站',
  factorCode: 'ODR1',
  factorName: '臭气浓度',
  factorNameEn: 'Odour',
  unit: 'OU',
  decimals: 1,
  timeUnit: 'hour',
  samples: 7,
  calmSpeed: 0.5,
  calm: { count: 1, frequency: 100 / 7, mean: 50 },
  sectors: ROSE_SECTORS.map((sector, i) => ({
    sector,
    from: (i * 22.5 - 11.25 + 360) % 360,
    to: i * 22.5 + 11.25,
    count: sector === 'N' ? 3 : 0,
    frequency: sector === 'N' ? 300 / 7 : 0,
    mean: sector === 'N' ? 40 : null,
  })),
};
const SLOW = { timeout: 20_000 };

beforeAll(installAntdShims);
beforeEach(async () => {
  await i18n.changeLanguage('zh-CN');
  api.get.mockImplementation((url: string) => {
    if (url === '/data/report/rest/odorRose') return Promise.resolve(ROSE);
    if (url === '/manager/system/device/rest/getAll')
      return Promise.resolve({ list: [{ id: 7, deviceName: '莲花山站' }], total: 1, pageNum: 1, pageSize: 1000 });
    if (url === '/manager/settings/factor/rest/getAll')
      return Promise.resolve([{ factorCode: 'ODR1', factorName: '臭气浓度', factorNameEn: 'Odour' }]);
    return Promise.resolve([]);
  });
});
afterEach(() => {
  cleanup();
  api.get.mockReset();
});

const pick = async (testId: string, option: string) => {
  fireEvent.mouseDown(screen.getByTestId(testId).querySelector('input') as HTMLInputElement);
  fireEvent.click(await screen.findByText(option, { selector: '.ant-select-item-option-content' }));
};

describe('ReportOdorRosePage', () => {
  it('needs a device and a factor, then draws both roses in the theme with calm apart', SLOW, async () => {
    renderWithProviders(<ReportOdorRosePage />);
    fireEvent.click(screen.getByTestId('rose-search'));
    expect(await screen.findByText('请选择设备')).toBeTruthy();
    expect(api.get.mock.calls.some(([url]) => url === '/data/report/rest/odorRose')).toBe(false);

    await pick('rose-device', '莲花山站');
    await pick('rose-factor', '臭气浓度 (ODR1)');
    fireEvent.click(screen.getByTestId('rose-search'));
    expect(await screen.findByTestId('chart-stub')).toBeTruthy();
    const [, params] = api.get.mock.calls.find(([url]) => url === '/data/report/rest/odorRose') as [string, object];
    expect(params).toMatchObject({ deviceId: 7, factorCode: 'ODR1', timeUnit: 'hour' });

    expect(drawn.theme).toBe('dark');
    // N's slot centred on the top: the angle axis starts half a sector (11.25°) left of 90°.
    expect(drawn.option?.angleAxis[0]).toMatchObject({ startAngle: 101.25, data: [...ROSE_SECTORS] });
    // 3/7 = 42.86 %, mean 40 in N; the empty sectors have no mean.
    expect(drawn.option?.series[0]?.data[0]).toBe(42.86);
    expect(drawn.option?.series[1]?.data.slice(0, 2)).toEqual([40, null]);
    expect(screen.getByTestId('rose-summary').textContent).toContain(
      '静风（风速 < 0.5 m/s）：1 个样本，占 14.29%，平均浓度 50.0',
    );
    expect(screen.getByTestId('rose-sectors').textContent).toContain('348.75–11.25');
  });
});
