// @vitest-environment jsdom
import type { DataAuditGrid, Device, Page } from '@envmon/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Permissions } from '../../../../components/can';
import type * as apiModule from '../../../../lib/api';
import { i18n } from '../../../../lib/i18n';
import { choose, dialog, fieldError } from '../../../../test/antd-queries';
import { button, installAntdShims, renderWithProviders } from '../../../../test/render';
import DataAuditPage from './data-audit-page';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
vi.mock('../../../../lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof apiModule>()),
  api,
}));

const DEVICES_URL = '/manager/system/device/rest/getAll';
const GRID_URL = '/manager/settings/dataAudit/rest/grid';
const ADD_URL = '/manager/settings/dataAudit/rest/add';
const WRITER: Permissions = { isAdmin: false, codes: new Set(['water.data-audit', 'water.data-audit:write']) };
const READER: Permissions = { isAdmin: false, codes: new Set(['water.data-audit']) };
const SLOW = { timeout: 10_000 };
const HOUR = 3_600_000;
/** 2026-11-01 00:00 Beijing. */
const DAY = Date.UTC(2026, 9, 31, 16);

const device = (id: number, deviceName: string, deviceCode: string, deviceType: string) =>
  ({ id, deviceName, deviceCode, deviceType, utcOffsetMinutes: 480 }) as Device;
const page = <T,>(list: T[]): Page<T> => ({ list, total: list.length, pageNum: 1, pageSize: 20 });

const cell = (value: number, over: Partial<DataAuditGrid['rows'][number]['cells'][string]> = {}) => ({
  value,
  flag: 'N',
  quality: 'N',
  auditState: null,
  auditValue: null,
  effectiveValue: value,
  valid: true,
  ...over,
});

const GRID: DataAuditGrid = {
  deviceId: 7,
  kind: 'hour',
  factors: [
    { factorCode: 'w01018', factorName: '化学需氧量', factorNameEn: 'COD', unit: 'mg/L', decimals: 1 },
    { factorCode: 'w01001', factorName: 'pH值', factorNameEn: 'pH', unit: null, decimals: 2 },
  ],
  rows: [0, 1, 2].map((h) => ({
    dataTime: DAY + h * HOUR,
    cells: {
      w01018: h === 1 ? cell(80, { quality: 'ABN', valid: false }) : cell(12 + h),
      w01001: h === 2 ? cell(7, { auditState: 'replaced', auditValue: 7.2, effectiveValue: 7.2 }) : cell(7.1),
    },
  })),
  approvedDays: [],
};

function serve() {
  api.get.mockImplementation((url: string) =>
    url === DEVICES_URL
      ? Promise.resolve(page([device(7, '莲花山水站', 'LHS001', '21'), device(9, '噪声站', 'N001', '23')]))
      : Promise.reject(new Error(`unexpected GET ${url}`)),
  );
  api.post.mockImplementation((url: string) => {
    switch (url) {
      case GRID_URL:
        return Promise.resolve(GRID);
      case ADD_URL:
        return Promise.resolve({ batchId: 1, count: 2 });
      default:
        return Promise.reject(new Error(`unexpected POST ${url}`));
    }
  });
}

async function openGrid() {
  await screen.findByText('请选择要审核数据的站点。', undefined, SLOW);
  await choose(document.body, 'data-audit-station', '莲花山水站 (LHS001)');
  return screen.findByRole('grid', undefined, SLOW);
}

const gridCell = (grid: HTMLElement, row: number, col: number) =>
  grid.querySelector<HTMLElement>(`[data-cell="${row}:${col}"]`) as HTMLElement;

describe('water station › data audit', () => {
  beforeAll(() => {
    installAntdShims();
    // jsdom lays nothing out: bringing the focused cell into view is a no-op here.
    Element.prototype.scrollIntoView = () => undefined;
  });
  beforeEach(async () => {
    await i18n.changeLanguage('zh-CN');
    serve();
  });
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it('offers water and air stations only, and asks for the chosen day of hours on the station’s clock', async () => {
    renderWithProviders(<DataAuditPage />, WRITER);
    const grid = await openGrid();
    expect(screen.queryByText('噪声站 (N001)')).toBeNull();
    const [, body] = api.post.mock.calls.find(([url]) => url === GRID_URL) as [string, { from: number; to: number }];
    expect(body).toMatchObject({ deviceId: 7, kind: 'hour' });
    expect(body.to - body.from).toBe(24 * HOUR);
    // Labels, units, flags and states from the vocabularies; the outlier's value struck through.
    expect(within(grid).getByText('化学需氧量')).toBeTruthy();
    expect(within(grid).getByText('mg/L')).toBeTruthy();
    expect(within(grid).getByText('异常值')).toBeTruthy();
    expect(within(grid).getByText('已替换')).toBeTruthy();
    expect(gridCell(grid, 1, 0).dataset.valid).toBe('false');
    expect(gridCell(grid, 2, 1).textContent).toContain('7.20');
  });

  it('moves with the keyboard (one cell in the tab order), selects with shift+arrows and marks invalid with a reason', async () => {
    renderWithProviders(<DataAuditPage />, WRITER);
    const grid = await openGrid();
    const first = gridCell(grid, 0, 0);
    expect(first.tabIndex).toBe(0);
    expect(grid.querySelectorAll('[tabindex="0"]')).toHaveLength(1);
    first.focus();
    fireEvent.keyDown(first, { key: 'ArrowDown' });
    await waitFor(() => expect(gridCell(grid, 1, 0).tabIndex).toBe(0));
    expect(first.tabIndex).toBe(-1);
    fireEvent.keyDown(gridCell(grid, 1, 0), { key: 'ArrowRight', shiftKey: true });
    await waitFor(() => expect(gridCell(grid, 1, 1).getAttribute('aria-selected')).toBe('true'));
    expect(gridCell(grid, 1, 0).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByTestId('data-audit-selected').textContent).toBe('已选 2 个数值');

    fireEvent.click(button(document.body, '标记无效'));
    const modal = dialog();
    fireEvent.click(button(modal, '标记无效'));
    await waitFor(() => expect(fieldError(modal, '原因')).toBe('请选择审核原因'));
    expect(api.post.mock.calls.some(([url]) => url === ADD_URL)).toBe(false);
    await choose(modal, 'reason', '仪器故障');
    fireEvent.click(button(modal, '标记无效'));
    await waitFor(() => expect(api.post.mock.calls.some(([url]) => url === ADD_URL)).toBe(true));
    const [, input] = api.post.mock.calls.find(([url]) => url === ADD_URL) as [string, unknown];
    expect(input).toEqual({
      deviceId: 7,
      kind: 'hour',
      action: 'invalid',
      reason: 'instrumentFault',
      remark: null,
      cells: [
        { factorCode: 'w01018', dataTime: DAY + HOUR },
        { factorCode: 'w01001', dataTime: DAY + HOUR },
      ],
    });
  });

  it('replaces only one value; a reader sees the grid without the audit buttons', async () => {
    const view = renderWithProviders(<DataAuditPage />, WRITER);
    let grid = await openGrid();
    fireEvent.mouseDown(gridCell(grid, 0, 0));
    fireEvent.mouseDown(gridCell(grid, 2, 1), { ctrlKey: true });
    expect(button(document.body, '替换数值').disabled).toBe(true);
    fireEvent.mouseDown(gridCell(grid, 2, 1), { ctrlKey: true });
    expect(button(document.body, '替换数值').disabled).toBe(false);
    view.unmount();

    renderWithProviders(<DataAuditPage />, READER);
    grid = await openGrid();
    expect(screen.queryByText('标记无效')).toBeNull();
    expect(screen.getByTestId('data-audit-trail-open')).toBeTruthy();
    expect(grid.getAttribute('aria-multiselectable')).toBe('true');
  });
});
