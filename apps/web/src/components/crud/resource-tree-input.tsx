import { CRUD } from '@envmon/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Spin, Tree, TreeSelect } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { crudAllQueryOptions } from './api/crud-queries';
import { vocabularyLang } from './cell-render';
import {
  assignedIds,
  buildResourceTree,
  checkedLeafIds,
  type ResourceTreeNode,
  selfAndDescendants,
  toResourceNodeSource,
} from './resource-tree';

/** Tree height inside the form: long enough for a group, short enough to keep the buttons in view. */
const TREE_HEIGHT = 360;

/** Every resource as a tree in the console language. */
function useResourceTree() {
  const { i18n } = useTranslation();
  const query = useQuery(crudAllQueryOptions(CRUD.resource));
  const english = vocabularyLang(i18n.language) === 'en';
  const tree = useMemo(
    () => buildResourceTree((query.data ?? []).map(toResourceNodeSource), english),
    [query.data, english],
  );
  return { ...query, tree };
}

function LoadState({ isPending, isError }: { isPending: boolean; isError: boolean }) {
  const { t } = useTranslation();
  if (isError) return <Alert type="error" showIcon title={t('common.states.loadFailed')} />;
  if (isPending) return <Spin size="small" />;
  return null;
}

export interface ResourceTreeInputProps {
  value?: number[];
  onChange?: (ids: number[]) => void;
  id?: string;
}

/**
 * A role's resources: a checkable tree of every resource, cascading from groups to pages. Groups
 * start collapsed — their tri-state boxes already say what a role holds — so the whole menu fits.
 */
export function ResourceTreeInput({ value = [], onChange, id }: ResourceTreeInputProps) {
  const { tree, isPending, isError } = useResourceTree();
  const checked = useMemo(() => checkedLeafIds(tree, value), [tree, value]);
  if (isPending || isError) return <LoadState isPending={isPending} isError={isError} />;
  return (
    <div id={id} data-testid="resource-tree">
      <Tree<ResourceTreeNode>
        checkable
        selectable={false}
        height={TREE_HEIGHT}
        treeData={tree}
        checkedKeys={checked}
        onCheck={(keys, info) => {
          const full = Array.isArray(keys) ? keys : keys.checked;
          onChange?.(assignedIds(full.map(Number), (info.halfCheckedKeys ?? []).map(Number)));
        }}
      />
    </div>
  );
}

export interface ParentSelectProps {
  value?: number | null;
  onChange?: (id: number | null) => void;
  /** The resource being edited: it and its descendants cannot be its parent. */
  selfId?: number;
  id?: string;
}

interface ParentOption {
  value: number;
  title: string;
  disabled: boolean;
  children: ParentOption[];
}

const toParentOptions = (nodes: readonly ResourceTreeNode[], excluded: ReadonlySet<number>): ParentOption[] =>
  nodes.map((node) => ({
    value: node.key,
    title: node.title,
    disabled: excluded.has(node.key),
    children: toParentOptions(node.children, excluded),
  }));

/** A resource's parent, picked from the same tree the menu is built from. */
export function ParentSelect({ value, onChange, selfId, id }: ParentSelectProps) {
  const { tree, isPending, isError } = useResourceTree();
  const options = useMemo(
    () => toParentOptions(tree, selfId === undefined ? new Set<number>() : selfAndDescendants(tree, selfId)),
    [tree, selfId],
  );
  if (isError) return <LoadState isPending={false} isError />;
  return (
    <TreeSelect<number>
      id={id}
      allowClear
      showSearch={{ treeNodeFilterProp: 'title' }}
      loading={isPending}
      treeData={options}
      value={value ?? undefined}
      onChange={(next) => onChange?.(next ?? null)}
    />
  );
}
