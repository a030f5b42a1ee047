import { expect, type APIRequestContext, type Locator, type Page, test } from '@playwright/test';
import { deviceBody, DeviceApi, uniquePrefix } from './specs-support/devices-api.js';
import { visibleUntranslatedKeys } from './specs-support/i18n-scan.js';
import { credentialsOf, signInViaApi } from './specs-support/session.js';

/**
 * The device dialog places a device (issue 14, points 3, 4 and 12): its type is chosen from the
 * HJ 212 system codes by name, its project and address group are chosen in the dialog, and a real
 * station's 24-character access password is taken. The device is then found under its project in
 * the tree, its type named in the list, and the edit dialog shows all of it again.
 */

const DEVICE_PAGE = '/system/device';
const CLASSIFY = '/manager/system/device/deploy/classify/rest';
/** A real station's PW (shared/HJ212.md, the ST=22 hourly packet). */
const REAL_PW = 'BF470F88957588DE902D1A52';
/** HJ 212 system code 22 and its names. */
const AIR = { code: '22', zh: '空气质量监测', en: 'Air quality' } as const;

interface Group {
  id: number;
  deployName: string;
}

async function addGroup(
  request: APIRequestContext,
  token: string,
  deployName: string,
  deployType: number,
  deployNameEn: string,
): Promise<Group> {
  const response = await request.post(`${CLASSIFY}/add`, {
    headers: { token },
    data: { deployName, deployNameEn, deployType },
  });
  const envelope = (await response.json()) as { status: number; data: Group };
  expect(envelope, `add group ${deployName}`).toMatchObject({ status: 200 });
  return envelope.data;
}

async function removeGroup(request: APIRequestContext, token: string, id: number): Promise<void> {
  await request.get(`${CLASSIFY}/delete`, { headers: { token }, params: { id } });
}

/** A device as the API lists it, with what this spec checks. */
interface StoredDevice {
  id: number;
  deviceCode: string;
  deviceType: string;
  password: string | null;
}

async function storedDevice(request: APIRequestContext, token: string, code: string): Promise<StoredDevice> {
  const response = await request.get('/manager/system/device/rest/getAll', {
    headers: { token },
    params: { deviceCode: code, pageNum: 1, pageSize: 10 },
  });
  const envelope = (await response.json()) as { data: { list: StoredDevice[] } };
  const found = envelope.data.list.find((device) => device.deviceCode === code);
  expect(found, `device ${code}`).toBeDefined();
  return found as StoredDevice;
}

/** Opens a select of the dialog by its label, types to narrow it, and picks the option named `option`. */
async function choose(page: Page, dialog: Locator, label: string, search: string, option: string): Promise<void> {
  await dialog.getByLabel(label, { exact: true }).click();
  await page.keyboard.type(search);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}

/** What a select of the dialog shows as chosen. */
function chosen(dialog: Locator, testId: string): Locator {
  return dialog.getByTestId(testId).locator('.ant-select-content-has-value');
}

/**
 * The tree's rows as they are drawn (antd renders the tree flat): each title with its depth. The
 * group a device sits under is the nearest row above it one level up (a group's title ends with
 * its device count).
 */
async function parentInTree(page: Page, title: string): Promise<string | null> {
  const rows = await page
    .getByTestId('device-tree')
    .locator('.ant-tree-treenode')
    .evaluateAll((nodes) =>
      nodes.map((node) => ({
        depth: node.querySelectorAll('.ant-tree-indent-unit').length,
        title: node.querySelector('.ant-tree-title')?.textContent ?? '',
      })),
    );
  const index = rows.findIndex((row) => row.title === title);
  const own = rows[index];
  if (!own) return null;
  for (let i = index - 1; i >= 0; i -= 1) {
    const row = rows[i];
    if (row && row.depth === own.depth - 1) return row.title;
  }
  return null;
}

test('a device added with its type from the system codes, a project, a group and a 24-character PW sits under that project, its type named', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const prefix = uniquePrefix('E2EPLC');
  const name = `归类设备${prefix}`;
  const code = `${prefix}01`;
  const api = await DeviceApi.signIn(request);
  const project = await addGroup(request, api.token, `项目${prefix}`, 1, `Project ${prefix}`);
  const address = await addGroup(request, api.token, `地址${prefix}`, 2, `Area ${prefix}`);
  let deviceId: number | null = null;
  try {
    await signInViaApi(page, credentialsOf('admin'), DEVICE_PAGE);
    await expect(page.getByTestId('device-page')).toBeVisible();
    await page.getByTestId('device-add').click();
    const dialog = page.getByRole('dialog', { name: '新增设备' });
    await expect(dialog).toBeVisible();

    await dialog.getByRole('spinbutton', { name: '经度', exact: true }).fill('114.08');
    await dialog.getByRole('spinbutton', { name: '纬度', exact: true }).fill('22.56');
    await dialog.getByLabel('安装人员', { exact: true }).fill('端到端安装员');
    const date = dialog.getByLabel('安装时间', { exact: true });
    await date.click();
    await date.fill('2026-01-02');
    await date.press('Enter');
    await dialog.getByTestId('device-form-next').click();
    await dialog.getByLabel('联系单位', { exact: true }).fill('端到端测试单位');
    await dialog.getByLabel('联系人', { exact: true }).fill('测试联系人');
    await dialog.getByLabel('联系电话', { exact: true }).fill('13800138000');
    await choose(page, dialog, '维修人员', 'admin', 'admin');
    await dialog.getByTestId('device-form-next').click();
    await expect(dialog.getByTestId('device-step-details')).toBeVisible();

    await dialog.getByLabel('设备名称', { exact: true }).fill(name);
    await dialog.getByLabel('设备编码', { exact: true }).fill(code);
    // The type is a choice: every system code by its name, none typed in.
    await dialog.getByLabel('设备类型', { exact: true }).click();
    await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option').first()).toHaveText(
      '地表水质监测',
    );
    await page.keyboard.type('空气');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: AIR.zh }).click();
    await expect(chosen(dialog, 'device-field-deviceType')).toHaveText(AIR.zh);
    await choose(page, dialog, '所属项目', prefix, project.deployName);
    await choose(page, dialog, '地址分组', prefix, address.deployName);
    await dialog.getByLabel('上报间隔(秒)', { exact: true }).fill('60');
    // A real station's password is longer than HJ 212's 9 characters: taken as it is.
    await dialog.getByLabel('设备密码', { exact: true }).fill(REAL_PW);
    await expect(dialog.getByLabel('设备密码', { exact: true })).toHaveValue(REAL_PW);
    await dialog.getByTestId('device-form-submit').click();
    await expect(dialog).toBeHidden();

    const stored = await storedDevice(request, api.token, code);
    deviceId = stored.id;
    expect(stored).toMatchObject({ deviceType: AIR.code, password: REAL_PW });

    // In the tree, grouped by project: under the project chosen, not 'unclassified devices'.
    const tree = page.getByTestId('device-tree');
    await tree.getByPlaceholder('按设备名称搜索').fill(name);
    await expect(page.getByTestId('device-tree-matches')).toHaveText('找到 1 台设备');
    await expect(tree.locator('.ant-tree-title', { hasText: name })).toBeVisible();
    await expect.poll(() => parentInTree(page, name)).toBe(`${project.deployName} (1)`);
    await expect(tree.locator('.ant-tree-title', { hasText: '未分类设备' })).toHaveCount(0);
    // Grouped by address: under the group chosen.
    await page.getByTestId('device-tree-grouping').getByText('按地址', { exact: true }).click();
    await expect.poll(() => parentInTree(page, name)).toBe(`${address.deployName} (1)`);

    // The list names the type; the code is not what a person reads.
    await page.getByRole('tab', { name: '列表' }).click();
    await page.getByTestId('device-page').getByLabel('设备编码', { exact: true }).fill(code);
    await page
      .getByRole('search')
      .getByRole('button', { name: /查\s*询/ })
      .click();
    const row = page.getByTestId('device-table').getByRole('row').filter({ hasText: code });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('cell', { name: AIR.zh, exact: true })).toBeVisible();
    await expect(row.getByRole('cell', { name: AIR.code, exact: true })).toHaveCount(0);

    // Editing shows the type, the project, the group and the password as saved.
    await row.getByRole('button', { name: /编辑$/ }).click();
    const edit = page.getByRole('dialog', { name: `编辑设备 · ${name}` });
    await edit.getByTestId('device-form-next').click();
    await edit.getByTestId('device-form-next').click();
    await expect(edit.getByTestId('device-step-details')).toBeVisible();
    await expect(chosen(edit, 'device-field-deviceType')).toHaveText(AIR.zh);
    await expect(chosen(edit, 'device-field-projectId')).toHaveText(project.deployName);
    await expect(chosen(edit, 'device-field-addressId')).toHaveText(address.deployName);
    await expect(edit.getByLabel('设备密码', { exact: true })).toHaveValue(REAL_PW);
    await edit.getByTestId('device-form-cancel').click();
    await expect(edit).toBeHidden();
  } finally {
    if (deviceId === null) {
      const left = await api.withCodePrefix(code);
      deviceId = left[0]?.id ?? null;
    }
    if (deviceId !== null) await api.remove(deviceId);
    await removeGroup(request, api.token, project.id);
    await removeGroup(request, api.token, address.id);
  }
});

test('in English and the dark theme the dialog names the type and the project, and refuses a password with a separator', async ({
  page,
  request,
  context,
  baseURL,
}) => {
  await context.addCookies([
    { name: 'language', value: 'en-US', url: baseURL ?? '' },
    { name: 'theme', value: 'dark', url: baseURL ?? '' },
  ]);
  const prefix = uniquePrefix('E2EPLE');
  const code = `${prefix}01`;
  const api = await DeviceApi.signIn(request);
  const project = await addGroup(request, api.token, `项目${prefix}`, 1, `Project ${prefix}`);
  const device = await api.add({
    ...deviceBody(code, `Placed ${prefix}`, await api.adminId()),
    deviceType: AIR.code,
    projectId: project.id,
    password: REAL_PW,
  });
  try {
    await signInViaApi(page, credentialsOf('admin'), DEVICE_PAGE);
    await page.getByRole('tab', { name: 'List' }).click();
    await page.getByTestId('device-page').getByLabel('Device code', { exact: true }).fill(code);
    await page
      .getByRole('search')
      .getByRole('button', { name: /Search/ })
      .click();
    const row = page.getByTestId('device-table').getByRole('row').filter({ hasText: code });
    await expect(row.getByRole('cell', { name: AIR.en, exact: true })).toBeVisible();
    await row.getByRole('button', { name: /Edit$/ }).click();
    const edit = page.getByRole('dialog', { name: `Edit device · Placed ${prefix}` });
    await edit.getByTestId('device-form-next').click();
    await edit.getByTestId('device-form-next').click();
    await expect(edit.getByTestId('device-step-details')).toBeVisible();
    await expect(chosen(edit, 'device-field-deviceType')).toHaveText(AIR.en);
    await expect(chosen(edit, 'device-field-projectId')).toHaveText(`Project ${prefix}`);
    await expect(edit.getByTestId('device-field-addressId')).toContainText('In no address group');

    const password = edit.getByLabel('Device password', { exact: true });
    await password.fill('12;34');
    await password.press('Tab');
    await expect(
      edit.getByText('The device password cannot contain spaces, semicolons, commas, equals signs or &'),
    ).toBeVisible();
    expect(await visibleUntranslatedKeys(page)).toEqual([]);
    await edit.getByTestId('device-form-cancel').click();
    await expect(edit).toBeHidden();
  } finally {
    await api.remove(device.id);
    await removeGroup(request, api.token, project.id);
  }
});
