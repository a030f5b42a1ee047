// @vitest-environment jsdom
import type { DataAuditRecord, Page } from '@envmon/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as apiModule from '../../../../lib/api';
import { i18n } from '../../../../lib/i18n';
import { button, installAntdShims, renderWithProviders } from '../../../../test/render';
import DataAuditSettingsPage from './data-audit-settings-page';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
vi.mock('../../../../lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof apiModule>()),
  api,
}));

const LIST_URL = '/manager/settings/dataAudit/rest/getList';
const REVOKE_URL = '/manager/settings/dataAudit/rest/uninstall';
const UPDATE_URL = '/manager/settings/dataAudit/rest/update';
const SLOW = { timeout: 10_000 };
const T0 = Date.UTC(2026, 9, 31, 18);

const record = (over: Partial<DataAuditRecord>): DataAuditRecord => ({
  id: 1,
  batchId: 1,
  deviceId: 7,
  deviceName: '莲花山水站',
  deviceCode: 'LHS001',
  kind: 'hour',
  factorCode: 'w01018',
  dataTime: T0,
  action: 'invalid',
  reason: 'instrumentFault',
  remark: null,
  stationValue: 12.5,
  oldState: null,
  oldValue: null,
  newState: 'invalid',
  newValue: null,
  createdBy: 'admin',
  createTime: T0 + 3_600_000,
  revoked: false,
  revokedBy: null,
  revokeTime: null,
  ...over,
});

const page = <T,>(list: T[]): Page<T> => ({ list, total: list.length, pageNum: 1, pageSize: 20 });

describe('settings › data audit', () => {
  beforeAll(() => installAntdShims());
  beforeEach(async () => {
    await i18n.changeLanguage('zh-CN');
    api.get.mockImplementation((url: string) => Promise.resolve(url.includes('/device/') ? page([]) : []));
    api.post.mockImplementation((url: string) =>
      url === LIST_URL
        ? Promise.resolve(
            page([
              record({}),
              record({ id: 2, action: 'replace', newState: 'replaced', newValue: 13, revoked: true, revokedBy: 'ops' }),
            ]),
          )
        : url === REVOKE_URL
          ? Promise.resolve({ batchId: null, count: 1 })
          : url === UPDATE_URL
            ? Promise.resolve(record({ remark: 'checked' }))
            : Promise.reject(new Error(`unexpected POST ${url}`)),
    );
  });
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it(
    'lists the records by their labels and revokes one in force after confirming; a revoked one cannot be',
    { timeout: 20_000 },
    async () => {
      renderWithProviders(<DataAuditSettingsPage />);
      const table = await screen.findByTestId('data-audit-records-table', undefined, SLOW);
      await within(table).findByText('标记无效', undefined, SLOW);
      expect(within(table).getByText('替换数值')).toBeTruthy();
      expect(within(table).getAllByText('仪器故障')).toHaveLength(2);
      expect(within(table).getAllByText('小时值')).toHaveLength(2);
      expect(within(table).getByText('已撤销')).toBeTruthy();
      expect(within(table).getByText('生效中')).toBeTruthy();
      expect(screen.getByTestId<HTMLButtonElement>('data-audit-records-delete-2').disabled).toBe(true);
      // Revoking a record in force: the contract's uninstall of its id, after the confirmation.
      fireEvent.click(screen.getByTestId('data-audit-records-delete-1'));
      await screen.findByText('撤销这条审核？数值将恢复为这次审核之前的状态，审核记录仍会保留。', undefined, SLOW);
      const modal = document.querySelector<HTMLElement>('.ant-modal') as HTMLElement;
      fireEvent.click(button(modal, '撤销'));
      await waitFor(() => expect(api.post).toHaveBeenCalledWith(REVOKE_URL, { ids: [1] }));
      // No add button: audits are made in the workbench.
      expect(screen.queryByTestId('data-audit-records-add')).toBeNull();
    },
  );

  it(
    'edits a record in force: its reason and remark (a non-replacement sends no value)',
    { timeout: 20_000 },
    async () => {
      renderWithProviders(<DataAuditSettingsPage />);
      await screen.findByTestId('data-audit-records-table', undefined, SLOW);
      await screen.findByTestId('data-audit-records-edit-1', undefined, SLOW);
      expect(screen.getByTestId<HTMLButtonElement>('data-audit-records-edit-2').disabled).toBe(true);
      fireEvent.click(screen.getByTestId('data-audit-records-edit-1'));
      const form = await screen.findByTestId('data-audit-record-form', undefined, SLOW);
      fireEvent.change(form.querySelector('textarea') as HTMLTextAreaElement, { target: { value: ' checked ' } });
      fireEvent.click(button(document.querySelector('.ant-modal') as HTMLElement, '保存'));
      await waitFor(() =>
        expect(api.post).toHaveBeenCalledWith(UPDATE_URL, { id: 1, reason: 'instrumentFault', remark: 'checked' }),
      );
    },
  );

  it('sends the filters in the body, revoked records only when asked for', { timeout: 20_000 }, async () => {
    renderWithProviders(<DataAuditSettingsPage />);
    await screen.findByTestId('data-audit-records-table', undefined, SLOW);
    await waitFor(() => expect(api.post.mock.calls.some(([url]) => url === LIST_URL)).toBe(true));
    const first = api.post.mock.calls.find(([url]) => url === LIST_URL)?.[1] as Record<string, unknown>;
    expect(first.includeRevoked).toBeUndefined();
    fireEvent.click(screen.getByRole('search').querySelector('input[type="checkbox"]') as HTMLInputElement);
    fireEvent.click(button(screen.getByRole('search'), '查询'));
    await waitFor(() =>
      expect(
        api.post.mock.calls.some(
          ([url, body]) => url === LIST_URL && (body as { includeRevoked?: boolean }).includeRevoked === true,
        ),
      ).toBe(true),
    );
  });
});
