// @vitest-environment jsdom
import {
  CRUD_ENDPOINTS,
  type Dashboard,
  dashboardEndpoints,
  deployClassifyEndpoints,
  deviceEndpoints,
  EDITOR_HOME_CARDS,
  factorEndpoints,
  type Page,
  type UserInfo,
  WALL_CARDS,
} from '@envmon/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Session } from '../../../../app/session-context';
import { SessionProvider } from '../../../../app/session-context';
import type { Permissions } from '../../../../components/can';
import type * as apiModule from '../../../../lib/api';
import { formatDateTime } from '../../../../lib/dayjs';
import { i18n } from '../../../../lib/i18n';
import { choose, dialog, field, fieldError, rowOf } from '../../../../test/antd-queries';
import { ADMIN, button, installAntdShims, renderWithProviders } from '../../../../test/render';
import DashboardSettingsPage from './dashboard-settings-page';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
vi.mock('../../../../lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof apiModule>()),
  api,
}));

const LIST_URL = dashboardEndpoints.list.path;
const USERS_URL = CRUD_ENDPOINTS.user.list.path;
const WRITER: Permissions = { isAdmin: false, codes: new Set(['settings.dashboard', 'settings.dashboard:write']) };
const UPDATED = Date.UTC(2026, 10, 20, 2, 30);

const OPERATOR_CONFIG: Dashboard = {
  id: 4,
  userId: 5,
  userName: 'duty1',
  name: '值班看板',
  projectId: 11,
  homeCards: ['states', 'latestAlarms'],
  wallCards: ['map', 'trends', 'airQuality'],
  deviceIds: [7, 8],
  factorCodes: ['w01018', 'w21003'],
  refreshSeconds: 120,
  rotateSeconds: 0,
  createTime: UPDATED,
  updateTime: UPDATED,
};
const ADMIN_CONFIG: Dashboard = {
  ...OPERATOR_CONFIG,
  id: 3,
  userId: 1,
  userName: 'admin',
  name: '总览',
  projectId: null,
  deviceIds: [],
  factorCodes: [],
  rotateSeconds: 30,
};

const factor = (factorCode: string, factorName: string, factorNameEn: string) => ({
  factorCode,
  factorName,
  factorNameEn,
  kind: 'water',
  unit: 'mg/L',
  builtIn: true,
});
const user = (id: number, userName: string, name: string, roleNames: string[]) => ({ id, userName, name, roleNames });
const page = <T,>(list: T[]): Page<T> => ({ list, total: list.length, pageNum: 1, pageSize: 20 });

/** The signed-in user as the session has them (the page reads who may be configured from it). */
function sessionOf(userId: number, userName: string, isAdmin: boolean): Session {
  return {
    user: { userId, userName, name: userName.toUpperCase(), roles: [], deviceCodes: [] } as unknown as UserInfo,
    roleNames: [isAdmin ? 'admin' : 'operator'],
    isAdmin,
    menu: [],
    codes: new Set(),
    landingPath: null,
  };
}

function renderPage(session: Session, permissions: Permissions) {
  return renderWithProviders(
    <SessionProvider value={session}>
      <DashboardSettingsPage />
    </SessionProvider>,
    permissions,
  );
}

const cellsOf = (row: HTMLElement) => [...row.querySelectorAll('td')].slice(0, 10).map((td) => td.textContent);
const cards = (codes: readonly string[]) =>
  codes.map((code) => i18n.t(`dashboard.cards.${code}`)).join(i18n.t('common.messageParts.listSeparator'));
/** The labels a multi-select shows, in order. */
const chosen = (form: HTMLElement, id: string) =>
  [...(field(form, id).closest('.ant-select')?.querySelectorAll('.ant-select-selection-item-content') ?? [])].map(
    (item) => item.textContent,
  );

beforeAll(installAntdShims);

beforeEach(async () => {
  await i18n.changeLanguage('zh-CN');
  api.get.mockImplementation((url: string) => {
    if (url === LIST_URL) return Promise.resolve(page([ADMIN_CONFIG, OPERATOR_CONFIG]));
    if (url === USERS_URL)
      return Promise.resolve(page([user(1, 'admin', '管理员', ['admin']), user(5, 'duty1', '值班员', ['operator'])]));
    if (url === deployClassifyEndpoints.findAll.path)
      return Promise.resolve([{ id: 11, deployName: '一号项目', deployNameEn: 'Project One', deployType: 1 }]);
    if (url === deviceEndpoints.getAll.path)
      return Promise.resolve(
        page([
          { id: 7, deviceName: '莲花山水站', deviceCode: 'LHS001', deviceType: '21' },
          { id: 8, deviceName: '西湖水站', deviceCode: 'XH001', deviceType: '21' },
        ]),
      );
    if (url === factorEndpoints.getAll.path)
      return Promise.resolve([factor('w01018', '化学需氧量', 'COD'), factor('w21003', '氨氮', 'Ammonia nitrogen')]);
    if (url === dashboardEndpoints.remove.path) return Promise.resolve(null);
    return Promise.reject(new Error(`unexpected ${url}`));
  });
  api.post.mockImplementation((_url: string, body: object) => Promise.resolve({ ...OPERATOR_CONFIG, ...body }));
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('DashboardSettingsPage', { timeout: 30_000 }, () => {
  it('lists the configurations with cards, project and factors by their names, not their codes', async () => {
    renderPage(sessionOf(1, 'admin', true), ADMIN);
    const duty = await rowOf('值班看板');
    await waitFor(() => expect(within(duty).getByText('化学需氧量、氨氮')).toBeTruthy());
    await waitFor(() => expect(within(duty).getByText('一号项目')).toBeTruthy());
    expect(cellsOf(duty)).toEqual([
      'duty1',
      '值班看板',
      '一号项目',
      cards(['states', 'latestAlarms']),
      cards(['map', 'trends', 'airQuality']),
      '2 个站点',
      '化学需氧量、氨氮',
      '120 秒',
      '不轮播',
      formatDateTime(UPDATED),
    ]);
    expect(duty.textContent).not.toMatch(/w01018|latestAlarms|airQuality/);
    const overview = await rowOf('总览');
    expect(cellsOf(overview).slice(2, 9)).toEqual([
      '全部项目',
      cards(['states', 'latestAlarms']),
      cards(['map', 'trends', 'airQuality']),
      '范围内全部站点',
      '上报最多的因子',
      '120 秒',
      '30 秒',
    ]);
    expect(api.get).toHaveBeenCalledWith(LIST_URL, { pageNum: 1, pageSize: 20 });
  });

  it('filters by user or configuration name from page 1', async () => {
    renderPage(sessionOf(1, 'admin', true), ADMIN);
    await rowOf('值班看板');
    const filters = screen.getByRole('search');
    fireEvent.change(field(filters, 'dashboard-settings-filter_name'), { target: { value: ' duty ' } });
    fireEvent.click(button(filters, '查询'));
    await waitFor(() => expect(api.get).toHaveBeenCalledWith(LIST_URL, { name: 'duty', pageNum: 1, pageSize: 20 }));
  });

  it('tells what is wrong before adding, with the shared schema’s messages', async () => {
    renderPage(sessionOf(1, 'admin', true), ADMIN);
    await rowOf('值班看板');
    fireEvent.click(screen.getByTestId('dashboard-settings-add'));
    const form = dialog();
    fireEvent.change(field(form, 'refreshSeconds'), { target: { value: '' } });
    fireEvent.change(field(form, 'rotateSeconds'), { target: { value: '5' } });
    fireEvent.click(button(form, '保存'));
    await waitFor(() => expect(fieldError(form, '用户')).toBe(i18n.t('validation.required')));
    expect(fieldError(form, '配置名称')).toBe(i18n.t('validation.required'));
    expect(fieldError(form, '刷新间隔（秒）')).toBe(i18n.t('validation.required'));
    expect(fieldError(form, '轮播间隔（秒）')).toBe(i18n.t('validation.pattern'));
    expect(api.post).not.toHaveBeenCalled();
  });

  it('adds a configuration for another user, starting from that user’s role defaults', async () => {
    renderPage(sessionOf(1, 'admin', true), ADMIN);
    await rowOf('值班看板');
    fireEvent.click(screen.getByTestId('dashboard-settings-add'));
    const form = dialog();
    expect(field(form, 'userId').disabled).toBe(false);
    // Admin's own defaults until a user is chosen; an operator's once one is.
    expect(chosen(form, 'homeCards')).toContain(i18n.t('dashboard.cards.compliance'));
    await choose(form, 'userId', '值班员 (duty1)');
    await waitFor(() =>
      expect(chosen(form, 'homeCards')).toEqual(EDITOR_HOME_CARDS.map((c) => i18n.t(`dashboard.cards.${c}`))),
    );
    expect(chosen(form, 'wallCards')).toEqual(WALL_CARDS.map((c) => i18n.t(`dashboard.cards.${c}`)));
    fireEvent.change(field(form, 'name'), { target: { value: '夜班' } });
    await choose(form, 'factorCodes', '氨氮 (w21003)');
    await choose(form, 'factorCodes', '化学需氧量 (w01018)');
    await choose(form, 'deviceIds', '西湖水站 (XH001)');
    fireEvent.click(button(form, '保存'));
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith(dashboardEndpoints.add.path, {
        userId: 5,
        name: '夜班',
        projectId: null,
        homeCards: [...EDITOR_HOME_CARDS],
        wallCards: [...WALL_CARDS],
        deviceIds: [8],
        factorCodes: ['w21003', 'w01018'],
        refreshSeconds: 60,
        rotateSeconds: 0,
      }),
    );
    await waitFor(() => expect(document.querySelector('.ant-modal')).toBeNull());
  });

  it('offers a non-admin only themselves: the user field is filled in and locked, and no user list is read', async () => {
    const answer = api.get.getMockImplementation() as (url: string) => Promise<unknown>;
    api.get.mockImplementation((url: string) =>
      url === LIST_URL ? Promise.resolve(page([OPERATOR_CONFIG])) : answer(url),
    );
    renderPage(sessionOf(5, 'duty1', false), WRITER);
    await rowOf('值班看板');
    fireEvent.click(screen.getByTestId('dashboard-settings-add'));
    const form = dialog();
    expect(field(form, 'userId').disabled).toBe(true);
    expect(within(form).getByText('DUTY1 (duty1)')).toBeTruthy();
    expect(within(form).getByText('只能配置自己的看板')).toBeTruthy();
    expect(chosen(form, 'homeCards')).toEqual(EDITOR_HOME_CARDS.map((c) => i18n.t(`dashboard.cards.${c}`)));
    fireEvent.change(field(form, 'name'), { target: { value: '我的' } });
    fireEvent.click(button(form, '保存'));
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith(
        dashboardEndpoints.add.path,
        expect.objectContaining({ userId: 5, name: '我的' }),
      ),
    );
    expect(api.get).not.toHaveBeenCalledWith(USERS_URL, expect.anything());
  });

  it('edits a configuration by its id, keeping its cards in their order', async () => {
    renderPage(sessionOf(5, 'duty1', false), WRITER);
    fireEvent.click(button(await rowOf('值班看板'), '编辑'));
    const form = dialog();
    expect(chosen(form, 'wallCards')).toEqual(
      ['map', 'trends', 'airQuality'].map((c) => i18n.t(`dashboard.cards.${c}`)),
    );
    fireEvent.change(field(form, 'rotateSeconds'), { target: { value: '20' } });
    fireEvent.click(button(form, '保存'));
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith(dashboardEndpoints.update.path, {
        id: 4,
        userId: 5,
        name: '值班看板',
        projectId: 11,
        homeCards: ['states', 'latestAlarms'],
        wallCards: ['map', 'trends', 'airQuality'],
        deviceIds: [7, 8],
        factorCodes: ['w01018', 'w21003'],
        refreshSeconds: 120,
        rotateSeconds: 20,
      }),
    );
  });

  it('deletes by id after confirmation', async () => {
    renderPage(sessionOf(1, 'admin', true), ADMIN);
    await rowOf('值班看板');
    fireEvent.click(screen.getByTestId('dashboard-settings-delete-4'));
    const confirm = (await screen.findByText(i18n.t('common.messages.deleteConfirm'))).closest<HTMLElement>(
      '.ant-modal',
    );
    const ok = confirm?.querySelector<HTMLElement>('.ant-btn-dangerous');
    if (!ok) throw new Error('no confirmation');
    fireEvent.click(ok);
    await waitFor(() => expect(api.get).toHaveBeenCalledWith(dashboardEndpoints.remove.path, { id: 4 }));
  });

  it('says when there is no configuration, in English, and offers no writes to a reader', async () => {
    await i18n.changeLanguage('en-US');
    api.get.mockResolvedValue(page([]));
    renderPage(sessionOf(5, 'duty1', false), { isAdmin: false, codes: new Set(['settings.dashboard']) });
    expect(await screen.findByText('No dashboard configurations', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByTestId('dashboard-settings-add')).toBeNull();
  });
});
