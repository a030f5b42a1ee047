// @vitest-environment jsdom
import type { AiResult } from '@envmon/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as apiModule from '../../../../lib/api';
import { i18n } from '../../../../lib/i18n';
import { installAntdShims, renderWithProviders } from '../../../../test/render';
import QueryAiPage from './query-ai-page';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
vi.mock('../../../../lib/api', async (importOriginal) => ({ ...(await importOriginal<typeof apiModule>()), api }));

const RESULT: AiResult = {
  truncated: false,
  utcOffsetMinutes: 480,
  factors: [{ factorCode: 'w01018', factorName: '化学需氧量', factorNameEn: 'COD', unit: 'mg/L', decimals: 1 }],
  rows: [
    { packetId: 3, dataTime: 1_767_225_600_000, factorCode: 'w01018', value: 25.34, flag: 'N', analog: 12.1 },
    { packetId: 3, dataTime: 1_767_225_600_000, factorCode: 'w21003', value: 0.52, flag: 'N', analog: null },
  ],
};
const SLOW = { timeout: 30_000 };

beforeAll(installAntdShims);
beforeEach(async () => {
  await i18n.changeLanguage('en-US');
  api.get.mockImplementation((url: string) => {
    if (url === '/data/ai/rest/get') return Promise.resolve(RESULT);
    if (url === '/manager/system/device/rest/getAll')
      return Promise.resolve({ list: [{ id: 7, deviceName: 'Lotus Hill' }], total: 1, pageNum: 1, pageSize: 1000 });
    return Promise.resolve([]);
  });
});
afterEach(() => {
  cleanup();
  api.get.mockReset();
});

describe('QueryAiPage', () => {
  it('asks for a device, then shows engineering values beside the analog signal', SLOW, async () => {
    renderWithProviders(<QueryAiPage />);
    expect(screen.getAllByText('Please choose a device').length).toBeGreaterThan(0);
    expect(api.get.mock.calls.some(([url]) => url === '/data/ai/rest/get')).toBe(false);
    fireEvent.mouseDown(screen.getAllByRole('combobox')[0] as HTMLElement);
    fireEvent.click(await screen.findByText('Lotus Hill', { selector: '.ant-select-item-option-content' }));
    // 25.34 to COD's one decimal; the analog 12.1 as sent; none for NH3-N.
    expect(await screen.findByText('25.3')).toBeTruthy();
    expect(screen.getByText('12.1')).toBeTruthy();
    expect(screen.getByText('COD (mg/L)')).toBeTruthy();
    expect(screen.getByText('w21003')).toBeTruthy();
    expect(screen.getAllByText('-').length).toBeGreaterThan(0);
    const [, params] = api.get.mock.calls.find(([url]) => url === '/data/ai/rest/get') as [
      string,
      Record<string, unknown>,
    ];
    expect(params).toMatchObject({ deviceId: 7, kind: 'rtd' });
    fireEvent.click(screen.getByText('Minute'));
    await waitFor(() =>
      expect(
        api.get.mock.calls.some(([url, p]) => url === '/data/ai/rest/get' && (p as { kind: string }).kind === 'min'),
      ).toBe(true),
    );
  });
});
