import { describe, expect, it } from 'vitest';
import { GALLERY_VIEW_TITLES, isGalleryPath, nestedLeaves } from './paths';

describe('the nested-menu example', () => {
  it('has a route for every leaf, at least two levels deep, and none for a branch', () => {
    const paths = nestedLeaves().map((leaf) => leaf.path);
    expect(paths).toEqual([
      '/nested/menu1/menu1-1',
      '/nested/menu1/menu1-2/menu1-2-1',
      '/nested/menu1/menu1-2/menu1-2-2',
      '/nested/menu2',
    ]);
    expect(Math.max(...nestedLeaves().map((leaf) => leaf.trail.length))).toBeGreaterThanOrEqual(3);
  });

  it('gives every gallery view a title', () => {
    for (const leaf of nestedLeaves())
      expect(GALLERY_VIEW_TITLES[leaf.path]).toBe(`gallery.nested.items.${leaf.trail.at(-1)}`);
    expect(GALLERY_VIEW_TITLES['/charts/index']).toBe('gallery.charts.title');
  });
});

describe('isGalleryPath', () => {
  it('knows the gallery sections and what is under them, nothing else', () => {
    for (const path of ['/components/index', '/charts/index', '/table/index', '/nested', '/nested/menu2']) {
      expect(isGalleryPath(path)).toBe(true);
    }
    for (const path of ['/', '/index', '/chartsx', '/realtime/chart', '/system/table', '/nestedmenu']) {
      expect(isGalleryPath(path)).toBe(false);
    }
  });
});
