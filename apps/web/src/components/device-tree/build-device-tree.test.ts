import { describe, expect, it } from 'vitest';
import {
  buildDeviceTree,
  type DeviceTreeNode,
  type DeviceTreeOptions,
  filterDeviceTree,
  INVALID_KEY,
  ROOT_KEY,
  splitMatch,
  type TreeDevice,
  type TreeGroup,
  type TreeMembership,
  UNCLASSIFIED_KEY,
} from './build-device-tree';

const labels = { all: 'All devices', unclassified: 'Unclassified devices', invalid: 'Invalid devices' };
const options = (extra: Partial<DeviceTreeOptions> = {}): DeviceTreeOptions => ({
  grouping: 1,
  showInvalid: false,
  labels,
  ...extra,
});

const device = (id: number, deviceName: string, ifValid = 1): TreeDevice => ({
  id,
  deviceName,
  deviceCode: `MN${id}`,
  ifValid,
});

const devices = [
  device(1, 'River B'),
  device(2, 'River A'),
  device(3, 'Lake'),
  device(4, 'Loose valid'),
  device(5, 'Loose invalid', 0),
  device(6, 'Grouped invalid', 0),
];
const groups: TreeGroup[] = [
  { id: 10, deployName: '项目甲', deployNameEn: 'Project A', deployType: 1 },
  { id: 11, deployName: '项目乙', deployNameEn: null, deployType: 1 },
  { id: 12, deployName: '空项目', deployType: 1 },
  { id: 20, deployName: '深圳', deployNameEn: 'Shenzhen', deployType: 2 },
];
const memberships: TreeMembership[] = [
  { deployId: 10, deployType: 1, deviceId: 1 },
  { deployId: 10, deployType: 1, deviceId: 2 },
  { deployId: 11, deployType: 1, deviceId: 3 },
  { deployId: 11, deployType: 1, deviceId: 6 },
  { deployId: 20, deployType: 2, deviceId: 3 },
];

/** The devices under the tree, each once. */
const devicesOfTree = (root: DeviceTreeNode): TreeDevice[] => {
  const seen = new Map<number, TreeDevice>();
  for (const group of root.children ?? []) {
    for (const node of group.children ?? []) if (node.device) seen.set(node.device.id, node.device);
  }
  return [...seen.values()];
};

const titles = (node: DeviceTreeNode | undefined) => (node?.children ?? []).map((child) => child.title);
const child = (node: DeviceTreeNode, key: string) => node.children?.find((c) => c.key === key);

describe('buildDeviceTree', () => {
  it('puts an all-devices root (mainLevelNode) over groups (firstLevelNode) over devices (secondLevelType)', () => {
    const root = buildDeviceTree(devices, groups, memberships, options());
    expect(root).toMatchObject({ key: ROOT_KEY, type: 'mainLevelNode', title: 'All devices' });
    const project = child(root, 'g10');
    expect(project).toMatchObject({ type: 'firstLevelNode', groupKind: 'deploy', groupId: 10, title: '项目甲' });
    expect(project?.children?.every((node) => node.type === 'secondLevelType')).toBe(true);
    expect(project?.children?.map((node) => node.device?.id)).toEqual([2, 1]);
  });

  it('sorts devices by name within a group', () => {
    const root = buildDeviceTree(devices, groups, memberships, options());
    expect(titles(child(root, 'g10'))).toEqual(['River A', 'River B']);
  });

  it('groups by project for grouping 1 and by address for grouping 2', () => {
    const byProject = buildDeviceTree(devices, groups, memberships, options({ grouping: 1 }));
    expect(titles(byProject)).toEqual(['项目甲', '项目乙', 'Unclassified devices']);
    const byAddress = buildDeviceTree(devices, groups, memberships, options({ grouping: 2 }));
    expect(titles(byAddress)).toEqual(['深圳', 'Unclassified devices']);
    expect(titles(child(byAddress, 'g20'))).toEqual(['Lake']);
  });

  it('sends ungrouped valid devices to unclassified devices', () => {
    const root = buildDeviceTree(devices, groups, memberships, options());
    expect(titles(child(root, UNCLASSIFIED_KEY))).toEqual(['Loose valid']);
    expect(child(root, UNCLASSIFIED_KEY)?.groupKind).toBe('unclassified');
  });

  it('sends ungrouped devices that are not valid (ifValid not 1) to invalid devices, hidden unless requested', () => {
    expect(child(buildDeviceTree(devices, groups, memberships, options()), INVALID_KEY)).toBeUndefined();
    const root = buildDeviceTree(devices, groups, memberships, options({ showInvalid: true }));
    expect(titles(root).at(-1)).toBe('Invalid devices');
    expect(titles(child(root, INVALID_KEY))).toEqual(['Loose invalid']);
    const odd = buildDeviceTree([device(7, 'Flag 2', 2)], [], [], options({ showInvalid: true }));
    expect(titles(child(odd, INVALID_KEY))).toEqual(['Flag 2']);
  });

  it('keeps a grouped device in its group whatever its valid flag', () => {
    const root = buildDeviceTree(devices, groups, memberships, options({ showInvalid: true }));
    expect(titles(child(root, 'g11'))).toEqual(['Grouped invalid', 'Lake']);
  });

  it('removes empty groups, including the unclassified and invalid ones', () => {
    const root = buildDeviceTree(devices.slice(0, 3), groups, memberships, options({ showInvalid: true }));
    expect(titles(root)).toEqual(['项目甲', '项目乙']);
    expect(child(root, 'g12')).toBeUndefined();
  });

  it('keeps the root when there is nothing to show', () => {
    const root = buildDeviceTree([], groups, memberships, options());
    expect(root.children).toEqual([]);
  });

  it('filters to the bound devices, dropping groups left empty', () => {
    const root = buildDeviceTree(devices, groups, memberships, options({ boundCodes: new Set(['MN3', 'MN4']) }));
    expect(titles(root)).toEqual(['项目乙', 'Unclassified devices']);
    expect(titles(child(root, 'g11'))).toEqual(['Lake']);
  });

  it('ignores records of unknown groups, of the other grouping and repeated records', () => {
    const root = buildDeviceTree(
      [device(1, 'One')],
      groups,
      [
        { deployId: 99, deployType: 1, deviceId: 1 },
        { deployId: 20, deployType: 2, deviceId: 1 },
      ],
      options(),
    );
    expect(titles(root)).toEqual(['Unclassified devices']);
    const twice = buildDeviceTree(
      [device(1, 'One')],
      groups,
      [
        { deployId: 10, deployType: 1, deviceId: 1 },
        { deployId: 10, deployType: 1, deviceId: 1 },
      ],
      options(),
    );
    expect(titles(child(twice, 'g10'))).toEqual(['One']);
  });

  it('lists a device in each of its groups under unique keys', () => {
    const root = buildDeviceTree(
      [device(1, 'One')],
      groups,
      [
        { deployId: 10, deployType: 1, deviceId: 1 },
        { deployId: 11, deployType: 1, deviceId: 1 },
      ],
      options(),
    );
    const keys = (root.children ?? []).flatMap((group) => (group.children ?? []).map((node) => node.key));
    expect(keys).toHaveLength(2);
    expect(new Set(keys).size).toBe(2);
    expect(devicesOfTree(root).map((d) => d.id)).toEqual([1]);
  });

  it('uses the English group name when asked and the group has one', () => {
    const root = buildDeviceTree(devices, groups, memberships, options({ english: true }));
    expect(titles(root).slice(0, 2)).toEqual(['Project A', '项目乙']);
  });

  it('builds 10,000 devices quickly', () => {
    const fleet = Array.from({ length: 10_000 }, (_, i) => device(i + 1, `Station ${i + 1}`, i % 10 === 0 ? 0 : 1));
    const records = fleet.slice(0, 8000).map((d) => ({ deployId: 10 + (d.id % 2), deployType: 1, deviceId: d.id }));
    const started = performance.now();
    const root = buildDeviceTree(fleet, groups, records, options({ showInvalid: true }));
    expect(performance.now() - started).toBeLessThan(500);
    expect(devicesOfTree(root)).toHaveLength(10_000);
  });
});

describe('filterDeviceTree', () => {
  const root = buildDeviceTree(devices, groups, memberships, options({ showInvalid: true }));

  it('keeps every node for an empty term', () => {
    expect(filterDeviceTree(root, '  ').root).toBe(root);
  });

  it('keeps matching devices (case-insensitive) with their groups and expands those groups', () => {
    const { root: found, expandedKeys, matches } = filterDeviceTree(root, 'river');
    expect(titles(found)).toEqual(['项目甲']);
    expect(titles(child(found, 'g10'))).toEqual(['River A', 'River B']);
    expect(expandedKeys).toEqual([ROOT_KEY, 'g10']);
    expect(matches).toBe(2);
  });

  it('finds nothing for a name no device has', () => {
    const { root: found, matches } = filterDeviceTree(root, 'nowhere');
    expect(found.children).toEqual([]);
    expect(matches).toBe(0);
  });
});

describe('splitMatch', () => {
  it('splits around the first case-insensitive match', () => {
    expect(splitMatch('River Alpha', 'alp')).toEqual({ before: 'River ', match: 'Alp', after: 'ha' });
    expect(splitMatch('River', 'x')).toBeNull();
    expect(splitMatch('River', '')).toBeNull();
  });
});
