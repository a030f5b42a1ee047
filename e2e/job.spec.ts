import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { blockingAxeFindings } from './specs-support/axe.js';
import { DeviceApi } from './specs-support/devices-api.js';
import { visibleUntranslatedKeys } from './specs-support/i18n-scan.js';
import { confirmDelete, rowWith } from './specs-support/list-screen.js';
import { chooseOption, openSelectDropdown } from './specs-support/report-helpers.js';
import { apiLogin, credentialsOf, signInViaApi } from './specs-support/session.js';
import { baseURL } from './support/env.js';

/**
 * System › job through the console (issue 21): a scheduled report job (single-station, the day just ended) is made
 * for a demo station, run now by hand, and its run reaches 'succeeded' in the run history, whose xlsx is downloaded
 * and read back (the station's name is in it); it is resumed and paused again, the status tag and the next run
 * following. Chinese and the light theme; then, on a job of its own, the screen and its form, history and devices
 * in English and the dark theme. Axe-clean throughout. Each test makes its own job (and deletes it): the two can
 * run on two workers.
 */

const PATH = '/system/job';
const JOBS = '/dgs/system/job/rest';
const STATION = '模拟水站 1';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const STAMP = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`.toUpperCase();
/** A run's time at most: a day's single-station report of one station is written in seconds. */
const RUN_TIMEOUT_MS = 60_000;

/** The job's id, from the test id of its row's edit button (job-edit-<id>). */
async function jobIdOf(row: Locator): Promise<number> {
  const testId = await row.locator('[data-testid^="job-edit-"]').getAttribute('data-testid');
  return Number(testId?.replace('job-edit-', ''));
}

/** Every cell's text of every sheet of a workbook. */
function cellTexts(workbook: ExcelJS.Workbook): string[] {
  const texts: string[] = [];
  for (const sheet of workbook.worksheets) sheet.eachRow((row) => row.eachCell((cell) => texts.push(cell.text)));
  return texts;
}

/** Deletes the jobs named `name` through the API (after a failure the screen may not have). */
async function deleteJobs(request: APIRequestContext, name: string): Promise<void> {
  const token = await apiLogin(request, credentialsOf('admin'));
  const response = await request.get(`${JOBS}/list`, {
    headers: { token },
    params: { pageNum: 1, pageSize: 50, name },
  });
  const page = (await response.json()) as { data: { list: { jobId: number; name: string }[] } };
  for (const job of page.data.list.filter((j) => j.name === name))
    await request.delete(`${JOBS}/${job.jobId}`, { headers: { token } });
}

async function confirmIn(page: Page, button: RegExp): Promise<void> {
  await page.locator('.ant-modal-confirm').getByRole('button', { name: button }).click();
}

const REPORT_JOB = `e2e 日报 ${STAMP}`;
const EN_JOB = `e2e retention ${STAMP}`;

test.afterAll(async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: baseURL() });
  try {
    await deleteJobs(request, REPORT_JOB);
    await deleteJobs(request, EN_JOB);
  } finally {
    await request.dispose();
  }
});

test('a scheduled report job for a demo station runs now, its xlsx downloads from the history; pause and resume (Chinese, light theme)', async ({
  page,
}) => {
  // A form, a device, a run of a real report and a download: more than a screen's check.
  test.setTimeout(150_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await signInViaApi(page, credentialsOf('admin'), PATH);
  const screen = page.getByTestId('job-page');
  await expect(screen.getByText('定时任务按其 cron 表达式在所选时区运行', { exact: false })).toBeVisible();

  // The job: a single-station report of the day just ended, at 01:00 Beijing time, paused as new jobs start.
  await screen.getByTestId('job-add').click();
  const dialog = page.getByRole('dialog', { name: '新增定时任务' });
  await dialog.getByLabel('任务名称', { exact: true }).fill(REPORT_JOB);
  await expect(dialog.getByTestId('job-form-type')).toContainText('定时报表');
  await expect(dialog.getByText('单站报表', { exact: true })).toBeVisible();
  await expect(dialog.getByText('上一日', { exact: true })).toBeVisible();
  const cron = dialog.getByLabel('cron 表达式', { exact: true });
  const preview = dialog.getByTestId('job-cron-preview');
  await expect(preview).toContainText('最近 5 次执行时间（Asia/Shanghai）');
  await expect(preview.locator('li')).toHaveCount(5);
  await expect(preview.locator('li').first()).toContainText(/^\d{4}-\d{2}-\d{2} 01:00:00$/);
  // An hour that does not exist: the helper says what the save would.
  await cron.fill('0 25 * * *');
  await expect(dialog.getByTestId('job-cron-invalid')).toHaveText('格式不正确！');
  await cron.fill('30 1 * * *');
  await expect(preview.locator('li').first()).toContainText(/ 01:30:00$/);
  expect(await blockingAxeFindings(page, `${PATH} (form)`)).toEqual([]);
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog).toBeHidden();

  const row = rowWith(screen, REPORT_JOB);
  await expect(row).toContainText('定时报表');
  await expect(row).toContainText('30 1 * * *');
  await expect(row).toContainText('Asia/Shanghai');
  await expect(row.locator('[data-status]')).toHaveAttribute('data-status', 'paused');
  await expect(row).toContainText('从未执行');
  await expect(row).toContainText('全部设备');
  const jobId = await jobIdOf(row);
  const next = page.getByTestId(`job-next-${jobId}`);
  await expect(next).toHaveText('未排期（已暂停）');

  // Its device: the demo station.
  await row.getByTestId(`job-devices-${jobId}`).click();
  const devices = page.getByRole('dialog', { name: `任务设备 · ${REPORT_JOB}` });
  await expect(devices.getByText('未添加设备：任务作用于全部设备')).toBeVisible();
  await devices.getByTestId('job-devices-add').click();
  const picker = page.getByRole('dialog', { name: `添加设备 · ${REPORT_JOB}` });
  await chooseOption(page, picker.getByLabel('设备', { exact: true }), STATION, '模拟水站');
  await page.keyboard.press('Escape');
  await expect(openSelectDropdown(page)).toHaveCount(0);
  await picker.getByRole('button', { name: /保\s*存/ }).click();
  await expect(picker).toBeHidden();
  await expect(rowWith(devices, STATION)).toBeVisible();
  expect(await blockingAxeFindings(page, `${PATH} (devices)`)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(devices).toBeHidden();
  await expect(row).toContainText('1 台');

  // Run now: the history opens on the run, by hand, and follows it to its end.
  await row.getByTestId(`job-run-${jobId}`).click();
  const confirm = page.getByRole('dialog', { name: '立即执行' });
  await expect(confirm).toContainText(REPORT_JOB);
  await confirm.getByRole('button', { name: /立即执行/ }).click();
  await expect(page.getByText(`“${REPORT_JOB}”已开始执行。`)).toBeVisible();
  const runs = page.getByRole('dialog', { name: `执行记录 · ${REPORT_JOB}` });
  const run = runs.locator('.ant-table-tbody tr.ant-table-row').first();
  await expect(run).toContainText('手动：admin');
  await expect(run.locator('[data-outcome]')).toHaveAttribute('data-outcome', 'success', { timeout: RUN_TIMEOUT_MS });
  await expect(run).toContainText('成功');
  // Its log, one click away.
  await run.locator('.ant-table-row-expand-icon').click();
  await expect(runs.locator('[data-testid^="job-run-log-"]')).not.toBeEmpty();

  const downloading = page.waitForEvent('download');
  await run.locator('[data-testid^="job-run-file-"]').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(readFileSync(await download.path()) as unknown as ArrayBuffer);
  expect(workbook.worksheets.length).toBeGreaterThan(0);
  expect(cellTexts(workbook).some((text) => text.includes(STATION))).toBe(true);
  expect(await blockingAxeFindings(page, `${PATH} (runs)`)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(runs).toBeHidden();
  await expect(page.getByTestId(`job-last-${jobId}`)).toContainText('成功');

  // Resume: it runs on its schedule, next at 01:30 Beijing time; pause again: no next run.
  await page.getByTestId(`job-resume-${jobId}`).click();
  await confirmIn(page, /恢\s*复/);
  await expect(row.locator('[data-status]')).toHaveAttribute('data-status', 'running');
  await expect(row.locator('[data-status]')).toHaveText('运行中');
  await expect(next).toHaveText(/^\d{4}-\d{2}-\d{2} 01:30:00$/);
  await page.getByTestId(`job-pause-${jobId}`).click();
  await confirmIn(page, /暂\s*停/);
  await expect(row.locator('[data-status]')).toHaveAttribute('data-status', 'paused');
  await expect(next).toHaveText('未排期（已暂停）');

  expect(await visibleUntranslatedKeys(page)).toEqual([]);
  expect(await blockingAxeFindings(page, PATH)).toEqual([]);

  // Deleting asks first.
  await row.getByTestId(`job-delete-${jobId}`).click();
  await confirmDelete(page);
  await expect(row).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('the job screen, its form, history and devices (the job-list template and import) in English and the dark theme', async ({
  page,
  context,
  request,
}) => {
  // Two downloads, an import and four panels read: more than a screen's check.
  test.setTimeout(90_000);
  const station = (await (await DeviceApi.signIn(request)).all()).find((d) => d.deviceName === STATION);
  if (!station) throw new Error(`${STATION} missing`);
  const token = await apiLogin(request, credentialsOf('admin'));
  const created = await request.post(JOBS, {
    headers: { token },
    data: {
      name: EN_JOB,
      jobGroup: 'E2E',
      type: 'retention',
      params: { originalDays: 200, minuteDays: 400 },
      cron: '0 3 * * 0',
      timeZone: 'Asia/Shanghai',
      status: 'running',
    },
  });
  expect(created.ok()).toBe(true);
  await context.addCookies([
    { name: 'language', value: 'en-US', url: baseURL() },
    { name: 'theme', value: 'dark', url: baseURL() },
  ]);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await signInViaApi(page, credentialsOf('admin'), PATH);
  const screen = page.getByTestId('job-page');
  await expect(screen.getByText('Jobs run on their cron expression', { exact: false })).toBeVisible();
  const row = rowWith(screen, EN_JOB);
  await expect(row).toContainText('Data retention');
  await expect(row).toContainText('Running');
  await expect(row).toContainText('Never run');
  await expect(row).toContainText('All devices');
  const jobId = await jobIdOf(row);
  // Sundays at 03:00 Beijing time.
  await expect(page.getByTestId(`job-next-${jobId}`)).toHaveText(/^\d{4}-\d{2}-\d{2} 03:00:00$/);
  const background = await page.locator('body').evaluate((body) => getComputedStyle(body).backgroundColor);
  expect(background).not.toBe('rgb(255, 255, 255)');

  // Edit: its own parameters; another type starts from that type's defaults.
  await row.getByTestId(`job-edit-${jobId}`).click();
  const dialog = page.getByRole('dialog', { name: 'Edit job' });
  await expect(dialog.getByLabel('Keep original packets (days)', { exact: true })).toHaveValue('200');
  await expect(dialog.getByTestId('job-cron-preview')).toContainText('Next 5 runs (Asia/Shanghai)');
  await expect(dialog.getByTestId('job-cron-preview').locator('li')).toHaveCount(5);
  await chooseOption(page, dialog.getByTestId('job-form-type'), 'Offline and transmission check');
  await expect(dialog.getByLabel('Period (hours)', { exact: true })).toHaveValue('24');
  await expect(dialog.getByLabel('Minimum transmission rate (%)', { exact: true })).toHaveValue('90.0');
  expect(await blockingAxeFindings(page, `${PATH} (form, en)`)).toEqual([]);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  await row.getByTestId(`job-runs-${jobId}`).click();
  const runs = page.getByRole('dialog', { name: `Run history · ${EN_JOB}` });
  await expect(runs.getByText('No runs yet')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(runs).toBeHidden();
  // The job list: its template, then the station imported from a file of that layout, then removed again.
  await row.getByTestId(`job-devices-${jobId}`).click();
  const devices = page.getByRole('dialog', { name: `Job devices · ${EN_JOB}` });
  await expect(devices.getByText('No devices: the job acts on every device')).toBeVisible();
  const downloading = page.waitForEvent('download');
  await devices.getByTestId('job-devices-template').click();
  const template = new ExcelJS.Workbook();
  await template.xlsx.load(readFileSync(await (await downloading).path()) as unknown as ArrayBuffer);
  const [sheet] = template.worksheets;
  const header = ((sheet?.getRow(1).values as unknown[] | undefined) ?? []).slice(1);
  expect(header).toEqual(['设备编码', '设备名称']);
  sheet?.spliceRows(2, sheet.rowCount);
  sheet?.addRow([station.deviceCode, STATION]);
  await devices.locator('input[type="file"]').setInputFiles({
    name: 'job-devices.xlsx',
    mimeType: XLSX,
    buffer: Buffer.from(await template.xlsx.writeBuffer()),
  });
  await expect(page.getByText('1 devices added.')).toBeVisible();
  const device = rowWith(devices, STATION);
  await expect(device).toContainText(station.deviceCode);
  await expect(row).toContainText('1 device');
  expect(await blockingAxeFindings(page, `${PATH} (devices, en)`)).toEqual([]);
  await device.getByRole('checkbox', { name: STATION }).check();
  await devices.getByTestId('job-devices-remove').click();
  await confirmIn(page, /^Delete$/);
  await expect(devices.getByText('No devices: the job acts on every device')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(devices).toBeHidden();
  await expect(row).toContainText('All devices');

  expect(await visibleUntranslatedKeys(page)).toEqual([]);
  expect(await blockingAxeFindings(page, `${PATH} (en, dark)`)).toEqual([]);
  expect(errors).toEqual([]);
});
