/**
 * The device tree of SPEC sections 3 and 4: an 'all devices' root (mainLevelNode) over groups
 * (firstLevelNode: projects for grouping 1, addresses for grouping 2) over devices (secondLevelType).
 * Pure, so every rule is unit-tested and the component only renders.
 */

/** Grouping by project (1) or by address (2): the deployType of the groups shown. */
export type TreeGrouping = 1 | 2;

export type TreeNodeType = 'mainLevelNode' | 'firstLevelNode' | 'secondLevelType';

/** Which kind of group a firstLevelNode is. */
export type GroupKind = 'deploy' | 'unclassified' | 'invalid';

export interface TreeDevice {
  id: number;
  deviceName: string;
  deviceCode: string;
  ifValid: number;
}

/** A deploy classify: a project (deployType 1) or an address (deployType 2). */
export interface TreeGroup {
  id: number;
  deployName: string;
  deployNameEn?: string | null;
  deployType: number;
}

/** A device grouping record (SPEC section 3): the device is in the group. */
export interface TreeMembership {
  deployId: number;
  deployType: number;
  deviceId: number;
}

export interface DeviceTreeLabels {
  all: string;
  unclassified: string;
  invalid: string;
}

export interface DeviceTreeOptions {
  grouping: TreeGrouping;
  /** The 'invalid devices' group is hidden unless requested. */
  showInvalid: boolean;
  /** Only these device codes (the user's bound devices) when given. */
  boundCodes?: ReadonlySet<string>;
  labels: DeviceTreeLabels;
  /** Group names in English where the group has one. */
  english?: boolean;
}

export interface DeviceTreeNode<D extends TreeDevice = TreeDevice> {
  key: string;
  type: TreeNodeType;
  title: string;
  /** Set on firstLevelNode. */
  groupKind?: GroupKind;
  /** Set on deploy groups. */
  groupId?: number;
  /** Set on secondLevelType. */
  device?: D;
  children?: DeviceTreeNode<D>[];
}

export const ROOT_KEY = 'all';
export const UNCLASSIFIED_KEY = 'unclassified';
export const INVALID_KEY = 'invalid';
const VALID = 1;

export const groupKey = (groupId: number): string => `g${groupId}`;
/** A device may sit in several groups: its key names the group too, keys must be unique. */
export const deviceKey = (parentKey: string, deviceId: number): string => `${parentKey}:d${deviceId}`;

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
const byName = (a: TreeDevice, b: TreeDevice): number => collator.compare(a.deviceName, b.deviceName) || a.id - b.id;

function deviceNodes<D extends TreeDevice>(parentKey: string, devices: D[]): DeviceTreeNode<D>[] {
  return [...devices].sort(byName).map((device) => ({
    key: deviceKey(parentKey, device.id),
    type: 'secondLevelType',
    title: device.deviceName,
    device,
  }));
}

export function buildDeviceTree<D extends TreeDevice>(
  devices: readonly D[],
  groups: readonly TreeGroup[],
  memberships: readonly TreeMembership[],
  options: DeviceTreeOptions,
): DeviceTreeNode<D> {
  const { grouping, showInvalid, boundCodes, labels, english = false } = options;
  const shown = boundCodes ? devices.filter((device) => boundCodes.has(device.deviceCode)) : [...devices];
  const byId = new Map(shown.map((device) => [device.id, device]));

  const groupsOfKind = groups.filter((group) => group.deployType === grouping);
  const members = new Map<number, D[]>(groupsOfKind.map((group) => [group.id, []]));
  const grouped = new Set<number>();
  const seen = new Set<string>();
  for (const membership of memberships) {
    if (membership.deployType !== grouping) continue;
    const device = byId.get(membership.deviceId);
    const list = members.get(membership.deployId);
    // A record of a device filtered out, or of a group that no longer exists, groups nothing.
    if (!device || !list) continue;
    const pair = `${membership.deployId}:${device.id}`;
    if (!seen.has(pair)) list.push(device);
    seen.add(pair);
    grouped.add(device.id);
  }

  const children: DeviceTreeNode<D>[] = [];
  for (const group of groupsOfKind) {
    const list = members.get(group.id) ?? [];
    if (list.length === 0) continue;
    const key = groupKey(group.id);
    children.push({
      key,
      type: 'firstLevelNode',
      title: (english && group.deployNameEn) || group.deployName,
      groupKind: 'deploy',
      groupId: group.id,
      children: deviceNodes(key, list),
    });
  }

  const ungrouped = shown.filter((device) => !grouped.has(device.id));
  const unclassified = ungrouped.filter((device) => device.ifValid === VALID);
  const invalid = ungrouped.filter((device) => device.ifValid !== VALID);
  if (unclassified.length > 0) {
    children.push({
      key: UNCLASSIFIED_KEY,
      type: 'firstLevelNode',
      title: labels.unclassified,
      groupKind: 'unclassified',
      children: deviceNodes(UNCLASSIFIED_KEY, unclassified),
    });
  }
  if (showInvalid && invalid.length > 0) {
    children.push({
      key: INVALID_KEY,
      type: 'firstLevelNode',
      title: labels.invalid,
      groupKind: 'invalid',
      children: deviceNodes(INVALID_KEY, invalid),
    });
  }

  return { key: ROOT_KEY, type: 'mainLevelNode', title: labels.all, children };
}

/**
 * The tree narrowed to devices whose name contains `term` (case-insensitive), with the groups
 * that hold them; `expandedKeys` opens every group on the way to a match. An empty term keeps all.
 */
export function filterDeviceTree<D extends TreeDevice>(
  root: DeviceTreeNode<D>,
  term: string,
): { root: DeviceTreeNode<D>; expandedKeys: string[]; matches: number } {
  const needle = term.trim().toLowerCase();
  if (needle === '') return { root, expandedKeys: [root.key], matches: 0 };
  const expandedKeys = [root.key];
  let matches = 0;
  const children: DeviceTreeNode<D>[] = [];
  for (const group of root.children ?? []) {
    const kept = (group.children ?? []).filter((node) => node.title.toLowerCase().includes(needle));
    if (kept.length === 0) continue;
    matches += kept.length;
    expandedKeys.push(group.key);
    children.push({ ...group, children: kept });
  }
  return { root: { ...root, children }, expandedKeys, matches };
}

/** Splits a title around the first case-insensitive occurrence of `term`, for highlighting. */
export function splitMatch(title: string, term: string): { before: string; match: string; after: string } | null {
  const needle = term.trim().toLowerCase();
  if (needle === '') return null;
  const at = title.toLowerCase().indexOf(needle);
  if (at < 0) return null;
  return {
    before: title.slice(0, at),
    match: title.slice(at, at + needle.length),
    after: title.slice(at + needle.length),
  };
}
