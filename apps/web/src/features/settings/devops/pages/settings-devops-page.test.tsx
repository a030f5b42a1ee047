// @vitest-environment jsdom
import type { DevopsRecord, Page } from '@envmon/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Permissions } from '../../../../components/can';
import type * as apiModule from '../../../../lib/api';
import { formatDateTime } from '../../../../lib/dayjs';
import { i18n } from '../../../../lib/i18n';
import { button, installAntdShims, renderWithProviders } from '../../../../test/render';
import SettingsDevopsPage from './settings-devops-page';
import { choose, dialog, field, fieldError, rowOf } from '../../../../test/antd-queries';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), upload: vi.fn(), delete: vi.fn(), download: vi.fn() }));
vi.mock('../../../../lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof apiModule>()),
  api,
}));

const BASE = '/manager/settings/devops/rest';
const LIST_URL = `${BASE}/get`;
const READER: Permissions = { isAdmin: false, codes: new Set(['settings.devops']) };
const WRITER: Permissions = { isAdmin: false, codes: new Set(['settings.devops', 'settings.devops:write']) };
const SLOW = { timeout: 10_000 };
const T0 = Date.UTC(2026, 2, 1, 1);

const CALIBRATION: DevopsRecord = {
  id: 1,
  deviceId: 7,
  deviceName: '莲花山水站',
  deviceCode: 'LHS-01',
  kind: 'calibration',
  startTime: T0,
  endTime: T0 + 3_600_000,
  maintainer: '张工',
  content: 'COD 分析仪零点、量程校准',
  createdBy: 'admin',
  createTime: T0,
  updateTime: T0,
  files: [{ id: 11, recordId: 1, fileName: '校准报告.pdf', mimeType: 'application/pdf', size: 2048, createTime: T0 }],
};
const REPAIR: DevopsRecord = {
  ...CALIBRATION,
  id: 2,
  deviceId: 8,
  deviceName: '罗湖口岸站',
  deviceCode: 'LH-02',
  kind: 'repair',
  endTime: null,
  maintainer: '李工',
  content: '更换采样泵',
  files: [],
};
const page = (list: DevopsRecord[]): Page<DevopsRecord> => ({ list, total: list.length, pageNum: 1, pageSize: 20 });

/** Confirms the dialog that asks `question`. */
async function confirmDanger(question: string) {
  const confirm = (await screen.findByText(question, undefined, SLOW)).closest<HTMLElement>('.ant-modal');
  const ok = confirm?.querySelector<HTMLElement>('.ant-btn-dangerous');
  if (!ok) throw new Error('no confirmation');
  fireEvent.click(ok);
}

async function openFiles(recordId: number): Promise<HTMLElement> {
  fireEvent.click(await screen.findByTestId(`devops-files-${recordId}`, undefined, SLOW));
  const drawer = (await screen.findByText(/附件管理/, undefined, SLOW)).closest<HTMLElement>('.ant-drawer');
  if (!drawer) throw new Error('no drawer');
  return drawer;
}

function pick(drawer: HTMLElement, file: File) {
  const input = drawer.querySelector<HTMLInputElement>('input[type=file]');
  if (!input) throw new Error('no file input');
  fireEvent.change(input, { target: { files: [file] } });
}

beforeAll(installAntdShims);

beforeEach(async () => {
  await i18n.changeLanguage('zh-CN');
  api.get.mockImplementation((url: string) => {
    if (url === LIST_URL) return Promise.resolve(page([CALIBRATION, REPAIR]));
    if (url === '/manager/system/device/rest/getAll')
      return Promise.resolve({
        list: [
          { id: 7, deviceName: '莲花山水站' },
          { id: 8, deviceName: '罗湖口岸站' },
        ],
        total: 2,
        pageNum: 1,
        pageSize: 1000,
      });
    if (url === `${BASE}/delete`) return Promise.resolve(null);
    return Promise.reject(new Error(`unexpected ${url}`));
  });
  api.post.mockImplementation((_url: string, body: DevopsRecord) =>
    Promise.resolve({ ...CALIBRATION, ...body, id: body.id ?? 3, files: [] }),
  );
  api.upload.mockImplementation((_url: string, file: File) =>
    Promise.resolve({
      id: 12,
      recordId: 1,
      fileName: file.name,
      mimeType: 'image/png',
      size: file.size,
      createTime: T0,
    }),
  );
  api.delete.mockResolvedValue(null);
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('SettingsDevopsPage', { timeout: 30_000 }, () => {
  it('lists the records with device, kind, visit time, maintainer, content, attachments and author', async () => {
    renderWithProviders(<SettingsDevopsPage />, WRITER);
    const row = await rowOf('莲花山水站');
    expect([...row.querySelectorAll('td')].slice(0, 7).map((td) => td.textContent)).toEqual([
      '莲花山水站LHS-01',
      '校准',
      `${formatDateTime(T0)} – ${formatDateTime(T0 + 3_600_000)}`,
      '张工',
      'COD 分析仪零点、量程校准',
      '校准报告.pdf',
      'admin',
    ]);
    const repair = await rowOf('罗湖口岸站');
    expect(within(repair).getByText(`${formatDateTime(T0)} – -`)).toBeTruthy();
    expect(within(repair).getByText('维修')).toBeTruthy();
    expect(api.get).toHaveBeenCalledWith(LIST_URL, { pageNum: 1, pageSize: 20 });
  });

  it('filters by device and kind from page 1', async () => {
    renderWithProviders(<SettingsDevopsPage />, WRITER);
    await rowOf('莲花山水站');
    const filters = screen.getByRole('search');
    await choose(filters, 'devops-filter_deviceId', '罗湖口岸站');
    await choose(filters, 'devops-filter_kind', '更换试剂');
    fireEvent.click(button(filters, '查询'));
    await waitFor(() =>
      expect(api.get).toHaveBeenCalledWith(LIST_URL, { deviceId: 8, kind: 'reagent', pageNum: 1, pageSize: 20 }),
    );
  });

  it('tells what is missing before adding, with the shared schema’s messages', async () => {
    renderWithProviders(<SettingsDevopsPage />, WRITER);
    await rowOf('莲花山水站');
    fireEvent.click(screen.getByTestId('devops-add'));
    const form = dialog();
    fireEvent.click(button(form, '保存'));
    const required = i18n.t('validation.required');
    await waitFor(() => expect(fieldError(form, '设备')).toBe(required));
    expect(fieldError(form, '运维类型')).toBe(required);
    expect(fieldError(form, '运维人员')).toBe(required);
    expect(fieldError(form, '运维内容')).toBe(required);
    expect(api.post).not.toHaveBeenCalled();
  });

  it('adds a record, then opens its attachments', async () => {
    renderWithProviders(<SettingsDevopsPage />, WRITER);
    await rowOf('莲花山水站');
    fireEvent.click(screen.getByTestId('devops-add'));
    const form = dialog();
    await choose(form, 'deviceId', '罗湖口岸站');
    await choose(form, 'kind', '巡检');
    fireEvent.change(field(form, 'maintainer'), { target: { value: ' 王工 ' } });
    fireEvent.change(field(form, 'content'), { target: { value: '例行巡检，设备正常' } });
    fireEvent.click(button(form, '保存'));
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith(`${BASE}/add`, {
        deviceId: 8,
        kind: 'inspection',
        startTime: expect.any(Number) as number,
        endTime: null,
        maintainer: '王工',
        content: '例行巡检，设备正常',
      }),
    );
    expect(await screen.findByText(/附件管理/, undefined, SLOW)).toBeTruthy();
    expect(screen.getByText('暂无附件')).toBeTruthy();
  });

  it('edits a record by its id, keeping its times', async () => {
    renderWithProviders(<SettingsDevopsPage />, WRITER);
    fireEvent.click(button(await rowOf('莲花山水站'), '编辑'));
    const form = dialog();
    fireEvent.change(field(form, 'content'), { target: { value: '更换 COD 试剂' } });
    await choose(form, 'kind', '更换试剂');
    fireEvent.click(button(form, '保存'));
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith(`${BASE}/update`, {
        id: 1,
        deviceId: 7,
        kind: 'reagent',
        startTime: T0,
        endTime: T0 + 3_600_000,
        maintainer: '张工',
        content: '更换 COD 试剂',
      }),
    );
  });

  it('deletes a record after confirmation', async () => {
    renderWithProviders(<SettingsDevopsPage />, WRITER);
    await rowOf('罗湖口岸站');
    fireEvent.click(screen.getByTestId('devops-delete-2'));
    await confirmDanger(i18n.t('common.messages.deleteConfirm'));
    await waitFor(() => expect(api.get).toHaveBeenCalledWith(`${BASE}/delete`, { id: 2 }));
  });

  it('checks a file before uploading it with the record id, and deletes an attachment after confirmation', async () => {
    renderWithProviders(<SettingsDevopsPage />, WRITER);
    const drawer = await openFiles(1);
    expect(within(drawer).getByText('校准报告.pdf')).toBeTruthy();

    pick(drawer, new File(['MZ'], 'setup.exe'));
    expect(await screen.findByText('文件类型不支持！', undefined, SLOW)).toBeTruthy();
    const large = new File(['x'], 'big.png');
    Object.defineProperty(large, 'size', { value: 10 * 1024 * 1024 + 1 });
    pick(drawer, large);
    expect(await screen.findByText(i18n.t('common.messages.fileTooLarge'), undefined, SLOW)).toBeTruthy();
    expect(api.upload).not.toHaveBeenCalled();

    const photo = new File(['png'], '现场.png', { type: 'image/png' });
    pick(drawer, photo);
    await waitFor(() =>
      expect(api.upload).toHaveBeenCalledWith(`${BASE}/upload`, photo, {
        fileName: '现场.png',
        fields: { recordId: '1' },
      }),
    );
    expect(await within(drawer).findByText('现场.png', undefined, SLOW)).toBeTruthy();

    fireEvent.click(within(drawer).getByTestId('devops-file-delete-11'));
    await confirmDanger('确认删除附件“校准报告.pdf”吗？');
    await waitFor(() => expect(api.delete).toHaveBeenCalledWith(`${BASE}/deleteFile`, { id: 11 }));
    await waitFor(() => expect(within(drawer).queryByText('校准报告.pdf')).toBeNull());
  });

  it('downloads an attachment through the api client, which sends the token in a header', async () => {
    api.download.mockResolvedValue(undefined);
    renderWithProviders(<SettingsDevopsPage />, READER);
    fireEvent.click(await screen.findByText('校准报告.pdf', undefined, SLOW));
    await waitFor(() => expect(api.download).toHaveBeenCalledWith(`${BASE}/file`, { id: 11 }));
  });

  it('offers no writes without the write permission', async () => {
    renderWithProviders(<SettingsDevopsPage />, READER);
    await rowOf('莲花山水站');
    expect(screen.queryByTestId('devops-add')).toBeNull();
    expect(screen.queryByText('编辑')).toBeNull();
    expect(screen.queryByTestId('devops-delete-1')).toBeNull();
    const drawer = await openFiles(1);
    expect(within(drawer).getByText('校准报告.pdf')).toBeTruthy();
    expect(within(drawer).queryByTestId('devops-file-upload')).toBeNull();
    expect(within(drawer).queryByTestId('devops-file-delete-11')).toBeNull();
  });

  it('says when there are no records', async () => {
    api.get.mockImplementation((url: string) =>
      Promise.resolve(url === LIST_URL ? page([]) : { list: [], total: 0, pageNum: 1, pageSize: 1000 }),
    );
    renderWithProviders(<SettingsDevopsPage />, WRITER);
    expect(await screen.findByText('暂无运维记录', undefined, SLOW)).toBeTruthy();
    expect(screen.queryByTestId('devops-table')).toBeNull();
  });

  it('keeps a load failure in view with a retry', async () => {
    api.get.mockRejectedValue(new Error('服务器错误'));
    renderWithProviders(<SettingsDevopsPage />, WRITER);
    expect(await screen.findByText('加载失败', undefined, SLOW)).toBeTruthy();
    expect(screen.getByText('服务器错误')).toBeTruthy();
    api.get.mockResolvedValue(page([REPAIR]));
    fireEvent.click(button(document.body, '重试'));
    expect(await screen.findByText('罗湖口岸站', undefined, SLOW)).toBeTruthy();
  });

  it('reads in English too', async () => {
    await i18n.changeLanguage('en-US');
    renderWithProviders(<SettingsDevopsPage />, WRITER);
    const row = await rowOf('莲花山水站');
    expect(within(row).getByText('Calibration')).toBeTruthy();
    expect(screen.getByText('Add record')).toBeTruthy();
  });
});
