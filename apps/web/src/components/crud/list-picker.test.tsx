// @vitest-environment jsdom
import { defineEndpoint, type Page } from '@envmon/shared';
import { queryOptions } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { i18n } from '../../lib/i18n';
import { button, installAntdShims, renderWithProviders } from '../../test/render';
import { choose, dialog, field, rowOf } from '../../test/antd-queries';
import type { CreatingListDefinition, ListDefinition, ListQuery } from './list-definition';
import { ListPage } from './list-page';
import { ListTabs } from './list-tabs';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
vi.mock('../../lib/api', () => ({ api }));

/** A list's writes under `/${name}/`, declared as packages/shared declares a real list's. */
const writesOf = (name: string) => ({
  add: defineEndpoint({ method: 'POST', path: `/${name}/add`, response: z.unknown() }),
  update: defineEndpoint({ method: 'POST', path: `/${name}/update`, response: z.unknown() }),
  remove: defineEndpoint({ method: 'GET', path: `/${name}/delete`, response: z.unknown() }),
});

interface Meal {
  id: number;
  course: string;
  dish: string;
}

const DISHES: Record<string, string[]> = { starter: ['soup', 'salad'], main: ['fish', 'stew'] };
/** The dishes of the chosen course, in the console's language (as a factor picker follows a device). */
const useDishPicker = (course: unknown) => ({
  options: (DISHES[String(course)] ?? []).map((dish) => ({ value: dish, label: `${dish}·${i18n.language}` })),
});
const courseOptions = () => Object.keys(DISHES).map((course) => ({ value: course, label: course }));

const MEALS: CreatingListDefinition<Meal, readonly ['meals', ListQuery]> = {
  permission: 'meals',
  pageTestId: 'meals-page',
  testId: 'meals',
  endpoints: { keyRoot: ['meals'], ...writesOf('meals') },
  listQuery: (query) =>
    queryOptions({
      queryKey: ['meals', query] as const,
      queryFn: () => api.get('/meals/get', query) as Promise<Page<Meal>>,
    }),
  columns: [
    {
      key: 'dish',
      kind: 'custom',
      title: 'common.remark',
      width: 200,
      render: (row, { lang }) => `${row.dish} (${lang})`,
    },
  ],
  filters: [
    { kind: 'select', name: 'course', label: 'common.yes', options: courseOptions },
    { kind: 'picker', name: 'dish', label: 'common.no', usePicker: useDishPicker, dependsOn: 'course', search: true },
  ],
  filterWidth: 180,
  toolbar: 'below',
  addLabel: 'common.actions.add',
  empty: 'common.states.loadFailed',
  actions: { style: 'link', width: 100, items: [] },
  form: {
    schema: z.object({ course: z.string(), dish: z.string() }),
    fields: [
      { kind: 'select', name: 'course', label: 'common.yes', options: courseOptions },
      { kind: 'picker', name: 'dish', label: 'common.no', usePicker: useDishPicker, dependsOn: 'course' },
    ],
    addTitle: 'common.actions.add',
    editTitle: 'common.actions.edit',
    width: 640,
    testId: 'meals-form',
    toFormValues: () => ({}),
    toInput: (values) => values,
  },
};

/** A menu of several dishes in the order chosen, at most two; picking a course starts it from that course's dishes. */
const MENUS: ListDefinition<Meal, readonly ['meals', ListQuery]> = {
  ...MEALS,
  form: {
    ...MEALS.form,
    schema: z.object({ course: z.string(), dishes: z.array(z.string()).max(2), cook: z.string() }),
    fields: [
      {
        kind: 'picker',
        name: 'course',
        label: 'common.yes',
        usePicker: () => ({ options: courseOptions() }),
        onPick: (option, form, editing) => {
          if (!editing) form.setFieldValue('dishes', DISHES[(option as { value: string }).value]?.slice(0, 1));
        },
      },
      {
        kind: 'picker',
        name: 'dishes',
        label: 'common.no',
        usePicker: useDishPicker,
        dependsOn: 'course',
        multiple: true,
        maxCount: 2,
      },
      { kind: 'text', name: 'cook', label: 'common.remark', disabled: true },
    ],
    toFormValues: () => ({ cook: 'me' }),
  },
};

const optionsShown = () =>
  [...document.querySelectorAll('.ant-select-item-option-content')].map((option) => option.textContent);

beforeAll(installAntdShims);

beforeEach(async () => {
  await i18n.changeLanguage('zh-CN');
  api.get.mockResolvedValue({ list: [{ id: 1, course: 'main', dish: 'fish' }], total: 1, pageNum: 1, pageSize: 20 });
  api.post.mockImplementation((_url: string, body: object) => Promise.resolve({ ...body, id: 2 }));
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('pickers that follow another field', { timeout: 30_000 }, () => {
  it('offers the filter’s choices of the chosen value and searches with both', async () => {
    renderWithProviders(<ListPage def={MEALS} />);
    expect(await rowOf('fish (zh)')).toBeTruthy();
    const filters = screen.getByRole('search');
    await choose(filters, 'meals-filter_course', 'starter');
    await choose(filters, 'meals-filter_dish', 'salad·zh-CN');
    expect(optionsShown()).not.toContain('fish·zh-CN');
    fireEvent.click(button(filters, '查询'));
    await waitFor(() =>
      expect(api.get).toHaveBeenCalledWith('/meals/get', {
        course: 'starter',
        dish: 'salad',
        pageNum: 1,
        pageSize: 20,
      }),
    );
  });

  it('changes a form picker’s choices when the field it follows changes', async () => {
    renderWithProviders(<ListPage def={MEALS} />);
    await rowOf('fish (zh)');
    fireEvent.click(screen.getByTestId('meals-add'));
    const form = dialog();
    await choose(form, 'course', 'main');
    await choose(form, 'dish', 'stew·zh-CN');
    fireEvent.click(button(form, '保存'));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith('/meals/add', { course: 'main', dish: 'stew' }));
  });
});

describe('multiple choice', { timeout: 30_000 }, () => {
  it('keeps several values in the order chosen, sets fields from a pick, and sends a locked field as it is', async () => {
    renderWithProviders(<ListPage def={MENUS} />);
    await rowOf('fish (zh)');
    fireEvent.click(screen.getByTestId('meals-add'));
    const form = dialog();
    expect(field(form, 'cook').disabled).toBe(true);
    await choose(form, 'course', 'main');
    await choose(form, 'dishes', 'stew·zh-CN');
    fireEvent.click(button(form, '保存'));
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith('/meals/add', { course: 'main', dishes: ['fish', 'stew'], cook: 'me' }),
    );
  });
});

describe('ListTabs', { timeout: 30_000 }, () => {
  it('opens on the first tab, mounts only the open one, and embeds a list without its own card', async () => {
    renderWithProviders(
      <ListTabs
        testId="menu-page"
        tabs={[
          { key: 'meals', label: 'common.yes', content: () => <ListPage def={MEALS} embedded /> },
          { key: 'other', label: 'common.no', content: () => <p data-testid="other-tab">other</p> },
        ]}
      />,
    );
    await rowOf('fish (zh)');
    expect(screen.getByTestId('menu-page')).toBeTruthy();
    expect(screen.queryByTestId('meals-page')).toBeNull();
    expect(screen.queryByTestId('other-tab')).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: '否' }));
    expect(await screen.findByTestId('other-tab')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('meals-table')).toBeNull());
  });
});
