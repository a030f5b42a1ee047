// @vitest-environment jsdom
import type { OriginalPacket, OriginalParsed, Page } from '@envmon/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as apiModule from '../../../../lib/api';
import { i18n } from '../../../../lib/i18n';
import { installAntdShims, renderWithProviders } from '../../../../test/render';
import QueryOriginalPage from './query-original-page';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
vi.mock('../../../../lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof apiModule>()),
  api,
}));

const packet = (id: number, extra: Partial<OriginalPacket>): OriginalPacket => ({
  id,
  receivedAt: 1_767_225_600_000,
  remote: '10.0.0.5:40001',
  deviceId: 1,
  deviceName: '莲花山水站',
  utcOffsetMinutes: 480,
  mn: 'OT-01',
  cn: '2011',
  qn: null,
  dataTime: null,
  raw: `##raw-${id}`,
  accepted: true,
  reason: null,
  ...extra,
});
const ACCEPTED = packet(1, {});
const REJECTED = packet(2, { accepted: false, reason: 'CRC_MISMATCH', deviceName: null, mn: 'UNKNOWN-9' });
const PARSED: OriginalParsed = {
  id: 1,
  raw: '##raw-1',
  ok: true,
  error: null,
  header: { ST: '32', CN: '2011' },
  cp: { DataTime: '20260101080000' },
  factors: [{ code: 'w01018', values: { Rtd: '1.5', Flag: 'N' } }],
};
const page = (list: OriginalPacket[]): Page<OriginalPacket> => ({ list, total: list.length, pageNum: 1, pageSize: 20 });
const SLOW = { timeout: 10_000 };

beforeAll(installAntdShims);
beforeEach(async () => {
  await i18n.changeLanguage('zh-CN');
  api.get.mockImplementation((url: string) => {
    if (url === '/data/original/rest/get') return Promise.resolve(page([ACCEPTED, REJECTED]));
    if (url === '/data/original/rest/getParsed') return Promise.resolve(PARSED);
    return Promise.resolve(page([]));
  });
});
afterEach(() => {
  cleanup();
  api.get.mockReset();
});

describe('QueryOriginalPage', () => {
  it('lists packets with their status and reason, and parses a row when opened', SLOW, async () => {
    renderWithProviders(<QueryOriginalPage />);
    expect(await screen.findByText('CRC_MISMATCH')).toBeTruthy();
    expect(screen.getByText('已拒绝')).toBeTruthy();
    expect(screen.getByText('已接收')).toBeTruthy();
    const [, params] = api.get.mock.calls.find(([url]) => url === '/data/original/rest/get') as [
      string,
      { beginTime: number; endTime: number },
    ];
    expect(params.endTime - params.beginTime).toBe(86_400_000);
    const expand = document.querySelectorAll('.ant-table-row-expand-icon')[0] as HTMLElement;
    fireEvent.click(expand);
    expect(await screen.findByText('w01018')).toBeTruthy();
    expect(screen.getByText('Rtd=1.5, Flag=N')).toBeTruthy();
    expect(screen.getAllByText('##raw-1').length).toBeGreaterThan(0);
    expect(api.get).toHaveBeenCalledWith('/data/original/rest/getParsed', { id: 1 });
  });

  it('says so when nothing was received, in English too', SLOW, async () => {
    await i18n.changeLanguage('en-US');
    api.get.mockImplementation(() => Promise.resolve(page([])));
    renderWithProviders(<QueryOriginalPage />);
    await waitFor(() => expect(screen.getByText('No packets in this time range')).toBeTruthy());
  });
});
