import { expect, test } from '@playwright/test';
import { deviceBody, DeviceApi, uniquePrefix } from './specs-support/devices-api.js';
import {
  fillContactStep,
  fillDetailsStep,
  fillLocationStep,
  next,
  openAddDialog,
  openPanel,
  searchTree,
  toast,
  treeNode,
} from './specs-support/device-panel.js';
import { visibleUntranslatedKeys } from './specs-support/i18n-scan.js';

/**
 * The device management panel (issue 4): the 3-step dialog with the spec's messages, the tree,
 * the map and the coordinate switch, and the panel in English. Import and export are in
 * devices-import.spec.ts, the 10,000-device tree in devices-tree.spec.ts.
 */

test('a device created through the 3-step dialog shows the spec messages, then appears in the tree and on the map', async ({
  page,
  request,
}) => {
  // Three steps with their messages, the tree, the map, an edit and a delete: more than the default 30 s on a busy machine.
  test.setTimeout(60_000);
  const prefix = uniquePrefix('E2EDLG');
  const name = `端到端设备${prefix}`;
  const code = `${prefix}01`;
  const api = await DeviceApi.signIn(request);
  await openPanel(page);
  const dialog = await openAddDialog(page);

  // Next checks step 1 first: nothing entered, nothing passes.
  await next(dialog);
  await expect(dialog.getByText('请输入经纬度！')).toBeVisible();
  await expect(dialog.getByText('请输入安装人员！')).toBeVisible();
  await expect(dialog.getByText('请选择安装时间！')).toBeVisible();
  await expect(dialog.getByTestId('device-step-location')).toBeVisible();

  await fillLocationStep(dialog, 114.06, 22.54);
  await next(dialog);
  await expect(dialog.getByTestId('device-step-contact')).toBeVisible();

  // A bad mobile number is refused when the box is left.
  await dialog.getByLabel('联系电话', { exact: true }).fill('12345678901');
  await dialog.getByLabel('联系电话', { exact: true }).press('Tab');
  await expect(dialog.getByText('请输入正确的手机号码！')).toBeVisible();
  await next(dialog);
  await expect(dialog.getByTestId('device-step-contact')).toBeVisible();
  await expect(dialog.locator('.ant-form-item-explain-error', { hasText: '请选择维修人员' })).toBeVisible();
  await fillContactStep(page, dialog);
  await expect(dialog.getByText('请输入正确的手机号码！')).toHaveCount(0);
  await next(dialog);
  await expect(dialog.getByTestId('device-step-details')).toBeVisible();

  // Back keeps what was entered.
  await dialog.getByTestId('device-form-back').click();
  await expect(dialog.getByLabel('联系电话', { exact: true })).toHaveValue('13800138000');
  await next(dialog);

  await fillDetailsStep(dialog, name, code, '0');
  await dialog.getByLabel('上报间隔(秒)', { exact: true }).press('Tab');
  await expect(dialog.getByText('请输入大于0的整数！')).toBeVisible();
  await dialog.getByTestId('device-form-submit').click();
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('上报间隔(秒)', { exact: true }).fill('60');
  await dialog.getByLabel('上报间隔(秒)', { exact: true }).press('Tab');
  await expect(dialog.getByText('请输入大于0的整数！')).toHaveCount(0);
  await dialog.getByTestId('device-form-submit').click();

  await expect(dialog).toBeHidden();
  await expect(toast(page, '操作成功！')).toBeVisible();
  const [stored] = await api.withCodePrefix(code);
  expect(stored).toMatchObject({ deviceName: name, deviceCode: code, lng: 114.06, lat: 22.54 });

  try {
    // In the tree (ungrouped and valid: 'unclassified devices'), found by name.
    await searchTree(page, name);
    await expect(page.getByTestId('device-tree-matches')).toHaveText('找到 1 台设备');
    const node = treeNode(page, name);
    await expect(node).toBeVisible();
    await expect(node.locator('mark')).toHaveText(name);
    await expect(page.getByTestId('device-tree').locator('.ant-tree-title', { hasText: '未分类设备' })).toBeVisible();

    // On the map: choosing it in the tree brings its marker into view. (A click that lands while
    // the tree still settles after the search can miss the node: choose it until it is chosen.)
    const chosen = page.getByTestId('device-tree').locator('.ant-tree-treenode-selected', { hasText: name });
    await expect(async () => {
      if ((await chosen.count()) === 0) await node.click();
      await expect(chosen).toHaveCount(1, { timeout: 1_000 });
    }).toPass();
    const marker = page.locator(`.leaflet-marker-icon[title="${name}"]`);
    await expect(marker).toBeVisible();
    await marker.click();
    await expect(page.getByTestId('device-popup')).toContainText(code);

    // Edit from the list: the dialog opens filled in, every step passes as it is.
    await page.getByRole('tab', { name: '列表' }).click();
    await page.getByTestId('device-page').getByLabel('设备编码', { exact: true }).fill(code);
    await page
      .getByRole('search')
      .getByRole('button', { name: /查\s*询/ })
      .click();
    const row = page.getByTestId('device-page').getByRole('row').filter({ hasText: code });
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: /编辑$/ }).click();
    const edit = page.getByRole('dialog', { name: `编辑设备 · ${name}` });
    await expect(edit.getByRole('spinbutton', { name: '经度', exact: true })).toHaveValue(/^114\.06/);
    await next(edit);
    await expect(edit.getByLabel('联系电话', { exact: true })).toHaveValue('13800138000');
    await next(edit);
    await edit.getByLabel('设备名称', { exact: true }).fill(`${name}改`);
    await edit.getByTestId('device-form-submit').click();
    await expect(edit).toBeHidden();
    await expect(row).toContainText(`${name}改`);
    expect((await api.withCodePrefix(code))[0]?.deviceName).toBe(`${name}改`);

    // Delete after confirming.
    await row.getByRole('button', { name: /删除$/ }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: '确认删除吗？' });
    await expect(confirm.locator('.ant-modal-confirm-title')).toHaveText('提示');
    await confirm.getByRole('button', { name: /^确\s*定$/ }).click();
    await expect(confirm).toBeHidden();
    await expect(row).toHaveCount(0);
    expect(await api.withCodePrefix(code)).toHaveLength(0);
  } finally {
    if (stored && (await api.withCodePrefix(code)).length > 0) await api.remove(stored.id);
  }
});

test('adding a device with a code that is taken shows the spec error and keeps the dialog', async ({
  page,
  request,
}) => {
  const prefix = uniquePrefix('E2EDUP');
  const code = `${prefix}01`;
  const api = await DeviceApi.signIn(request);
  const existing = await api.add(deviceBody(code, `已有设备${prefix}`, await api.adminId()));
  try {
    await openPanel(page);
    const dialog = await openAddDialog(page);
    await fillLocationStep(dialog, 114.1, 22.6);
    await next(dialog);
    await fillContactStep(page, dialog);
    await next(dialog);
    await fillDetailsStep(dialog, `重复设备${prefix}`, code);
    await dialog.getByTestId('device-form-submit').click();

    await expect(toast(page, '添加失败，新增的设备编码已存在！')).toBeVisible();
    await expect(dialog).toBeVisible();
    await expect(
      dialog.locator('.ant-form-item-explain-error', { hasText: '添加失败，新增的设备编码已存在！' }),
    ).toBeVisible();
    expect(await api.withCodePrefix(prefix)).toHaveLength(1);
  } finally {
    await api.remove(existing.id);
  }
});

test('the coordinate switch converts the picked point and restores the original numbers when switched off', async ({
  page,
}) => {
  await openPanel(page);
  const dialog = await openAddDialog(page);
  const lng = dialog.getByRole('spinbutton', { name: '经度', exact: true });
  const lat = dialog.getByRole('spinbutton', { name: '纬度', exact: true });
  await lng.fill('116.404');
  await lat.fill('39.915');
  await lat.press('Tab');

  const toggle = dialog.getByTestId('coordinate-switch');
  await toggle.click();
  await expect(toggle).toBeChecked();
  // WGS-84 → GCJ-02 moves Beijing by about 600 m.
  await expect.poll(async () => Number(await lng.inputValue())).toBeCloseTo(116.410244, 5);
  await expect.poll(async () => Number(await lat.inputValue())).toBeCloseTo(39.916404, 5);

  await toggle.click();
  await expect(toggle).not.toBeChecked();
  await expect.poll(async () => Number(await lng.inputValue())).toBe(116.404);
  await expect.poll(async () => Number(await lat.inputValue())).toBe(39.915);
});

test('in English the panel, the dialog and every tab of the device details read with no untranslated key', async ({
  page,
  context,
  baseURL,
}) => {
  await context.addCookies([{ name: 'language', value: 'en-US', url: baseURL ?? '' }]);
  await openPanel(page);
  const untranslated = async (where: string) =>
    expect(await visibleUntranslatedKeys(page), `untranslated i18n keys in ${where}`).toEqual([]);
  await expect(page.getByTestId('device-tree').getByPlaceholder('Search by device name')).toBeVisible();
  await untranslated('the map tab');

  await page.getByRole('tab', { name: 'List' }).click();
  const rows = page.getByTestId('device-table').locator('tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  await untranslated('the list tab');

  await page.getByTestId('device-add').click();
  const dialog = page.getByRole('dialog', { name: 'Add device' });
  await expect(dialog).toBeVisible();
  await next(dialog);
  await expect(dialog.locator('.ant-form-item-explain-error').first()).toBeVisible();
  await untranslated('the add dialog with its messages');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  await rows
    .first()
    .getByRole('button', { name: /Details$/ })
    .click();
  const drawer = page.getByRole('dialog', { name: /^Device details/ });
  await expect(drawer).toBeVisible();
  for (const tab of ['Data', 'Operations', 'Settings', 'Summary', 'Sync', 'Virtual devices', 'Groups', 'Factors']) {
    await drawer.getByRole('tab', { name: tab, exact: true }).click();
    await expect(drawer.getByRole('tab', { name: tab, exact: true })).toHaveAttribute('aria-selected', 'true');
    await expect(drawer.locator('.ant-tabs-tabpane-active .ant-spin-spinning')).toHaveCount(0);
    await untranslated(`the details tab ${tab}`);
  }
});
