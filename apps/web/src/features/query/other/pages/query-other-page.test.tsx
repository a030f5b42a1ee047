// @vitest-environment jsdom
import type { OtherResult } from '@envmon/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as apiModule from '../../../../lib/api';
import { i18n } from '../../../../lib/i18n';
import { installAntdShims, renderWithProviders } from '../../../../test/render';
import QueryOtherPage from './query-other-page';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
vi.mock('../../../../lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof apiModule>()),
  api,
}));

const RESULT: OtherResult = {
  truncated: false,
  utcOffsetMinutes: 480,
  rows: [
    { packetId: 5, receivedAt: 1, dataTime: 1_767_225_600_000, item: 'SB1', infoId: null, value: '1' },
    { packetId: 5, receivedAt: 1, dataTime: 1_767_225_600_000, item: 'SB2', infoId: null, value: '0' },
  ],
};
const SLOW = { timeout: 20_000 };

beforeAll(installAntdShims);
beforeEach(async () => {
  await i18n.changeLanguage('zh-CN');
  api.get.mockImplementation((url: string) => {
    if (url === '/data/other/rest/get') return Promise.resolve(RESULT);
    if (url === '/data/other/rest/export') return Promise.resolve({ url: '#other-export' });
    if (url === '/manager/system/device/rest/getAll')
      return Promise.resolve({ list: [{ id: 7, deviceName: '莲花山水站' }], total: 1, pageNum: 1, pageSize: 1000 });
    return Promise.resolve([]);
  });
});
afterEach(() => {
  cleanup();
  api.get.mockReset();
});

describe('QueryOtherPage', () => {
  it('asks for a device first, then shows the kind’s rows', SLOW, async () => {
    renderWithProviders(<QueryOtherPage />);
    expect(screen.getAllByText('请选择设备').length).toBeGreaterThan(0);
    expect(api.get.mock.calls.some(([url]) => url === '/data/other/rest/get')).toBe(false);
    fireEvent.mouseDown(screen.getByRole('combobox'));
    fireEvent.click(await screen.findByText('莲花山水站', { selector: '.ant-select-item-option-content' }));
    expect(await screen.findByText('SB2')).toBeTruthy();
    const [, params] = api.get.mock.calls.find(([url]) => url === '/data/other/rest/get') as [
      string,
      { deviceId: number; kind: string },
    ];
    expect(params).toMatchObject({ deviceId: 7, kind: 'runState' });
    fireEvent.click(screen.getByText('重启时间'));
    await waitFor(() =>
      expect(
        api.get.mock.calls.some(
          ([url, p]) => url === '/data/other/rest/get' && (p as { kind: string }).kind === 'restart',
        ),
      ).toBe(true),
    );
  });

  it('exports the shown kind with the same filters', SLOW, async () => {
    localStorage.setItem('projectId', '3');
    try {
      renderWithProviders(<QueryOtherPage />);
      const exportButton = screen.getByTestId<HTMLButtonElement>('other-export');
      expect(exportButton.disabled).toBe(true);
      fireEvent.mouseDown(screen.getByRole('combobox'));
      fireEvent.click(await screen.findByText('莲花山水站', { selector: '.ant-select-item-option-content' }));
      await screen.findByText('SB2');
      fireEvent.click(screen.getByTestId('other-export'));
      await waitFor(() =>
        expect(api.get.mock.calls.find(([url]) => url === '/data/other/rest/export')?.[1]).toMatchObject({
          deviceId: 7,
          kind: 'runState',
          projectId: 3,
          exportSpecialFlag: 1,
          lang: 'zh-CN',
        }),
      );
    } finally {
      localStorage.clear();
    }
  });
});
