/**
 * The template gallery's fixed routes (SPEC section 2 'template demo routes'): the console's own
 * building blocks, and a nested-menu example two levels deep. Admins only.
 */
export const GALLERY_PATHS = {
  components: '/components/index',
  charts: '/charts/index',
  table: '/table/index',
  nested: '/nested',
} as const;

/** The nested-menu example: a tree of pages, each a route of its own under /nested. */
export interface NestedNode {
  /** The path segment, also the i18n key under gallery.nested.items. */
  key: string;
  children?: readonly NestedNode[];
}

export const NESTED_MENU: readonly NestedNode[] = [
  {
    key: 'menu1',
    children: [{ key: 'menu1-1' }, { key: 'menu1-2', children: [{ key: 'menu1-2-1' }, { key: 'menu1-2-2' }] }],
  },
  { key: 'menu2' },
];

/** A page of the nested example: its path and the keys from the top of the tree down to it. */
export interface NestedLeaf {
  path: string;
  trail: readonly string[];
}

/** Every page of the nested example (the leaves: a branch only opens and closes). */
export function nestedLeaves(nodes: readonly NestedNode[] = NESTED_MENU, trail: readonly string[] = []): NestedLeaf[] {
  return nodes.flatMap((node) => {
    const here = [...trail, node.key];
    return node.children
      ? nestedLeaves(node.children, here)
      : [{ path: `${GALLERY_PATHS.nested}/${here.join('/')}`, trail: here }];
  });
}

/** The first segment of every gallery path: what the navigation guard keeps for admins. */
export const GALLERY_PREFIXES: readonly string[] = Object.values(GALLERY_PATHS).map((path) => `/${path.split('/')[1]}`);

/** The path is the gallery's (a section, or anything under one). */
export function isGalleryPath(pathname: string): boolean {
  return GALLERY_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/** Titles of the gallery's views, for the tab bar and the document title. */
export const GALLERY_VIEW_TITLES: Readonly<Record<string, string>> = {
  [GALLERY_PATHS.components]: 'gallery.components.title',
  [GALLERY_PATHS.charts]: 'gallery.charts.title',
  [GALLERY_PATHS.table]: 'gallery.table.title',
  ...Object.fromEntries(nestedLeaves().map((leaf) => [leaf.path, `gallery.nested.items.${leaf.trail.at(-1)}`])),
};
