import { expect, type Locator, type Page, test } from '@playwright/test';
import { credentialsOf, labelled, signInViaApi } from './specs-support/session.js';

/**
 * Labels, not codes (issue 14, point 3): every code a person sees is shown by its label in their
 * language — the threshold direction ('递增', not 'ASC'), the user list's roles (their names, not
 * '1'), the demo stations' device types (the HJ 212 system code's name, not '21') — and the
 * threshold factor picker follows the station's type (a water station opens on water factors).
 */

const WATER_STATION = '模拟水站 1';
const AIR_STATION = '模拟空气站 1';

interface Texts {
  lang: 'zh-CN' | 'en-US';
  direction: string;
  ascending: string;
  roles: string;
  userName: string;
  deviceName: string;
  deviceType: string;
  listTab: string;
  water: string;
  air: string;
  search: string;
  device: string;
  factor: string;
  waterFactors: string;
  airFactors: string;
}

const ZH: Texts = {
  lang: 'zh-CN',
  direction: '方向',
  ascending: '递增',
  roles: '角色',
  userName: '用户名',
  deviceName: '设备名称',
  deviceType: '设备类型',
  listTab: '列表',
  water: '地表水质监测',
  air: '空气质量监测',
  search: '查询',
  device: '设备',
  factor: '监测因子',
  waterFactors: '水质因子',
  airFactors: '空气因子',
};

const EN: Texts = {
  lang: 'en-US',
  direction: 'Direction',
  ascending: 'Ascending',
  roles: 'Roles',
  userName: 'User name',
  deviceName: 'Device name',
  deviceType: 'Device type',
  listTab: 'List',
  water: 'Surface water quality',
  air: 'Air quality',
  search: 'Search',
  device: 'Device',
  factor: 'Factor',
  waterFactors: 'Water factors',
  airFactors: 'Air factors',
};

/** The texts of one column of an antd table, found by its header (header and body are separate tables). */
async function column(table: Locator, header: string): Promise<string[]> {
  const headers = (await table.locator('thead th').allInnerTexts()).map((h) => h.trim());
  const index = headers.indexOf(header);
  expect(index, `column '${header}' among ${JSON.stringify(headers)}`).toBeGreaterThanOrEqual(0);
  const cells = await table.locator(`tbody tr.ant-table-row > td:nth-child(${index + 1})`).allInnerTexts();
  return cells.map((c) => c.trim());
}

/** The antd table (wrapper of header and body) whose header names `header`. */
function tableWith(page: Page, header: string): Locator {
  return page.locator('.ant-table').filter({ has: page.getByRole('columnheader', { name: header, exact: true }) });
}

async function openAs(page: Page, texts: Texts, baseURL: string | undefined, path: string): Promise<void> {
  await page.context().addCookies([{ name: 'language', value: texts.lang, url: baseURL ?? '' }]);
  await signInViaApi(page, credentialsOf('admin'), path);
  await expect(page.locator('html')).toHaveAttribute('lang', texts.lang);
}

/** The open select dropdown (antd keeps closed ones in the DOM, hidden). */
function openDropdown(page: Page): Locator {
  return page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
}

for (const texts of [ZH, EN]) {
  test.describe(`labels, not codes (${texts.lang})`, () => {
    test('the threshold direction is named, not ASC/DESC', async ({ page, baseURL }) => {
      await openAs(page, texts, baseURL, '/settings/threshold');
      const table = page.getByTestId('threshold-table');
      // The demo's thresholds (one limit, or a range from low to high) all run upward.
      await expect(table.locator('tbody tr.ant-table-row').first()).toBeVisible();
      const directions = await column(table, texts.direction);
      expect(directions.length).toBeGreaterThan(0);
      expect(directions).toContain(texts.ascending);
      for (const code of ['ASC', 'DESC', 'ph']) expect(directions).not.toContain(code);
    });

    test('the user list names each user’s roles', async ({ page, baseURL }) => {
      await openAs(page, texts, baseURL, '/system/user');
      const table = page.getByTestId('crud-user').locator('.ant-table');
      await expect(table.locator('tbody tr.ant-table-row').first()).toBeVisible();
      const users = await column(table, texts.userName);
      const roles = await column(table, texts.roles);
      expect(roles[users.indexOf('admin')]).toBe('admin');
      // A role is never shown as an id or a count.
      expect(roles.filter((r) => /^\d+$/.test(r))).toEqual([]);
    });

    test('the device list names the demo stations’ types', async ({ page, baseURL }) => {
      await openAs(page, texts, baseURL, '/system/device');
      await expect(page.getByTestId('device-page')).toBeVisible();
      await page.getByTestId('device-page').getByRole('tab', { name: texts.listTab, exact: true }).click();
      // Only the demo stations, whatever other tests add to the list meanwhile.
      await page.getByTestId('device-filter-deviceName').fill('模拟');
      await page
        .getByRole('search')
        .getByRole('button', { name: labelled(texts.search) })
        .click();
      const table = tableWith(page, texts.deviceType);
      await expect(table.locator('tbody tr.ant-table-row').filter({ hasText: WATER_STATION }).first()).toBeVisible();
      const names = await column(table, texts.deviceName);
      const types = await column(table, texts.deviceType);
      expect(types[names.indexOf(WATER_STATION)]).toBe(texts.water);
      expect(types[names.indexOf(AIR_STATION)]).toBe(texts.air);
      for (const code of ['21', '22']) expect(types).not.toContain(code);
    });

    test('the threshold factor picker follows the station’s type', async ({ page, baseURL }) => {
      await openAs(page, texts, baseURL, '/settings/threshold');
      await page.getByTestId('threshold-add').click();
      const form = page.getByTestId('threshold-form');
      await expect(form).toBeVisible();

      // By the item's label: the filter bar above has fields of the same names (and ids).
      const select = (label: string) =>
        form
          .locator('.ant-form-item')
          .filter({ has: page.locator(`label[title="${label}"]`) })
          .locator('.ant-select');
      const chooseStation = async (station: string) => {
        // Once the device list has loaded (other specs add a fleet of thousands), by search, and by keyboard: a
        // click raced the list's opening motion, landing on the dialog behind it.
        await expect(select(texts.device).locator('.anticon-loading')).toHaveCount(0, { timeout: 30_000 });
        await select(texts.device).click();
        await select(texts.device).locator('input').fill(station);
        await expect(openDropdown(page).locator('.ant-select-item-option').first()).toHaveAttribute('title', station);
        await page.keyboard.press('Enter');
        await expect(select(texts.device)).toContainText(station);
        await expect(openDropdown(page)).toHaveCount(0);
      };
      /** The factor picker's first group and its first option's code. */
      const firstFactors = async () => {
        await select(texts.factor).click();
        const dropdown = openDropdown(page);
        const group = (await dropdown.locator('.ant-select-item-group').first().innerText()).trim();
        const option = (await dropdown.locator('.ant-select-item-option').first().innerText()).trim();
        await page.keyboard.press('Escape');
        await expect(openDropdown(page)).toHaveCount(0);
        return { group, option };
      };

      await chooseStation(WATER_STATION);
      const water = await firstFactors();
      expect(water.group).toBe(texts.waterFactors);
      // HJ 212 air factor codes start with a (a34004 PM2.5 …): none before the water group's.
      expect(water.option).not.toMatch(/\(a\d+\)$/);

      await chooseStation(AIR_STATION);
      const air = await firstFactors();
      expect(air.group).toBe(texts.airFactors);
      expect(air.option).toMatch(/\(a\d+\)$/);
    });
  });
}
