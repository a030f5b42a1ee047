import { expect, test } from '@playwright/test';
import { DeviceApi, importRow, importWorkbook, readWorkbook, uniquePrefix } from './specs-support/devices-api.js';
import { deleteFleet } from './specs-support/devices-fleet.js';
import { openPanel, searchTree, toast } from './specs-support/device-panel.js';

/** The device panel's batch import with its row report, the import template and export (issue 4). */

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

test('the import template downloads under its Chinese name, fetched without the token in any URL', async ({ page }) => {
  await openPanel(page);
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  const downloading = page.waitForEvent('download');
  await page.getByTestId('device-template').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('设备导入模板.xlsx');
  const path = await download.path();
  const { readFileSync } = await import('node:fs');
  const rows = await readWorkbook(readFileSync(path));
  expect(rows[0]?.slice(0, 2)).toEqual(['设备名称', '设备编码']);
  expect(urls.some((url) => url.includes('/template'))).toBe(true);
  expect(urls.filter((url) => url.includes('token='))).toEqual([]);
});

test('a 100-row file imports every device; a file with two bad rows writes nothing and lists them', async ({
  page,
  request,
}) => {
  // Two imports, a tree search over 100 new devices and two reports: more than the default on a busy machine.
  test.setTimeout(60_000);
  const good = uniquePrefix('E2EIMP');
  const bad = uniquePrefix('E2EBAD');
  const api = await DeviceApi.signIn(request);
  await openPanel(page);
  const upload = page.getByTestId('device-page').locator('input[type="file"]');

  try {
    const rows = Array.from({ length: 100 }, (_, i) => importRow(good, i));
    await upload.setInputFiles({ name: 'devices.xlsx', mimeType: XLSX, buffer: await importWorkbook(rows) });
    await expect(toast(page, '成功导入100台设备！')).toBeVisible({ timeout: 20_000 });
    expect(await api.withCodePrefix(good)).toHaveLength(100);
    // The tree reloads with them.
    await searchTree(page, `${good}站00`);
    await expect(page.getByTestId('device-tree-matches')).toHaveText('找到 100 台设备');

    // Rows 3 and 5 of the sheet (the header is row 1) break the rules: nothing is written.
    const mixed = Array.from({ length: 5 }, (_, i) =>
      importRow(bad, i, i === 1 ? { 联系电话: '12345' } : i === 3 ? { '上报间隔(秒)': 0 } : {}),
    );
    await upload.setInputFiles({ name: 'bad-devices.xlsx', mimeType: XLSX, buffer: await importWorkbook(mixed) });
    const report = page.getByRole('dialog', { name: '导入结果' });
    await expect(report).toBeVisible({ timeout: 20_000 });
    await expect(report).toContainText('未导入任何数据');
    await expect(report).toContainText('第3行');
    await expect(report).toContainText('第5行');
    await expect(report).toContainText('请输入正确的手机号码！');
    await expect(report).toContainText('请输入大于0的整数！');
    await expect(report).not.toContainText('第2行');
    // The row report: one line per problem, naming the row and the column.
    const problems = report.getByTestId('device-import-problems').locator('tbody tr.ant-table-row');
    await expect(problems).toHaveCount(2);
    await expect(problems.nth(0)).toContainText('3');
    await expect(problems.nth(0)).toContainText('联系电话');
    await expect(problems.nth(1)).toContainText('5');
    expect(await api.withCodePrefix(bad)).toHaveLength(0);
    await report.getByRole('button', { name: /^确\s*定$/ }).click();
    await expect(report).toBeHidden();

    // Export what the list shows (filtered by the imported codes) and read the file back.
    await page.getByRole('tab', { name: '列表' }).click();
    await page.getByTestId('device-page').getByLabel('设备编码', { exact: true }).fill(good);
    await page
      .getByRole('search')
      .getByRole('button', { name: /查\s*询/ })
      .click();
    await expect(page.getByTestId('device-page').getByText('共 100 条')).toBeVisible();
    const downloading = page.waitForEvent('download');
    await page.getByTestId('device-export').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const path = await download.path();
    const { readFileSync } = await import('node:fs');
    const sheet = await readWorkbook(readFileSync(path));
    const [header, ...body] = sheet;
    expect(header).toContain('设备编码');
    expect(header).toContain('设备名称');
    const codeColumn = (header ?? []).indexOf('设备编码');
    const codes = body.map((row) => row[codeColumn]).sort();
    expect(codes).toEqual(rows.map((row) => String(row['设备编码'])).sort());
  } finally {
    deleteFleet(good);
    deleteFleet(bad);
  }
});
