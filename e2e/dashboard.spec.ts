import { expect, type APIRequestContext, type Page, test } from '@playwright/test';
import { blockingAxeFindings } from './specs-support/axe.js';
import { DASHBOARD_CARDS, dashboardEndpoints, type DashboardCard } from '@envmon/shared';
import { deviceBody, DeviceApi, type DeviceRow, uniquePrefix } from './specs-support/devices-api.js';
import { visibleUntranslatedKeys } from './specs-support/i18n-scan.js';
import {
  AdminApi,
  apiLogin,
  credentialsOf,
  type Credentials,
  TOKEN_KEY,
  uniqueUserName,
} from './specs-support/session.js';
import { Station } from './specs-support/station.js';

/**
 * The dashboards (issue 17): the home page's admin and editor variants, the cards a dashboard setting
 * chooses on the home and the wall, an alarm raised over TCP reaching the wall's list and map live, and
 * both pages in Chinese/light and English/dark without an untranslated key. Each test makes its own
 * operator bound to its own station, so it depends on no other spec and no demo data.
 */

const PASSWORD = 'Dash@12345';
const THRESHOLD = '/manager/alarm/threshold/rest';
const USER = '/manager/system/user/rest';
const COD = 'w01018';
/** The shared machine runs several browsers at once: a page's first snapshot can take many seconds. */
const UI_TIMEOUT_MS = 30_000;
const ui = expect.configure({ timeout: UI_TIMEOUT_MS });

interface Envelope<T> {
  status: number;
  data: T;
}

/** An admin's API session: the device, the operator bound to it, their dashboard setting; removed after. */
class Fixture {
  readonly userName = uniqueUserName('dash-view');
  userId = 0;
  dashboardId: number | null = null;
  device!: DeviceRow;

  private constructor(
    private readonly request: APIRequestContext,
    private readonly devices: DeviceApi,
    private readonly admin: AdminApi,
  ) {}

  /** `place`: where the station stands (WGS-84), by default where deviceBody puts it, near the map's default centre. */
  static async create(request: APIRequestContext, tag: string, place?: { lng: number; lat: number }): Promise<Fixture> {
    const fixture = new Fixture(request, await DeviceApi.signIn(request), await AdminApi.signIn(request));
    const prefix = uniquePrefix(tag);
    fixture.device = await fixture.devices.add({
      ...deviceBody(`${prefix}01`, `看板站${prefix}`, await fixture.devices.adminId()),
      ...place,
    });
    const roleId = await fixture.admin.roleId('operator');
    const user = await fixture.call<{ id: number }>('POST', `${USER}/add`, {
      userName: fixture.userName,
      password: PASSWORD,
      name: '看板值班员',
      roleIds: [roleId],
      deviceCodes: [fixture.device.deviceCode],
    });
    fixture.userId = user.id;
    return fixture;
  }

  get credentials() {
    return { userName: this.userName, password: PASSWORD };
  }

  async call<T>(method: 'GET' | 'POST', path: string, body?: unknown, params?: Record<string, number>): Promise<T> {
    const headers = { token: this.devices.token };
    const response =
      method === 'POST'
        ? await this.request.post(path, { headers, data: body })
        : await this.request.get(path, { headers, params });
    const envelope = (await response.json()) as Envelope<T>;
    expect(envelope, `${path}: ${JSON.stringify(envelope)}`).toMatchObject({ status: 200 });
    return envelope.data;
  }

  /** Adds the user's dashboard setting, or changes it once there is one (as an admin preparing it). */
  async setDashboard(homeCards: readonly DashboardCard[], wallCards: readonly DashboardCard[]): Promise<void> {
    const body = {
      userId: this.userId,
      name: `看板 ${this.userName}`,
      homeCards,
      wallCards,
      deviceIds: [],
      factorCodes: [COD],
      refreshSeconds: 60,
      rotateSeconds: 0,
    };
    const saved =
      this.dashboardId === null
        ? await this.call<{ id: number }>('POST', dashboardEndpoints.add.path, body)
        : await this.call<{ id: number }>('POST', dashboardEndpoints.update.path, { ...body, id: this.dashboardId });
    this.dashboardId = saved.id;
  }

  async addThreshold(limit: number): Promise<void> {
    await this.call('POST', `${THRESHOLD}/add`, {
      deviceId: this.device.id,
      factorCode: COD,
      operator: 1,
      limit1: limit,
    });
  }

  async dispose(): Promise<void> {
    if (this.dashboardId !== null)
      await this.call('GET', dashboardEndpoints.remove.path, undefined, { id: this.dashboardId });
    if (this.userId) await this.admin.deleteUser(this.userId);
    await this.devices.remove(this.device.id);
  }
}

const cardIds = (page: Page, root: string) => page.getByTestId(root).locator('[data-testid^="dashboard-card-"]');

/**
 * Signs in as session.ts's signInViaApi does, waiting for the home's dashboard with the longer timeout a
 * loaded machine needs; the wall is then opened from there (it has no user menu to wait for).
 */
async function signIn(page: Page, credentials: Credentials): Promise<void> {
  const token = await apiLogin(page.request, credentials);
  await page.goto('/login');
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [TOKEN_KEY, token] as const);
  await page.goto('/index');
  await ui(page.getByTestId('dashboard-home')).toBeVisible();
}

/** The page's cards, in the order shown, are these. */
const expectCards = (page: Page, root: string, cards: readonly DashboardCard[]) =>
  expect
    .poll(() => cardIds(page, root).evaluateAll((els) => els.map((el) => el.getAttribute('data-testid'))), {
      timeout: UI_TIMEOUT_MS,
    })
    .toEqual(cards.map((card) => `dashboard-card-${card}`));

test('admin sees the admin home; an operator the editor home with only the station bound to them', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const fixture = await Fixture.create(request, 'E2EDV');
  try {
    await signIn(page, credentialsOf('admin'));
    await ui(page.getByTestId('dashboard-home')).toHaveAttribute('data-variant', 'admin');
    await ui(page.getByTestId('dashboard-variant')).toHaveText('管理员首页');

    await signIn(page, fixture.credentials);
    const home = page.getByTestId('dashboard-home');
    await ui(home).toHaveAttribute('data-variant', 'editor');
    await ui(page.getByTestId('dashboard-variant')).toHaveText('运维首页');
    // No setting of their own: the editor's default cards.
    await expectCards(page, 'dashboard-home', ['states', 'stations', 'workOrders', 'latestAlarms']);
    const stations = page.getByTestId('dashboard-stations').locator('tbody tr.ant-table-row');
    await ui(stations).toHaveCount(1);
    await ui(stations).toContainText(fixture.device.deviceName);
    await ui(stations).toContainText('从未上线');
    await ui(page.getByTestId('dashboard-card-states').getByTestId('dashboard-state-never')).toContainText('1');
  } finally {
    await fixture.dispose();
  }
});

test('a dashboard setting an admin prepares decides which cards the home and the wall show, in order', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const fixture = await Fixture.create(request, 'E2EDC');
  try {
    await fixture.setDashboard(['workOrders', 'states'], ['transmission', 'latestAlarms']);
    await signIn(page, fixture.credentials);
    await expectCards(page, 'dashboard-home', ['workOrders', 'states']);
    await page.goto('/dashboard/index');
    await expectCards(page, 'dashboard-wall', ['transmission', 'latestAlarms']);

    await fixture.setDashboard(['stations'], ['states', 'map', 'compliance']);
    await page.goto('/index');
    await expectCards(page, 'dashboard-home', ['stations']);
    await page.goto('/dashboard/index');
    await expectCards(page, 'dashboard-wall', ['states', 'map', 'compliance']);
  } finally {
    await fixture.dispose();
  }
});

const LHASA = { lng: 91.11, lat: 29.65 };

test('a station over its threshold over TCP appears on the wall’s alarm list and map within seconds, without a reload', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  // Far from the map's default centre (Shenzhen, zoom 6): the wall's map opens on its stations.
  const fixture = await Fixture.create(request, 'E2EDW', LHASA);
  await fixture.addThreshold(100);
  await fixture.setDashboard(['states'], ['states', 'map', 'latestAlarms', 'alarms']);
  const station = await Station.connect(fixture.device.deviceCode);
  try {
    let snapshots = 0;
    page.on('request', (r) => {
      if (r.url().includes(dashboardEndpoints.info.path)) snapshots += 1;
    });
    await station.sendRealtime({ [COD]: 20 });
    await signIn(page, fixture.credentials);
    await page.goto('/dashboard/index');
    const wall = page.getByTestId('dashboard-wall');
    await ui(wall.getByTestId('dashboard-card-latestAlarms')).toContainText('没有告警');
    await ui(page.getByTestId('dashboard-live')).toHaveText('实时');
    const markerOfStation = wall
      .getByTestId('dashboard-card-map')
      .locator(`.leaflet-marker-icon[title="${fixture.device.deviceName}"]`);
    await ui(markerOfStation.locator('.device-marker--online')).toBeVisible();
    // Marks this document: a reload would lose it.
    await page.evaluate(() => ((window as unknown as { wallMark: number }).wallMark = 1));
    const loads = snapshots;

    await station.sendRealtime({ [COD]: 150.5 });

    const row = wall
      .getByTestId('dashboard-alarm-list')
      .locator('tbody tr.ant-table-row')
      .filter({ hasText: fixture.device.deviceName });
    await expect(row).toHaveCount(1, { timeout: 15_000 });
    await ui(row).toContainText('阈值告警');
    await ui(row).toContainText('化学需氧量');
    await ui(row).toContainText('150.5');
    await ui(row).toContainText('待处理');
    await ui(wall.getByTestId('dashboard-alarms-active')).toContainText('1');
    // The map draws the station in the alarm colour.
    await expect(markerOfStation.locator('.device-marker--alarm')).toBeVisible({ timeout: 15_000 });

    expect(await page.evaluate(() => (window as unknown as { wallMark?: number }).wallMark)).toBe(1);
    // Pushed, not polled: no snapshot was asked for again.
    expect(snapshots).toBe(loads);
  } finally {
    await station.close();
    await fixture.dispose();
  }
});

for (const { language, theme } of [
  { language: 'zh-CN', theme: 'light' },
  { language: 'en-US', theme: 'dark' },
] as const) {
  test(`the home and the wall in ${language} and ${theme}: every card, no untranslated key, no axe finding`, async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const fixture = await Fixture.create(request, 'E2EDL');
    try {
      await fixture.setDashboard(DASHBOARD_CARDS, DASHBOARD_CARDS);
      await context.addCookies([
        { name: 'language', value: language, url: baseURL ?? '' },
        { name: 'theme', value: theme, url: baseURL ?? '' },
      ]);
      await signIn(page, fixture.credentials);
      for (const [path, root] of [
        ['/index', 'dashboard-home'],
        ['/dashboard/index', 'dashboard-wall'],
      ] as const) {
        await page.goto(path);
        await ui(page.locator('html')).toHaveAttribute('lang', language);
        await ui(page.locator('html')).toHaveAttribute('data-theme', theme);
        await expectCards(page, root, DASHBOARD_CARDS);
        // Factor names come from the catalogue once it is loaded.
        await page.waitForLoadState('networkidle');
        expect(await visibleUntranslatedKeys(page), `untranslated keys on ${path}`).toEqual([]);
        expect(await blockingAxeFindings(page, path, { include: `[data-testid="${root}"]` }), `axe on ${path}`).toEqual(
          [],
        );
      }
    } finally {
      await fixture.dispose();
    }
  });
}
