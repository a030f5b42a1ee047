import type { Resource } from '@envmon/shared';

/** The fields of a resource the tree needs; rows from the list carry more. */
export type ResourceNodeSource = Pick<
  Resource,
  'id' | 'resName' | 'resNameEn' | 'parentResId' | 'module' | 'childModule'
>;

export interface ResourceTreeNode {
  key: number;
  title: string;
  children: ResourceTreeNode[];
}

/** Reads a list row (typed loosely, as every CRUD row is) as a tree node source. */
export function toResourceNodeSource(row: { id: number } & Record<string, unknown>): ResourceNodeSource {
  const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
  const int = (value: unknown): number => (typeof value === 'number' ? value : 0);
  return {
    id: row.id,
    resName: text(row.resName) ?? String(row.id),
    resNameEn: text(row.resNameEn),
    parentResId: typeof row.parentResId === 'number' ? row.parentResId : null,
    module: int(row.module),
    childModule: int(row.childModule),
  };
}

const byMenuOrder = (a: ResourceNodeSource, b: ResourceNodeSource): number =>
  a.module - b.module || a.childModule - b.childModule || a.id - b.id;

/**
 * Builds the resource hierarchy from `parentResId`, in menu order (module, then childModule).
 * A resource whose parent is missing (an orphan) becomes a root so it can still be assigned;
 * a parent cycle is broken the same way instead of hiding its members.
 */
export function buildResourceTree(resources: readonly ResourceNodeSource[], english: boolean): ResourceTreeNode[] {
  const sorted = [...resources].sort(byMenuOrder);
  const ids = new Set(sorted.map((r) => r.id));
  const childrenOf = new Map<number, ResourceNodeSource[]>();
  const roots: ResourceNodeSource[] = [];
  for (const resource of sorted) {
    const parent = resource.parentResId;
    if (parent === null || parent === resource.id || !ids.has(parent)) {
      roots.push(resource);
    } else {
      childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), resource]);
    }
  }

  const placed = new Set<number>();
  const toNode = (resource: ResourceNodeSource): ResourceTreeNode => {
    placed.add(resource.id);
    const children = (childrenOf.get(resource.id) ?? []).filter((c) => !placed.has(c.id)).map(toNode);
    const title = english && resource.resNameEn ? resource.resNameEn : resource.resName;
    return { key: resource.id, title, children };
  };

  const tree = roots.map(toNode);
  for (const resource of sorted) {
    if (!placed.has(resource.id)) tree.push(toNode(resource));
  }
  return tree;
}

function walk(nodes: readonly ResourceTreeNode[], visit: (node: ResourceTreeNode) => void): void {
  for (const node of nodes) {
    visit(node);
    walk(node.children, visit);
  }
}

/**
 * A checkable tree cascades: checking a parent checks all its children. So a role's stored ids
 * are shown through its leaves only, and antd derives each parent's (half-)checked state.
 */
export function checkedLeafIds(tree: readonly ResourceTreeNode[], ids: readonly number[]): number[] {
  const wanted = new Set(ids);
  const leaves: number[] = [];
  walk(tree, (node) => {
    if (node.children.length === 0 && wanted.has(node.key)) leaves.push(node.key);
  });
  return leaves;
}

/** A role keeps the half-checked groups too: the menu needs the group to show its pages. */
export function assignedIds(checked: readonly number[], halfChecked: readonly number[]): number[] {
  return [...new Set([...checked, ...halfChecked])].sort((a, b) => a - b);
}

/** A resource cannot become its own ancestor: itself and its descendants are not offered as parent. */
export function selfAndDescendants(tree: readonly ResourceTreeNode[], id: number): Set<number> {
  const found = new Set<number>();
  walk(tree, (node) => {
    if (node.key === id) walk([node], (inner) => found.add(inner.key));
  });
  return found;
}
