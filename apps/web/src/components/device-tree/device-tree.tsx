import { Empty, Flex, Segmented, Switch, theme, Tree, Typography } from 'antd';
import type { Key } from 'react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  buildDeviceTree,
  type DeviceTreeNode,
  filterDeviceTree,
  ROOT_KEY,
  splitMatch,
  type TreeDevice,
  type TreeGroup,
  type TreeGrouping,
  type TreeMembership,
} from './build-device-tree';
import { useDebouncedValue } from './use-debounced-value';
import { SearchInput } from '../search-input';

/** Long enough to skip the keystrokes of one word; short enough to feel immediate. */
const SEARCH_DEBOUNCE_MS = 250;

export interface DeviceTreeProps<D extends TreeDevice> {
  devices: readonly D[];
  /** Deploy classifies of both types: projects (1) and addresses (2). */
  groups: readonly TreeGroup[];
  /** Grouping records of the current grouping. */
  memberships: readonly TreeMembership[];
  grouping: TreeGrouping;
  onGroupingChange: (grouping: TreeGrouping) => void;
  /** The user's bound device codes; offers the 'bound only' filter when given. */
  boundCodes?: ReadonlySet<string>;
  /** Pixel height of the scrolling list: rows outside it are not rendered (virtual scrolling). */
  height: number;
  /** Checkboxes on the nodes. */
  checkable?: boolean;
  checkedIds?: readonly number[];
  onCheck?: (deviceIds: number[]) => void;
  selectedId?: number | null;
  onSelect?: (device: D | null) => void;
  loading?: boolean;
}

/**
 * The device tree of the device management panel: grouped by project or address under an
 * all-devices root, searchable by device name, with optional checkboxes. antd's Tree renders only
 * the visible rows when given a height, so 10,000 devices stay smooth.
 */
export function DeviceTree<D extends TreeDevice>({
  devices,
  groups,
  memberships,
  grouping,
  onGroupingChange,
  boundCodes,
  height,
  checkable = false,
  checkedIds,
  onCheck,
  selectedId,
  onSelect,
  loading = false,
}: DeviceTreeProps<D>) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const [search, setSearch] = useState('');
  const [showInvalid, setShowInvalid] = useState(false);
  const [boundOnly, setBoundOnly] = useState(false);
  const term = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [expanded, setExpanded] = useState<{ term: string; keys: Key[] } | null>(null);

  const labels = useMemo(
    () => ({
      all: t('device.tree.all'),
      unclassified: t('device.tree.unclassified'),
      invalid: t('device.tree.invalid'),
    }),
    [t],
  );
  const english = i18n.language.startsWith('en');
  const full = useMemo(
    () =>
      buildDeviceTree(devices, groups, memberships, {
        grouping,
        showInvalid,
        boundCodes: boundOnly ? boundCodes : undefined,
        labels,
        english,
      }),
    [devices, groups, memberships, grouping, showInvalid, boundOnly, boundCodes, labels, english],
  );
  const filtered = useMemo(() => filterDeviceTree(full, term), [full, term]);
  // A new array each render would make the Tree re-index every node on each keystroke.
  const treeData = useMemo(() => [filtered.root], [filtered.root]);
  // A new search opens the groups holding its matches; until then the user's own choice stands.
  const expandedKeys = expanded && expanded.term === term ? expanded.keys : filtered.expandedKeys;

  const deviceByKey = useMemo(() => {
    const map = new Map<string, D>();
    for (const group of full.children ?? []) {
      for (const node of group.children ?? []) if (node.device) map.set(node.key, node.device);
    }
    return map;
  }, [full]);

  const checkedKeys = useMemo(() => {
    if (!checkable || !checkedIds) return [];
    const ids = new Set(checkedIds);
    return [...deviceByKey].filter(([, device]) => ids.has(device.id)).map(([key]) => key);
  }, [checkable, checkedIds, deviceByKey]);

  const selectedKeys = useMemo(
    () =>
      selectedId === null || selectedId === undefined
        ? []
        : [...deviceByKey].filter(([, device]) => device.id === selectedId).map(([key]) => key),
    [selectedId, deviceByKey],
  );

  const renderTitle = (node: DeviceTreeNode<D>) => {
    const parts = node.type === 'secondLevelType' ? splitMatch(node.title, term) : null;
    const count = node.type === 'firstLevelNode' ? ` (${node.children?.length ?? 0})` : '';
    if (!parts) {
      return (
        <span data-node-type={node.type}>
          {node.title}
          {count}
        </span>
      );
    }
    return (
      <span data-node-type={node.type}>
        {parts.before}
        <mark
          className="device-tree-match"
          style={{ color: token.colorPrimary, background: 'transparent', padding: 0 }}
        >
          {parts.match}
        </mark>
        {parts.after}
      </span>
    );
  };

  const empty = (filtered.root.children ?? []).length === 0;

  return (
    <Flex vertical gap="small" data-testid="device-tree">
      <SearchInput label={t('device.tree.search')} value={search} onChange={setSearch} testId="device-tree-search" />
      <Flex justify="space-between" align="center" wrap gap="small">
        <Segmented<TreeGrouping>
          size="small"
          value={grouping}
          onChange={onGroupingChange}
          options={[
            { value: 1, label: t('device.tree.byProject') },
            { value: 2, label: t('device.tree.byAddress') },
          ]}
          data-testid="device-tree-grouping"
        />
        <Flex gap="small" align="center" wrap>
          <Typography.Text type="secondary">{t('device.tree.showInvalid')}</Typography.Text>
          <Switch
            size="small"
            checked={showInvalid}
            onChange={setShowInvalid}
            aria-label={t('device.tree.showInvalid')}
            data-testid="device-tree-show-invalid"
          />
          {boundCodes ? (
            <>
              <Typography.Text type="secondary">{t('device.tree.boundOnly')}</Typography.Text>
              <Switch
                size="small"
                checked={boundOnly}
                onChange={setBoundOnly}
                aria-label={t('device.tree.boundOnly')}
                data-testid="device-tree-bound-only"
              />
            </>
          ) : null}
        </Flex>
      </Flex>
      {term.trim() !== '' ? (
        <Typography.Text type="secondary" data-testid="device-tree-matches">
          {t('device.tree.matches', { count: filtered.matches })}
        </Typography.Text>
      ) : null}
      {empty && !loading ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={term.trim() !== '' ? t('device.tree.noMatch') : t('device.tree.empty')}
        />
      ) : (
        <Tree<DeviceTreeNode<D>>
          blockNode
          showLine
          height={height}
          treeData={treeData}
          titleRender={renderTitle}
          expandedKeys={expandedKeys}
          onExpand={(keys) => setExpanded({ term, keys })}
          checkable={checkable}
          checkedKeys={checkedKeys}
          onCheck={(checked) => {
            const keys = Array.isArray(checked) ? checked : checked.checked;
            const ids = new Set<number>();
            for (const key of keys) {
              const device = deviceByKey.get(String(key));
              if (device) ids.add(device.id);
            }
            onCheck?.([...ids]);
          }}
          selectedKeys={selectedKeys}
          onSelect={(_keys, info) => {
            const device = info.node.device;
            if (info.node.key === ROOT_KEY || !device) return;
            onSelect?.(info.selected ? device : null);
          }}
        />
      )}
    </Flex>
  );
}
