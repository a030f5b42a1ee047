// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { StrictMode, useState, type ReactNode } from 'react';
import Cookies from 'js-cookie';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ClientConfig, MapTiles } from '@envmon/shared';
import '../../lib/i18n';
import { PreferencesProvider } from '../../app/providers/preferences';
import { PREFERENCE_COOKIES } from '../../lib/cookies';
import { consoleConfigQueryOptions } from '../../lib/console-config';
import { DeviceMap, LocationPicker, type DeviceMapDevice, type LngLat } from './index';

const CONFIG: ClientConfig = {
  defaultLanguage: 'zh-CN',
  defaultSize: 'medium',
  oauth: null as unknown as ClientConfig['oauth'],
  mapTiles: null,
  demo: false,
};

const tiles = (url: string, more: Partial<MapTiles> = {}): MapTiles => ({
  url,
  labelUrl: null,
  subdomains: '',
  attribution: null,
  crs: 'wgs84',
  maxZoom: 18,
  ...more,
});

function renderWithProviders(ui: ReactNode, config: ClientConfig = CONFIG) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(consoleConfigQueryOptions().queryKey, config);
  // Strict mode, as in main.tsx: effects (geoman's toolbar, listeners) run, clean up and run again.
  return render(
    <StrictMode>
      <QueryClientProvider client={client}>
        <PreferencesProvider>{ui}</PreferencesProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
}

// The bundled boundaries are a chunk of their own: transformed once here, not inside a test's time.
beforeAll(() => import('./boundaries'), 60_000);

beforeEach(() => {
  Cookies.set(PREFERENCE_COOKIES.theme, 'dark');
  Cookies.set(PREFERENCE_COOKIES.size, 'medium');
  Cookies.set(PREFERENCE_COOKIES.language, 'zh-CN');
});

afterEach(() => {
  cleanup();
  for (const name of Object.values(PREFERENCE_COOKIES)) Cookies.remove(name);
});

const device = (
  id: number,
  lng: number | null,
  lat: number | null,
  state: DeviceMapDevice['state'],
  deviceType = '21',
): DeviceMapDevice => ({
  id,
  deviceName: `站点${id}`,
  deviceCode: `MN${id}`,
  deviceType,
  lng,
  lat,
  state,
});

describe('DeviceMap', () => {
  it('draws located devices coloured by state, clusters neighbours and leaves out devices without coordinates', () => {
    const onSelect = vi.fn();
    const { container } = renderWithProviders(
      <DeviceMap
        devices={[
          device(1, 116.404, 39.915, 'online'),
          device(2, 114.06, 22.55, 'alarm', '99'),
          device(3, null, null, 'offline'),
          device(4, 121.47, 31.23, 'offline', '22'),
          device(5, 121.4701, 31.2301, 'alarm', '22'),
        ]}
        onSelect={onSelect}
      />,
    );
    const markers = [...container.querySelectorAll('.device-marker')];
    expect(markers).toHaveLength(2);
    expect(container.querySelector('.device-marker--online img')?.getAttribute('src')).toBe(
      '/static/device_icon/21.svg',
    );
    // An unknown device type gets the default icon.
    expect(container.querySelector('.device-marker--alarm img')?.getAttribute('src')).toBe(
      '/static/device_icon/default.svg',
    );
    const cluster = container.querySelector('.device-cluster');
    expect(cluster?.textContent).toBe('2');
    expect(cluster?.classList.contains('device-cluster--alarm')).toBe(true);

    const online = container.querySelector('.device-marker--online')?.parentElement;
    expect(online?.getAttribute('title')).toBe('站点1');
    fireEvent.click(online as Element);
    expect(onSelect).toHaveBeenCalledWith(1);
  });

  it('shows a selected device on its own, even inside a cluster', () => {
    const { container } = renderWithProviders(
      <DeviceMap
        devices={[device(4, 121.47, 31.23, 'offline'), device(5, 121.4701, 31.2301, 'alarm')]}
        selectedId={5}
      />,
    );
    expect(container.querySelectorAll('.device-marker')).toHaveLength(2);
    expect(container.querySelector('.device-marker--selected.device-marker--alarm')).not.toBeNull();
  });

  it('draws the bundled country boundaries in the theme when no tiles are configured, without a notice', async () => {
    const { container } = renderWithProviders(<DeviceMap devices={[device(1, 116.404, 39.915, 'online')]} />);
    expect(container.querySelector('.envmon-map--dark.envmon-map--outline')).not.toBeNull();
    // Every country of the bundled layer is a path in the overlay pane, loaded from its own chunk.
    await waitFor(() => expect(container.querySelectorAll('.leaflet-overlay-pane path').length).toBeGreaterThan(200));
    expect(container.querySelector('.leaflet-tile-pane .leaflet-layer')).toBeNull();
    expect(screen.queryByTestId('map-notice')).toBeNull();
    expect(container.querySelector('.leaflet-control-attribution')?.textContent).toContain(
      '国界：Natural Earth（world-geo-json-zh）',
    );
    expect(container.querySelectorAll('.device-marker')).toHaveLength(1);
  });

  it('adds the configured tiles, their label layer and credits, without the boundaries or a notice', () => {
    const { container } = renderWithProviders(<DeviceMap devices={[]} />, {
      ...CONFIG,
      mapTiles: tiles('https://t{s}.tiles.example/{z}/{x}/{y}.png', {
        subdomains: '01',
        labelUrl: 'https://t{s}.tiles.example/labels/{z}/{x}/{y}.png',
        attribution: '© Example tiles',
      }),
    });
    const layers = container.querySelectorAll('.leaflet-tile-pane .leaflet-layer');
    expect(layers).toHaveLength(2);
    const sources = [...container.querySelectorAll('.leaflet-tile-pane img')].map((img) => img.getAttribute('src'));
    expect(sources.some((src) => /^https:\/\/t[01]\.tiles\.example\/labels\/6\//.test(src ?? ''))).toBe(true);
    expect(container.querySelector('.leaflet-control-attribution')?.textContent).toContain('© Example tiles');
    expect(container.querySelector('.envmon-map--outline')).toBeNull();
    expect(container.querySelector('.leaflet-overlay-pane path')).toBeNull();
    expect(screen.queryByTestId('map-notice')).toBeNull();
  });

  it('draws stored WGS-84 devices converted onto a GCJ-02 base map', () => {
    // Beijing is selected, so the map centres on it at street level; Tokyo, outside China, has no
    // GCJ-02 offset. On a GCJ-02 map Beijing moves about 530 m east: Tokyo, seen from it, moves west.
    const tokyoFromBeijing = (crs: MapTiles['crs']) => {
      const { container, unmount } = renderWithProviders(
        <DeviceMap
          devices={[device(1, 116.404, 39.915, 'online'), device(2, 139.692, 35.69, 'offline')]}
          selectedId={1}
        />,
        { ...CONFIG, mapTiles: tiles('https://tiles.example/{z}/{x}/{y}.png', { crs }) },
      );
      const position = (state: string) => {
        const icon = container.querySelector(`.device-marker--${state}`)?.parentElement;
        // jsdom has no 3D transforms: Leaflet places markers with left and top.
        return [Number.parseFloat(icon?.style.left ?? ''), Number.parseFloat(icon?.style.top ?? '')] as const;
      };
      const [bx, by] = position('online');
      const [sx, sy] = position('offline');
      unmount();
      return [sx - bx, sy - by] as const;
    };
    const [wgsX, wgsY] = tokyoFromBeijing('wgs84');
    const [gcjX, gcjY] = tokyoFromBeijing('gcj02');
    // 0.0062° of longitude and 0.0014° of latitude at zoom 13: about 36 px west and 11 px down.
    expect(wgsX - gcjX).toBeGreaterThanOrEqual(30);
    expect(wgsX - gcjX).toBeLessThanOrEqual(42);
    expect(gcjY - wgsY).toBeGreaterThanOrEqual(5);
    expect(gcjY - wgsY).toBeLessThanOrEqual(16);
  });

  it('says so when the configured tiles cannot be loaded, and draws the boundaries and markers instead', async () => {
    const { container } = renderWithProviders(<DeviceMap devices={[device(1, 116.404, 39.915, 'online')]} />, {
      ...CONFIG,
      mapTiles: tiles('https://unreachable.example/{z}/{x}/{y}.png'),
    });
    const tile = container.querySelector('.leaflet-tile-pane img');
    expect(tile).not.toBeNull();
    act(() => {
      fireEvent.error(tile as Element);
    });
    expect(screen.getByTestId('map-notice').textContent).toBe('底图加载失败，设备标注与绘制仍可使用');
    expect(container.querySelectorAll('.device-marker')).toHaveLength(1);
    await waitFor(() => expect(container.querySelectorAll('.leaflet-overlay-pane path').length).toBeGreaterThan(200));
  });
});

function ControlledPicker({ initial, onValue }: { initial: LngLat; onValue: (v: LngLat) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <LocationPicker
      value={value}
      onChange={(next) => {
        onValue(next);
        setValue(next);
      }}
    />
  );
}

/** antd puts the test id and the label on the input itself. */
function input(testId: string): HTMLInputElement {
  const element = screen.getByTestId(testId);
  if (!(element instanceof HTMLInputElement)) throw new Error(`${testId} is not an input`);
  return element;
}

describe('LocationPicker', () => {
  it('converts the shown numbers while the switch is on and restores them exactly when off', () => {
    const onValue = vi.fn();
    renderWithProviders(<ControlledPicker initial={{ lng: 116.404, lat: 39.915 }} onValue={onValue} />);
    expect(screen.getByRole('spinbutton', { name: '经度' })).toBe(input('device-lng'));
    expect(input('device-lng').value).toBe('116.404000');
    expect(input('device-lat').value).toBe('39.915000');

    fireEvent.click(screen.getByTestId('coordinate-switch'));
    expect(input('device-lng').value).toBe('116.410244');
    expect(input('device-lat').value).toBe('39.916404');

    fireEvent.click(screen.getByTestId('coordinate-switch'));
    expect(input('device-lng').value).toBe('116.404000');
    expect(input('device-lat').value).toBe('39.915000');
    expect(onValue).not.toHaveBeenCalled();
  });

  it('hands typed GCJ-02 numbers on as WGS-84', () => {
    const onValue = vi.fn();
    renderWithProviders(<ControlledPicker initial={{ lng: 116.404, lat: 39.915 }} onValue={onValue} />);
    fireEvent.click(screen.getByTestId('coordinate-switch'));
    act(() => {
      fireEvent.change(input('device-lat'), { target: { value: '39.92' } });
    });
    const last = onValue.mock.lastCall?.[0] as LngLat;
    expect(last.lng).toBeCloseTo(116.404, 5);
    expect(last.lat).toBeCloseTo(39.9186, 3);
    expect(input('device-lat').value).toBe('39.920000');
  });

  it('offers geoman’s marker tool with a stable test id and a label', () => {
    renderWithProviders(<ControlledPicker initial={{ lng: null, lat: null }} onValue={vi.fn()} />);
    const button = screen.getByTestId('map-draw-marker');
    expect(button.getAttribute('aria-label')).toBe('在地图上选点');
    expect(screen.getByText('坐标转换（WGS-84 → GCJ-02）')).toBeTruthy();
  });

  it('sets the value from a point picked with the marker tool, rounded to six decimals', () => {
    const onValue = vi.fn();
    const { container } = renderWithProviders(
      <ControlledPicker initial={{ lng: null, lat: null }} onValue={onValue} />,
    );
    fireEvent.click(screen.getByTestId('map-draw-marker'));
    const map = container.querySelector('.leaflet-container') as HTMLElement;
    fireEvent.mouseMove(map, { clientX: 0, clientY: 0 });
    fireEvent.click(map, { clientX: 0, clientY: 0 });
    expect(onValue).toHaveBeenCalledTimes(1);
    const picked = onValue.mock.lastCall?.[0] as LngLat;
    // The click lands at the map's centre (jsdom lays nothing out), give or take Leaflet's pixel rounding.
    expect(picked.lng).toBeCloseTo(114.26, 1);
    expect(picked.lat).toBeCloseTo(22.71, 1);
    expect(Math.round((picked.lng ?? 0) * 1e6) / 1e6).toBe(picked.lng);
    expect(Math.round((picked.lat ?? 0) * 1e6) / 1e6).toBe(picked.lat);
    expect(input('device-lng').value).toBe(picked.lng?.toFixed(6));
    expect(container.querySelector('.picker-marker')).not.toBeNull();
  });

  it('hands a point picked on a GCJ-02 base map on as WGS-84', () => {
    const onValue = vi.fn();
    const { container } = renderWithProviders(
      <ControlledPicker initial={{ lng: null, lat: null }} onValue={onValue} />,
      { ...CONFIG, mapTiles: tiles('https://tiles.example/{z}/{x}/{y}.png', { crs: 'gcj02' }) },
    );
    fireEvent.click(screen.getByTestId('map-draw-marker'));
    const map = container.querySelector('.leaflet-container') as HTMLElement;
    fireEvent.mouseMove(map, { clientX: 0, clientY: 0 });
    fireEvent.click(map, { clientX: 0, clientY: 0 });
    const picked = onValue.mock.lastCall?.[0] as LngLat;
    // The map's centre (114.26, 22.71) is a GCJ-02 point; its WGS-84 original lies about 500 m west.
    expect(picked.lng).toBeCloseTo(114.2551, 1);
    expect((picked.lng ?? 0) - 114.26).toBeLessThan(-0.003);
    expect((picked.lat ?? 0) - 22.71).toBeGreaterThan(0.001);
    // The inputs show the stored WGS-84 numbers (the switch is off).
    expect(input('device-lng').value).toBe(picked.lng?.toFixed(6));
  });
});
