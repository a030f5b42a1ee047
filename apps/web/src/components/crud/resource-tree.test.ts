import { describe, expect, it } from 'vitest';
import {
  assignedIds,
  buildResourceTree,
  checkedLeafIds,
  type ResourceNodeSource,
  type ResourceTreeNode,
  selfAndDescendants,
  toResourceNodeSource,
} from './resource-tree';

const res = (id: number, parentResId: number | null, module: number, childModule = 0): ResourceNodeSource => ({
  id,
  resName: `资源${id}`,
  resNameEn: `Resource ${id}`,
  parentResId,
  module,
  childModule,
});

/** The tree as nested [key, children] pairs: easy to read in an assertion. */
const shape = (nodes: ResourceTreeNode[]): unknown[] =>
  nodes.map((n) => (n.children.length ? [n.key, shape(n.children)] : n.key));

describe('buildResourceTree', () => {
  it('nests children under parents in menu order (module, then childModule)', () => {
    const tree = buildResourceTree(
      [res(3, 1, 1, 2), res(1, null, 2), res(2, 1, 1, 1), res(4, null, 1), res(5, 4, 1, 1), res(6, 2, 0)],
      false,
    );
    expect(shape(tree)).toEqual([
      [4, [5]],
      [1, [[2, [6]], 3]],
    ]);
  });

  it('makes an orphan (parent missing) a root instead of dropping it', () => {
    const tree = buildResourceTree([res(1, null, 1), res(2, 99, 2), res(3, 2, 1)], false);
    expect(shape(tree)).toEqual([1, [2, [3]]]);
  });

  it('breaks a parent cycle rather than hiding its members', () => {
    const tree = buildResourceTree([res(1, 2, 1), res(2, 1, 2), res(3, 3, 3)], false);
    const keys: number[] = [];
    const collect = (nodes: ResourceTreeNode[]) => nodes.forEach((n) => (keys.push(n.key), collect(n.children)));
    collect(tree);
    expect(keys.sort()).toEqual([1, 2, 3]);
  });

  it('titles nodes in the console language, falling back to Chinese', () => {
    const noEnglish = { ...res(2, null, 2), resNameEn: null };
    expect(buildResourceTree([res(1, null, 1), noEnglish], true).map((n) => n.title)).toEqual(['Resource 1', '资源2']);
    expect(buildResourceTree([res(1, null, 1)], false)[0]?.title).toBe('资源1');
  });
});

describe('checked state of a role', () => {
  const tree = buildResourceTree(
    [res(1, null, 1), res(2, 1, 1, 1), res(3, 1, 1, 2), res(4, 2, 1), res(5, null, 2)],
    false,
  );

  it('shows stored ids through their leaves only (parents are derived by the tree)', () => {
    expect(checkedLeafIds(tree, [1, 2, 4, 5])).toEqual([4, 5]);
  });

  it('stores checked plus half-checked ids, once each, sorted', () => {
    expect(assignedIds([4, 2], [1, 2])).toEqual([1, 2, 4]);
  });

  it('finds a node and its descendants (not offered as its parent)', () => {
    expect([...selfAndDescendants(tree, 2)].sort()).toEqual([2, 4]);
    expect([...selfAndDescendants(tree, 42)]).toEqual([]);
  });
});

describe('toResourceNodeSource', () => {
  it('reads a list row, tolerating missing fields', () => {
    expect(
      toResourceNodeSource({ id: 7, resName: '用户管理', resNameEn: '', parentResId: 2, module: 20, childModule: 3 }),
    ).toEqual({
      id: 7,
      resName: '用户管理',
      resNameEn: null,
      parentResId: 2,
      module: 20,
      childModule: 3,
    });
    expect(toResourceNodeSource({ id: 8 })).toEqual({
      id: 8,
      resName: '8',
      resNameEn: null,
      parentResId: null,
      module: 0,
      childModule: 0,
    });
  });
});
