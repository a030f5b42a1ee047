// @vitest-environment jsdom
import { CRUD, type Page } from '@envmon/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n';
import type { Permissions } from '../can';
import { installAntdShims, renderWithProviders } from '../../test/render';
import { CrudPage } from './crud-page';
import type { CrudRow } from './form-values';

const api = vi.hoisted(() => ({
  get: vi.fn(),
  post: vi.fn(),
  download: vi.fn(() => Promise.resolve()),
}));
vi.mock('../../lib/api', () => ({ api }));
const exportThroughLink = vi.hoisted(() => vi.fn());
vi.mock('../../lib/export-link', () => ({ exportThroughLink }));

const ROLES: CrudRow[] = [
  { id: 1, roleName: 'admin', remark: null, builtIn: true, resourceIds: [1, 2, 3] },
  { id: 2, roleName: 'operator', remark: '值班', builtIn: false, resourceIds: [2] },
];
const page = (list: CrudRow[]): Page<CrudRow> => ({ list, total: list.length, pageNum: 1, pageSize: 20 });

const admin: Permissions = { isAdmin: true, codes: new Set() };
const reader: Permissions = { isAdmin: false, codes: new Set(['system.role']) };

/** A button by its visible text (role queries are slow on antd's large DOM in jsdom). */
function button(scope: HTMLElement, text: string): HTMLButtonElement {
  const found = within(scope).getByText(text, { selector: 'button span' }).closest('button');
  if (!found) throw new Error(`no button ${text}`);
  return found;
}

function dialogElement(): HTMLElement {
  const found = document.querySelector<HTMLElement>('.ant-modal');
  if (!found) throw new Error('no dialog');
  return found;
}

/** The dialog's primary button (antd's locale names it). */
function okButton(dialog: HTMLElement): HTMLButtonElement {
  const found = dialog.querySelector<HTMLButtonElement>('.ant-modal-footer .ant-btn-primary');
  if (!found) throw new Error('no OK button');
  return found;
}

function renderPage(permissions: Permissions, ui: ReactNode = <CrudPage def={CRUD.role} />) {
  return renderWithProviders(ui, permissions);
}

beforeAll(installAntdShims);

beforeEach(async () => {
  await i18n.changeLanguage('zh-CN');
  api.get.mockImplementation((url: string) => {
    if (url.endsWith('/role/rest/getAll')) return Promise.resolve(page(ROLES));
    if (url.endsWith('/resource/rest/getAll')) return Promise.resolve(page([]));
    return Promise.reject(new Error(`unexpected ${url}`));
  });
  api.post.mockResolvedValue(null);
  exportThroughLink.mockResolvedValue(undefined);
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

// antd renders a lot in jsdom; a slow machine needs more than the default 5 s per test.
describe('CrudPage', { timeout: 30_000 }, () => {
  it('lists rows with the definition’s columns, paged from the server', async () => {
    renderPage(admin);
    expect(await screen.findByText('operator')).toBeTruthy();
    expect(screen.getByText(i18n.t('system.role.roleName'), { selector: 'th, th *' })).toBeTruthy();
    expect(api.get).toHaveBeenCalledWith('/manager/system/role/rest/getAll', { pageNum: 1, pageSize: 20 });
    // resourceIds is a count column.
    const row = screen.getByText('operator').closest('tr');
    expect(row && within(row).getByText('1')).toBeTruthy();
  });

  it('hides write actions from a user without the write code', async () => {
    renderPage(reader);
    await screen.findByText('operator');
    expect(screen.queryByText(i18n.t('common.actions.add'))).toBeNull();
    expect(screen.queryByText(i18n.t('common.actions.delete'))).toBeNull();
  });

  it('searches with the filter values and exports with the non-empty ones', async () => {
    renderPage(admin);
    await screen.findByText('operator');
    fireEvent.change(screen.getByPlaceholderText(i18n.t('system.role.roleName')), { target: { value: ' oper ' } });
    fireEvent.click(button(document.body, i18n.t('common.actions.search')));
    await waitFor(() =>
      expect(api.get).toHaveBeenLastCalledWith('/manager/system/role/rest/getAll', {
        roleName: 'oper',
        pageNum: 1,
        pageSize: 20,
      }),
    );
    fireEvent.click(button(document.body, i18n.t('common.actions.export')));
    expect(exportThroughLink).toHaveBeenCalledWith('/manager/system/role/rest/export', { roleName: 'oper' });
  });

  it('validates the form with the shared schema before saving', async () => {
    renderPage(admin);
    await screen.findByText('operator');
    fireEvent.click(button(document.body, i18n.t('common.actions.add')));
    const dialog = await waitFor(() => dialogElement());
    fireEvent.click(okButton(dialog));
    expect(await within(dialog).findByText(i18n.t('validation.required'))).toBeTruthy();
    expect(api.post).not.toHaveBeenCalled();

    fireEvent.change(within(dialog).getByLabelText(i18n.t('system.role.roleName')), { target: { value: ' viewer ' } });
    fireEvent.click(okButton(dialog));
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith('/manager/system/role/rest/add', {
        roleName: 'viewer',
        remark: null,
        resourceIds: [],
      }),
    );
  });

  it('edits a row with the update call and its id', async () => {
    renderPage(admin);
    const row = (await screen.findByText('operator')).closest('tr');
    if (!row) throw new Error('row not rendered');
    fireEvent.click(button(row, i18n.t('common.actions.edit')));
    const dialog = await waitFor(() => dialogElement());
    fireEvent.click(okButton(dialog));
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith('/manager/system/role/rest/update', {
        id: 2,
        roleName: 'operator',
        remark: '值班',
        resourceIds: [2],
      }),
    );
  });

  it('asks before deleting, in the spec’s words, and keeps built-in rows', async () => {
    renderPage(admin);
    const builtIn = (await screen.findByText('admin')).closest('tr');
    const deleteOf = (tr: HTMLElement) => button(tr, i18n.t('common.actions.delete'));
    if (!builtIn) throw new Error('row not rendered');
    expect(deleteOf(builtIn).disabled).toBe(true);

    const row = screen.getByText('operator').closest('tr');
    if (!row) throw new Error('row not rendered');
    fireEvent.click(deleteOf(row));
    const confirm = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('.ant-modal-confirm');
      if (!found) throw new Error('no confirmation');
      return found;
    });
    expect(confirm.querySelector('.ant-modal-confirm-title')?.textContent).toBe(
      i18n.t('common.messages.deleteConfirmTitle'),
    );
    expect(confirm.querySelector('.ant-modal-confirm-content')?.textContent).toBe(
      i18n.t('common.messages.deleteConfirm'),
    );
  });
});
