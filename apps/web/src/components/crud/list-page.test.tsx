// @vitest-environment jsdom
import { defineEndpoint, type Page } from '@envmon/shared';
import { PaperClipOutlined } from '@ant-design/icons';
import { queryOptions } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { i18n } from '../../lib/i18n';
import type { Permissions } from '../can';
import { button, installAntdShims, renderWithProviders } from '../../test/render';
import { dialog, field, rowOf } from '../../test/antd-queries';
import type { CreatingListDefinition, ListDefinition, ListQuery } from './list-definition';
import { ListPage } from './list-page';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
vi.mock('../../lib/api', () => ({ api }));

/** A list's writes under `/${name}/`, declared as packages/shared declares a real list's. */
const writesOf = (name: string) => ({
  add: defineEndpoint({ method: 'POST', path: `/${name}/add`, response: z.unknown() }),
  update: defineEndpoint({ method: 'POST', path: `/${name}/update`, response: z.unknown() }),
  remove: defineEndpoint({ method: 'GET', path: `/${name}/delete`, response: z.unknown() }),
});

interface Thing {
  id: number;
  name: string;
}

const LIST_URL = '/things/get';
const THINGS: Thing[] = [{ id: 1, name: 'first thing' }];
const page = (list: Thing[]): Page<Thing> => ({ list, total: list.length, pageNum: 1, pageSize: 20 });
const READER: Permissions = { isAdmin: false, codes: new Set(['things']) };
const WRITER: Permissions = { isAdmin: false, codes: new Set(['things', 'things:write']) };
const SLOW = { timeout: 10_000 };

const DEF: CreatingListDefinition<Thing, readonly ['things', ListQuery]> = {
  permission: 'things',
  pageTestId: 'things-page',
  testId: 'things',
  help: 'common.table.actions',
  endpoints: { keyRoot: ['things'], ...writesOf('things') },
  listQuery: (query) =>
    queryOptions({
      queryKey: ['things', query] as const,
      queryFn: () => api.get(LIST_URL, query) as Promise<Page<Thing>>,
    }),
  columns: [{ key: 'name', kind: 'text', name: 'name', title: 'common.remark', width: 200 }],
  filters: [{ kind: 'text', name: 'name', label: 'common.remark' }],
  filterWidth: 180,
  toolbar: 'beside',
  addLabel: 'common.actions.add',
  empty: 'common.states.loadFailed',
  actions: {
    style: 'button',
    width: 250,
    readWidth: 110,
    items: [
      {
        kind: 'open',
        panel: 'notes',
        label: 'common.actions.refresh',
        icon: <PaperClipOutlined />,
        testId: true,
        write: false,
      },
      { kind: 'edit', testId: true },
      { kind: 'delete' },
    ],
  },
  panels: {
    notes: (row, onClose) => (
      <button type="button" data-testid="notes-panel" onClick={onClose}>
        {row.name}
      </button>
    ),
  },
  form: {
    schema: z.object({ name: z.string().min(1) }),
    fields: [{ kind: 'text', name: 'name', label: 'common.remark', required: true }],
    addTitle: 'common.actions.add',
    editTitle: 'common.actions.edit',
    width: 640,
    testId: 'things-form',
    toFormValues: (row) => ({ name: row?.name }),
    toInput: (values) => values,
    afterCreate: 'notes',
  },
};

interface Lamp extends Thing {
  on: boolean;
}

/** A list with a switch in its form, a placeholder, and the middle table. */
const LAMPS: ListDefinition<Lamp, readonly ['lamps', ListQuery]> = {
  ...(DEF as unknown as ListDefinition<Lamp, readonly ['lamps', ListQuery]>),
  endpoints: { keyRoot: ['lamps'], ...writesOf('lamps') },
  listQuery: (query) =>
    queryOptions({
      queryKey: ['lamps', query] as const,
      queryFn: () => api.get(LIST_URL, query) as Promise<Page<Lamp>>,
    }),
  tableSize: 'middle',
  panels: undefined,
  form: {
    ...DEF.form,
    schema: z.object({ name: z.string().min(1), on: z.boolean() }),
    fields: [
      { kind: 'text', name: 'name', label: 'common.remark', placeholder: 'common.actions.search' },
      { kind: 'switch', name: 'on', label: 'common.yes' },
    ],
    toFormValues: () => ({ on: false }),
    afterCreate: undefined,
  },
};

interface Coded {
  code: string;
  name: string;
  locked: boolean;
}

/** Rows named by a code, fixed once added; locked rows can't be deleted; the form has a section. */
const CODED: ListDefinition<Coded, readonly ['coded', ListQuery]> = {
  ...(DEF as unknown as ListDefinition<Coded, readonly ['coded', ListQuery]>),
  rowKey: 'code',
  endpoints: { keyRoot: ['coded'], ...writesOf('coded') },
  listQuery: (query) =>
    queryOptions({
      queryKey: ['coded', query] as const,
      queryFn: () =>
        Promise.resolve({
          list: [
            { code: 'a-1', name: 'free', locked: false },
            { code: 'b-2', name: 'locked', locked: true },
          ],
          total: 2,
          pageNum: 1,
          pageSize: 20,
        }),
    }),
  actions: {
    style: 'link',
    width: 160,
    items: [
      { kind: 'edit', testId: true },
      { kind: 'delete', testId: true, refuse: (row) => (row.locked ? 'common.builtIn' : undefined) },
    ],
  },
  panels: undefined,
  form: {
    ...DEF.form,
    schema: z.object({ code: z.string().min(1), name: z.string() }),
    fields: [
      { kind: 'text', name: 'code', label: 'common.remark', extra: 'common.yes', createOnly: true },
      { kind: 'section', name: 'more', label: 'common.no', extra: 'common.actions.search' },
      { kind: 'text', name: 'name', label: 'common.actions.edit' },
    ],
    toFormValues: (row) => ({ code: row?.code, name: row?.name }),
    afterCreate: undefined,
  },
};

beforeAll(installAntdShims);

beforeEach(async () => {
  await i18n.changeLanguage('zh-CN');
  api.get.mockImplementation((url: string) =>
    url === LIST_URL ? Promise.resolve(page(THINGS)) : Promise.resolve(null),
  );
  api.post.mockImplementation((_url: string, body: Partial<Thing>) => Promise.resolve({ ...body, id: body.id ?? 9 }));
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('ListPage', { timeout: 30_000 }, () => {
  it('offers readers only the actions for readers, and no add', async () => {
    renderWithProviders(<ListPage def={DEF} />, READER);
    const row = await rowOf('first thing');
    expect(screen.getByTestId('things-page')).toBeTruthy();
    expect(screen.getByTestId('things-notes-1')).toBeTruthy();
    expect(screen.queryByTestId('things-edit-1')).toBeNull();
    expect(screen.queryByTestId('things-add')).toBeNull();
    expect(row.textContent).not.toContain('删除');
    fireEvent.click(screen.getByTestId('things-notes-1'));
    fireEvent.click(await screen.findByTestId('notes-panel'));
    await waitFor(() => expect(screen.queryByTestId('notes-panel')).toBeNull());
  });

  it('searches with the trimmed filters from page 1', async () => {
    renderWithProviders(<ListPage def={DEF} />, WRITER);
    await rowOf('first thing');
    const filters = screen.getByRole('search');
    fireEvent.change(field(filters, 'things-filter_name'), { target: { value: ' fir ' } });
    fireEvent.click(button(filters, '查询'));
    await waitFor(() => expect(api.get).toHaveBeenCalledWith(LIST_URL, { name: 'fir', pageNum: 1, pageSize: 20 }));
  });

  it('adds through the schema-checked form, then opens the panel on the new row', async () => {
    renderWithProviders(<ListPage def={DEF} />, WRITER);
    await rowOf('first thing');
    fireEvent.click(screen.getByTestId('things-add'));
    const form = dialog();
    fireEvent.click(button(form, '保存'));
    await waitFor(() => expect(form.querySelector('.ant-form-item-explain')).not.toBeNull());
    expect(api.post).not.toHaveBeenCalled();
    fireEvent.change(field(form, 'name'), { target: { value: 'second' } });
    fireEvent.click(button(form, '保存'));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith('/things/add', { name: 'second' }));
    expect((await screen.findByTestId('notes-panel', undefined, SLOW)).textContent).toBe('second');
  });

  it('edits by id and deletes after confirmation', async () => {
    renderWithProviders(<ListPage def={DEF} />, WRITER);
    await rowOf('first thing');
    fireEvent.click(screen.getByTestId('things-edit-1'));
    fireEvent.click(button(dialog(), '保存'));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith('/things/update', { name: 'first thing', id: 1 }));
    fireEvent.click(button(await rowOf('first thing'), '删除'));
    const confirm = (await screen.findByText(i18n.t('common.messages.deleteConfirm'))).closest<HTMLElement>(
      '.ant-modal',
    );
    const ok = confirm?.querySelector<HTMLElement>('.ant-btn-dangerous');
    if (!ok) throw new Error('no confirmation');
    fireEvent.click(ok);
    await waitFor(() => expect(api.get).toHaveBeenCalledWith('/things/delete', { id: 1 }));
  });

  it('draws the table in the size asked for, and saves a switch as a boolean', async () => {
    renderWithProviders(<ListPage def={LAMPS} />, WRITER);
    await rowOf('first thing');
    expect(screen.getByTestId('things-table').classList).toContain('ant-table-medium');
    fireEvent.click(screen.getByTestId('things-add'));
    const form = dialog();
    expect(field(form, 'name').placeholder).toBe('查询');
    fireEvent.change(field(form, 'name'), { target: { value: 'lamp' } });
    fireEvent.click(within(form).getByRole('switch'));
    fireEvent.click(button(form, '保存'));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith('/lamps/add', { name: 'lamp', on: true }));
  });

  it('names rows by their key field, refuses deleting with a reason, and keeps a create-only field fixed', async () => {
    renderWithProviders(<ListPage def={CODED} />, WRITER);
    await rowOf('locked');
    expect(screen.getByTestId('things-delete-b-2').hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('things-delete-a-1').hasAttribute('disabled')).toBe(false);
    fireEvent.click(screen.getByTestId('things-edit-a-1'));
    const form = dialog();
    expect(field(form, 'code').disabled).toBe(true);
    expect(within(form).queryByText('是')).toBeNull();
    expect(within(form).getByText('否').closest('.ant-divider')).not.toBeNull();
    expect(within(form).getByText('查询')).toBeTruthy();
    fireEvent.change(field(form, 'name'), { target: { value: 'renamed' } });
    fireEvent.click(button(form, '保存'));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith('/coded/update', { code: 'a-1', name: 'renamed' }));
    fireEvent.click(screen.getByTestId('things-delete-a-1'));
    const confirm = (await screen.findByText(i18n.t('common.messages.deleteConfirm'))).closest<HTMLElement>(
      '.ant-modal',
    );
    const ok = confirm?.querySelector<HTMLElement>('.ant-btn-dangerous');
    if (!ok) throw new Error('no confirmation');
    fireEvent.click(ok);
    await waitFor(() => expect(api.get).toHaveBeenCalledWith('/coded/delete', { code: 'a-1' }));
  });

  it('shows a create-only field’s hint when adding, editable', async () => {
    renderWithProviders(<ListPage def={CODED} />, WRITER);
    await rowOf('locked');
    fireEvent.click(screen.getByTestId('things-add'));
    const form = dialog();
    expect(field(form, 'code').disabled).toBe(false);
    expect(within(form).getByText('是')).toBeTruthy();
  });
});
