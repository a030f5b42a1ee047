// @vitest-environment jsdom
import type { OriginalPacket, OriginalParsed } from '@envmon/shared';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as apiModule from '../../../../lib/api';
import { i18n } from '../../../../lib/i18n';
import { installAntdShims, renderWithProviders } from '../../../../test/render';
import { rowOf } from '../../../../test/antd-queries';
import { ParsedPacket } from './parsed-packet';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
vi.mock('../../../../lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof apiModule>()),
  api,
}));

const PACKET: OriginalPacket = {
  id: 5,
  receivedAt: 0,
  remote: '10.0.0.9:4000',
  deviceId: 7,
  deviceName: '莲花山水站',
  utcOffsetMinutes: 480,
  mn: 'LHS001',
  cn: '2051',
  qn: null,
  dataTime: 0,
  raw: '##…',
  accepted: true,
  reason: null,
};
const PARSED: OriginalParsed = {
  id: 5,
  raw: '##…',
  ok: true,
  error: null,
  header: { CN: '2051' },
  cp: {},
  factors: [
    { code: 'w01018', values: { Avg: '10.5', Flag: 'N' } },
    { code: 'w01009', values: { Avg: '0.05', Flag: 'N' } },
    { code: 'w01001', values: { Avg: '7.25', Flag: 'N' } },
  ],
};

beforeAll(installAntdShims);
beforeEach(() => i18n.changeLanguage('zh-CN'));
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('ParsedPacket', { timeout: 30_000 }, () => {
  it('shows what was stored beside the station’s fields where a data rule changed them', async () => {
    api.get.mockResolvedValue({ ...PARSED, stored: { w01018: 11.4, w01009: null } });
    renderWithProviders(<ParsedPacket packet={PACKET} />);
    const cells = async (code: string) => [...(await rowOf(code)).querySelectorAll('td')].map((td) => td.textContent);
    expect(await cells('w01018')).toEqual(['w01018', 'Avg=10.5, Flag=N', '11.4']);
    expect(await cells('w01009')).toEqual(['w01009', 'Avg=0.05, Flag=N', '无（置为无效）']);
    expect(await cells('w01001')).toEqual(['w01001', 'Avg=7.25, Flag=N', '-']);
    expect(screen.getByText('入库值（数据规则处理后）')).toBeTruthy();
  });

  it('has no such column where no rule changed anything', async () => {
    api.get.mockResolvedValue(PARSED);
    renderWithProviders(<ParsedPacket packet={PACKET} />);
    await rowOf('w01018');
    expect(screen.queryByText('入库值（数据规则处理后）')).toBeNull();
  });
});
