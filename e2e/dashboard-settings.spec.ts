import { I18N_RESOURCES } from '@envmon/shared';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { blockingAxeFindings } from './specs-support/axe.js';
import { chooseOption, openSelectDropdown } from './specs-support/report-helpers.js';
import { AdminApi, apiLogin, credentialsOf, signInViaApi, uniqueUserName } from './specs-support/session.js';
import { rowWith } from './specs-support/list-screen.js';

/**
 * Settings → dashboard through the console: admin prepares a new operator's configuration (the operator's role
 * defaults, a trend factor), sees it listed by labels, edits it, is refused a second one for the same user and
 * deletes it; a user holding only settings.dashboard (and its write) sees and configures only their own.
 */

const CARDS = I18N_RESOURCES['zh-CN'].dashboard.cards;
const PASSWORD = 'Dash@12345';
const DASHBOARD_API = '/manager/settings/dashboard/rest';

interface Envelope<T> {
  code: string;
  desc: string;
  data: T;
}

async function call<T>(response: Promise<{ json(): Promise<unknown> }>, what: string): Promise<T> {
  const body = (await (await response).json()) as Envelope<T>;
  expect(body.code, `${what}: ${body.desc}`).toBe('000000');
  return body.data;
}

/** A role holding Settings › dashboard and its write, for a user who is not admin. */
async function addDashboardRole(request: APIRequestContext, token: string, roleName: string): Promise<number> {
  const headers = { token };
  const resources = await call<{ list: { id: number; resCode: string }[] }>(
    request.get('/manager/system/resource/rest/getAll', { headers, params: { pageNum: 1, pageSize: 1000 } }),
    'list resources',
  );
  const codes = ['settings', 'settings.dashboard', 'settings.dashboard:write'];
  const resourceIds = resources.list.filter((r) => codes.includes(r.resCode)).map((r) => r.id);
  expect(resourceIds).toHaveLength(codes.length);
  const role = await call<{ id: number }>(
    request.post('/manager/system/role/rest/add', { headers, data: { roleName, resourceIds } }),
    'add role',
  );
  return role.id;
}

/** Narrows the list to a user's configuration (the name filter matches user names too). */
async function filterBy(screen: Locator, text: string): Promise<void> {
  const filters = screen.getByRole('search');
  await filters.getByLabel('配置名称', { exact: true }).fill(text);
  await filters.getByRole('button', { name: /查\s*询/ }).click();
}

async function save(dialog: Locator): Promise<void> {
  await dialog.getByRole('button', { name: /^保\s*存$/ }).click();
}

async function deleteRow(page: Page, row: Locator): Promise<void> {
  await row.getByRole('button', { name: /删\s*除/ }).click();
  await page
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /^确\s*定$|^OK$/ })
    .click();
}

test('admin prepares, edits and deletes a new operator’s dashboard, listed by labels; a second one is refused', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const admin = await AdminApi.signIn(request);
  const userName = uniqueUserName('dash-op');
  const user = await admin.addUser({ userName, password: PASSWORD, name: '看板值班员', roleNames: ['operator'] });
  try {
    await signInViaApi(page, credentialsOf('admin'), '/settings/dashboard');
    const screen = page.getByTestId('dashboard-settings-page');
    await expect(screen).toBeVisible();

    const addFor = async () => {
      await screen.getByTestId('dashboard-settings-add').click();
      const dialog = page.getByRole('dialog', { name: '新增看板配置' });
      await chooseOption(page, dialog.getByLabel('用户', { exact: true }), `看板值班员 (${userName})`, userName);
      await dialog.getByLabel('配置名称', { exact: true }).fill(`夜班 ${userName}`);
      return dialog;
    };

    const dialog = await addFor();
    // An operator's home starts from the editor cards: their stations and work orders.
    await expect(dialog.getByText(CARDS.workOrders)).toBeVisible();
    await chooseOption(page, dialog.getByLabel('趋势因子', { exact: true }), '氨氮 (w21003)', '氨氮');
    await page.keyboard.press('Escape');
    await expect(openSelectDropdown(page)).toHaveCount(0);
    expect(await blockingAxeFindings(page, 'dashboard settings form', { include: '.ant-modal' })).toEqual([]);
    await save(dialog);
    await expect(dialog).toBeHidden();

    await filterBy(screen, userName);
    const row = rowWith(screen, userName);
    await expect(row).toContainText(`夜班 ${userName}`);
    await expect(row).toContainText(`${CARDS.states}、${CARDS.stations}、${CARDS.workOrders}`);
    await expect(row).toContainText(CARDS.map);
    await expect(row).toContainText('范围内全部站点');
    await expect(row).toContainText('氨氮');
    await expect(row).not.toContainText('w21003');
    await expect(row).toContainText('60 秒');
    await expect(row).toContainText('不轮播');
    expect(
      await blockingAxeFindings(page, '/settings/dashboard', { include: '[data-testid="dashboard-settings-page"]' }),
    ).toEqual([]);

    await row.getByRole('button', { name: /编\s*辑/ }).click();
    const edit = page.getByRole('dialog', { name: '编辑看板配置' });
    await edit.getByLabel('轮播间隔（秒）', { exact: true }).fill('20');
    await save(edit);
    await expect(edit).toBeHidden();
    await expect(row).toContainText('20 秒');

    // One configuration per user: the server refuses a second and the dialog stays open.
    const again = await addFor();
    await save(again);
    await expect(page.getByText('该用户已有看板配置！')).toBeVisible();
    await expect(again).toBeVisible();
    await again.getByRole('button', { name: /^取\s*消$/ }).click();

    await deleteRow(page, row);
    await expect(rowWith(screen, userName)).toHaveCount(0);
  } finally {
    await admin.deleteUser(user.id);
  }
});

test('a user with Settings › dashboard sees and configures only their own', async ({ page, request }) => {
  test.setTimeout(120_000);
  const admin = await AdminApi.signIn(request);
  const token = await apiLogin(request, credentialsOf('admin'));
  const roleName = uniqueUserName('dash-role');
  const roleId = await addDashboardRole(request, token, roleName);
  const me = { userName: uniqueUserName('dash-me'), password: PASSWORD };
  const other = { userName: uniqueUserName('dash-other'), password: PASSWORD };
  const meRow = await admin.addUser({ ...me, name: '看板自己', roleNames: [roleName] });
  const otherRow = await admin.addUser({ ...other, name: '看板他人', roleNames: [roleName] });
  try {
    const theirs = await call<{ id: number }>(
      request.post(`${DASHBOARD_API}/add`, {
        headers: { token },
        data: {
          userId: otherRow.id,
          name: `他人 ${other.userName}`,
          homeCards: ['states'],
          wallCards: ['map'],
          refreshSeconds: 60,
          rotateSeconds: 0,
        },
      }),
      'add the other user’s configuration',
    );

    await signInViaApi(page, me, '/settings/dashboard');
    const screen = page.getByTestId('dashboard-settings-page');
    await screen.getByTestId('dashboard-settings-add').click();
    const dialog = page.getByRole('dialog', { name: '新增看板配置' });
    // Only themselves: filled in and locked.
    await expect(dialog.getByLabel('用户', { exact: true })).toBeDisabled();
    await expect(dialog).toContainText(`看板自己 (${me.userName})`);
    await expect(dialog).toContainText('只能配置自己的看板');
    await dialog.getByLabel('配置名称', { exact: true }).fill(`自己 ${me.userName}`);
    await save(dialog);
    await expect(dialog).toBeHidden();

    const mine = rowWith(screen, me.userName);
    await expect(mine).toContainText(`自己 ${me.userName}`);
    await expect(mine).toContainText(CARDS.stations);
    // The list holds their own only, even when asked for another's.
    await expect(screen.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(1);
    await filterBy(screen, other.userName);
    await expect(screen.getByText('暂无看板配置')).toBeVisible();
    await filterBy(screen, '');

    await deleteRow(page, rowWith(screen, me.userName));
    await expect(screen.getByText('暂无看板配置')).toBeVisible();

    await call<null>(
      request.get(`${DASHBOARD_API}/delete`, { headers: { token }, params: { id: theirs.id } }),
      'delete the other user’s configuration',
    );
  } finally {
    await admin.deleteUser(meRow.id);
    await admin.deleteUser(otherRow.id);
    await call<null>(
      request.get('/manager/system/role/rest/delete', { headers: { token }, params: { id: roleId } }),
      'delete the role',
    );
  }
});
