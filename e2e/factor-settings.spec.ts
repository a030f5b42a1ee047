import { type APIRequestContext, expect, type Locator, type Page, request as playwright, test } from '@playwright/test';
import { baseURL } from './support/env.js';
import { visibleUntranslatedKeys } from './specs-support/i18n-scan.js';
import { chooseOption, searchUntil } from './specs-support/report-helpers.js';
import { apiLogin, credentialsOf, signInViaApi } from './specs-support/session.js';

/**
 * Settings → monitor factors: filter the catalogue, mark COD as an isotope so the isotope report lists it for
 * the demo station, then clear the mark again; add a factor of one's own, find it and delete it.
 * The queries spec (run later against the same server) expects the demo catalogue without isotopes, so COD's
 * category is put back to none through the API before and after, whatever happens in between.
 */

const FACTOR_URL = '/manager/settings/factor/rest';
const PATH = '/settings/factor';
/** COD, which the demo water stations send (apps/server/src/simulator/). */
const COD = 'w01018';
const COD_NAME = '化学需氧量';
const STATION = '模拟水站 1';
/** Air temperature, the first factor of the catalogue's first page. */
const TEMPERATURE = 'a01001';

interface FactorRow {
  factorCode: string;
  category?: string | null;
  builtIn: boolean;
  [field: string]: unknown;
}

interface Envelope<T> {
  code: string;
  desc: string;
  data: T;
}

/** Admin API calls for setting up and cleaning up the catalogue. */
async function withAdminApi<T>(run: (call: (path: string, body?: object) => Promise<unknown>) => Promise<T>) {
  const context: APIRequestContext = await playwright.newContext({ baseURL: baseURL() });
  try {
    const token = await apiLogin(context, credentialsOf('admin'));
    const call = async (path: string, body?: object) => {
      const response = body
        ? await context.post(`${FACTOR_URL}${path}`, { headers: { token }, data: body })
        : await context.get(`${FACTOR_URL}${path}`, { headers: { token } });
      const envelope = (await response.json()) as Envelope<unknown>;
      expect(envelope.code, `${path}: ${envelope.desc}`).toBe('000000');
      return envelope.data;
    };
    return await run(call);
  } finally {
    await context.dispose();
  }
}

/** Puts COD back to no category and removes factors this spec added (e2e- codes), if any are left. */
async function restoreCatalogue(): Promise<void> {
  await withAdminApi(async (call) => {
    const { list } = (await call(`/get?pageNum=1&pageSize=200&factorCode=${COD}`)) as { list: FactorRow[] };
    const cod = list.find((f) => f.factorCode === COD);
    expect(cod, `${COD} is in the catalogue`).toBeDefined();
    if (cod && cod.category !== null && cod.category !== undefined) {
      const { builtIn: _builtIn, ...input } = cod;
      await call('/update', { ...input, category: null });
    }
    const mine = (await call('/get?pageNum=1&pageSize=200&factorCode=e2e-')) as { list: FactorRow[] };
    for (const factor of mine.list) await call(`/delete?factorCode=${encodeURIComponent(factor.factorCode)}`);
  });
}

test.beforeAll(restoreCatalogue);
test.afterAll(restoreCatalogue);

/** Types a code into the filter bar and searches. */
async function filterByCode(screen: Locator, code: string): Promise<void> {
  const filters = screen.getByRole('search');
  await filters.getByLabel('因子编码', { exact: true }).fill(code);
  await filters.getByRole('button', { name: /查\s*询$/ }).click();
}

function bodyRows(screen: Locator): Locator {
  return screen.locator('.ant-table-tbody tr.ant-table-row');
}

function rowOf(page: Page, screen: Locator, code: string): Locator {
  return bodyRows(screen).filter({ has: page.getByRole('cell', { name: code, exact: true }) });
}

/** Opens the factor's edit dialog, picks a category and saves. */
async function setCategory(page: Page, screen: Locator, code: string, category: string): Promise<void> {
  await screen.getByTestId(`factor-edit-${code}`).click();
  const dialog = page.getByRole('dialog', { name: '编辑监测因子' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('因子编码', { exact: true })).toBeDisabled();
  await chooseOption(page, dialog.getByLabel('类别', { exact: true }), category);
  await dialog.getByRole('button', { name: /^保\s*存$/ }).click();
  await expect(dialog).toBeHidden();
}

test('marking COD as an isotope puts it in the isotope report; clearing the mark takes it out', async ({ page }) => {
  test.setTimeout(120_000);
  await signInViaApi(page, credentialsOf('admin'), PATH);
  const screen = page.getByTestId('factor-settings-page');
  await expect(screen).toBeVisible();

  await filterByCode(screen, COD);
  await expect(bodyRows(screen)).toHaveCount(1);
  const cod = rowOf(page, screen, COD);
  await expect(cod).toContainText(COD_NAME);
  await expect(cod).toContainText('内置');
  // Built-in factors can be edited but not deleted.
  await expect(screen.getByTestId(`factor-delete-${COD}`)).toBeDisabled();

  await setCategory(page, screen, COD, '同位素');
  await expect(page.getByText('操作成功！')).toBeVisible();
  await expect(cod.getByRole('cell', { name: '同位素', exact: true })).toBeVisible();

  await page.goto('/report/isotope');
  const isotope = page.getByTestId('report-isotope-page');
  await expect(isotope).toBeVisible();
  await chooseOption(page, isotope.getByLabel('设备', { exact: true }), STATION);
  const rows = isotope.getByTestId('isotope-rows');
  await searchUntil(isotope, isotope.getByTestId('isotope-search'), () =>
    expect(rows.getByRole('row').filter({ hasText: STATION }).filter({ hasText: COD_NAME })).toBeVisible({
      timeout: 5_000,
    }),
  );
  await expect(isotope.getByTestId('isotope-no-factors')).toHaveCount(0);
  await expect(isotope.getByText(`同位素因子：${COD_NAME}`)).toBeVisible();

  // Back to none through the screen (the hooks make sure of it too).
  await page.goto(PATH);
  await filterByCode(screen, COD);
  await setCategory(page, screen, COD, '无');
  await expect(rowOf(page, screen, COD).getByRole('cell', { name: '同位素', exact: true })).toHaveCount(0);
});

test('a factor added through the form is listed and can be deleted after confirming', async ({ page }) => {
  const code = `e2e-${Date.now().toString(36)}`;
  await signInViaApi(page, credentialsOf('admin'), PATH);
  const screen = page.getByTestId('factor-settings-page');
  await expect(screen).toBeVisible();

  await screen.getByTestId('factor-add').click();
  const dialog = page.getByRole('dialog', { name: '新增监测因子' });
  await expect(dialog).toBeVisible();
  // The shared schema checks the form: nothing filled in is refused.
  await dialog.getByRole('button', { name: /^保\s*存$/ }).click();
  await expect(dialog.locator('.ant-form-item-explain-error')).not.toHaveCount(0);

  await dialog.getByLabel('因子编码', { exact: true }).fill(code);
  await dialog.getByLabel('中文名称', { exact: true }).fill('端到端因子');
  await dialog.getByLabel('英文名称', { exact: true }).fill('E2E factor');
  await chooseOption(page, dialog.getByLabel('类型', { exact: true }), '空气');
  await dialog.getByLabel('单位', { exact: true }).fill('Bq/m3');
  await dialog.getByLabel('小数位数', { exact: true }).fill('2');
  await dialog.getByRole('button', { name: /^保\s*存$/ }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('操作成功！')).toBeVisible();

  await filterByCode(screen, code);
  const row = rowOf(page, screen, code);
  await expect(bodyRows(screen)).toHaveCount(1);
  await expect(row).toContainText('端到端因子');
  await expect(row).toContainText('空气');
  await expect(row).toContainText('Bq/m3');

  await screen.getByTestId(`factor-delete-${code}`).click();
  const confirm = page.getByRole('dialog').filter({ hasText: '确认删除吗？' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: /^确\s*定$/ }).click();
  await expect(confirm).toBeHidden();
  await expect(screen.getByTestId('factor-empty')).toBeVisible();
});

test('the screen and its form read in English in the dark theme, with no untranslated key', async ({
  page,
  context,
}) => {
  await context.addCookies([
    { name: 'language', value: 'en-US', url: baseURL() },
    { name: 'theme', value: 'dark', url: baseURL() },
  ]);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await signInViaApi(page, credentialsOf('admin'), PATH);
  const screen = page.getByTestId('factor-settings-page');
  // The catalogue lists air factors first: temperature.
  const temperature = rowOf(page, screen, TEMPERATURE);
  await expect(temperature).toContainText('Air');
  await expect(temperature).toContainText('Built-in');
  expect(await visibleUntranslatedKeys(page)).toEqual([]);

  await screen.getByTestId(`factor-edit-${TEMPERATURE}`).click();
  const dialog = page.getByRole('dialog', { name: 'Edit monitor factor' });
  await expect(dialog.getByText('Quality parameters', { exact: true })).toBeVisible();
  await expect(dialog.getByLabel('Category', { exact: true })).toBeVisible();
  expect(await visibleUntranslatedKeys(page)).toEqual([]);
  await dialog.getByRole('button', { name: /^Cancel$/ }).click();
  await expect(dialog).toBeHidden();
  expect(errors).toEqual([]);
});
