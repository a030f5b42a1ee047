// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n';
import type { TreeDevice, TreeGroup, TreeGrouping, TreeMembership } from './build-device-tree';
import { DeviceTree } from './device-tree';

const devices: TreeDevice[] = [
  { id: 1, deviceName: 'River North', deviceCode: 'MN1', ifValid: 1 },
  { id: 2, deviceName: 'River South', deviceCode: 'MN2', ifValid: 1 },
  { id: 3, deviceName: 'Lake', deviceCode: 'MN3', ifValid: 1 },
  { id: 4, deviceName: 'Broken', deviceCode: 'MN4', ifValid: 0 },
];
const groups: TreeGroup[] = [
  { id: 10, deployName: 'Project A', deployType: 1 },
  { id: 20, deployName: 'Shenzhen', deployType: 2 },
];
const records: Record<TreeGrouping, TreeMembership[]> = {
  1: [
    { deployId: 10, deployType: 1, deviceId: 1 },
    { deployId: 10, deployType: 1, deviceId: 2 },
  ],
  2: [{ deployId: 20, deployType: 2, deviceId: 3 }],
};

function Harness({ onSelect, bound }: { onSelect?: (device: TreeDevice | null) => void; bound?: ReadonlySet<string> }) {
  const [grouping, setGrouping] = useState<TreeGrouping>(1);
  return (
    <DeviceTree
      devices={devices}
      groups={groups}
      memberships={records[grouping]}
      grouping={grouping}
      onGroupingChange={setGrouping}
      boundCodes={bound}
      height={400}
      onSelect={onSelect}
    />
  );
}

const titles = () => [...document.querySelectorAll('.ant-tree-title')].map((node) => node.textContent);

/** jsdom lays nothing out; the virtual list only needs the observer to exist. */
class NoResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}

beforeAll(async () => {
  window.ResizeObserver = NoResizeObserver;
  await i18n.changeLanguage('en-US');
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

// antd renders a lot in jsdom; a slow machine needs more than the default 5 s per test.
describe('DeviceTree', { timeout: 30_000 }, () => {
  it('shows the root and its groups, the invalid group only when asked for', () => {
    render(<Harness />);
    expect(titles()).toEqual(['All devices', 'Project A (2)', 'Unclassified devices (1)']);
    fireEvent.click(screen.getByRole('switch', { name: 'Show invalid' }));
    expect(titles()).toEqual(['All devices', 'Project A (2)', 'Unclassified devices (1)', 'Invalid devices (1)']);
  });

  it('switches to grouping by address', () => {
    render(<Harness />);
    fireEvent.click(screen.getByText('By address'));
    expect(titles()).toEqual(['All devices', 'Shenzhen (1)', 'Unclassified devices (2)']);
  });

  it('searches by device name once typing pauses, highlighting and expanding the matches', () => {
    vi.useFakeTimers();
    render(<Harness />);
    fireEvent.change(screen.getByPlaceholderText('Search by device name'), { target: { value: 'river' } });
    // Not yet: the search waits for typing to pause.
    expect(titles()).toEqual(['All devices', 'Project A (2)', 'Unclassified devices (1)']);
    void act(() => vi.advanceTimersByTime(300));
    expect(titles()).toEqual(['All devices', 'Project A (2)', 'River North', 'River South']);
    expect([...document.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['River', 'River']);
    expect(screen.getByTestId('device-tree-matches').textContent).toBe('2 devices found');

    fireEvent.change(screen.getByPlaceholderText('Search by device name'), { target: { value: 'nothing' } });
    void act(() => vi.advanceTimersByTime(300));
    expect(screen.getByText('No device name matches')).toBeTruthy();
  });

  it('filters to the bound devices when asked', () => {
    render(<Harness bound={new Set(['MN3'])} />);
    fireEvent.click(screen.getByRole('switch', { name: 'My devices only' }));
    expect(titles()).toEqual(['All devices', 'Unclassified devices (1)']);
  });

  it('reports the device chosen, not groups', () => {
    vi.useFakeTimers();
    const onSelect = vi.fn();
    render(<Harness onSelect={onSelect} />);
    fireEvent.change(screen.getByPlaceholderText('Search by device name'), { target: { value: 'north' } });
    void act(() => vi.advanceTimersByTime(300));
    fireEvent.click(screen.getByText('Project A (1)'));
    expect(onSelect).not.toHaveBeenCalled();
    fireEvent.click(screen.getByText('North'));
    expect(onSelect).toHaveBeenCalledWith(devices[0]);
  });
});
