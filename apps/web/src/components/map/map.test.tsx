// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { StrictMode, useState, type ReactNode } from 'react';
import Cookies from 'js-cookie';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ClientConfig } from '@envmon/shared';
import '../../lib/i18n';
import { PreferencesProvider } from '../../app/providers/preferences';
import { PREFERENCE_COOKIES } from '../../lib/cookies';
import { consoleConfigQueryOptions } from '../../lib/console-config';
import { DeviceMap, LocationPicker, type DeviceMapDevice, type LngLat } from './index';

const CONFIG: ClientConfig = {
  defaultLanguage: 'zh-CN',
  defaultSize: 'medium',
  oauth: null as unknown as ClientConfig['oauth'],
  mapTileUrl: null,
  demo: false,
};

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

  it('follows the theme and says when no base map is configured', () => {
    const { container } = renderWithProviders(<DeviceMap devices={[]} />);
    expect(container.querySelector('.envmon-map--dark')).not.toBeNull();
    expect(screen.getByTestId('map-notice').textContent).toBe('未配置底图，设备标注与绘制仍可使用');
  });

  it('adds the configured tile layer without a notice', () => {
    const { container } = renderWithProviders(<DeviceMap devices={[]} />, {
      ...CONFIG,
      mapTileUrl: 'https://tiles.example/{z}/{x}/{y}.png',
    });
    expect(container.querySelector('.leaflet-tile-pane .leaflet-layer')).not.toBeNull();
    expect(screen.queryByTestId('map-notice')).toBeNull();
  });
  it('says so when the configured tiles cannot be loaded, and keeps the markers', () => {
    const { container } = renderWithProviders(<DeviceMap devices={[device(1, 116.404, 39.915, 'online')]} />, {
      ...CONFIG,
      mapTileUrl: 'https://unreachable.example/{z}/{x}/{y}.png',
    });
    const tile = container.querySelector('.leaflet-tile-pane img');
    expect(tile).not.toBeNull();
    act(() => {
      fireEvent.error(tile as Element);
    });
    expect(screen.getByTestId('map-notice').textContent).toBe('底图加载失败，设备标注与绘制仍可使用');
    expect(container.querySelectorAll('.device-marker')).toHaveLength(1);
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
});
