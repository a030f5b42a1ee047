import { describe, expect, it } from 'vitest';
import { close, closeAll, closeOthers, visit, type VisitedView } from './visited-views';

const view = (path: string, affix = false): VisitedView => ({ path, fullPath: path, title: { type: 'key', key: path }, affix });
const home = view('/index', true);

describe('visited views', () => {
  it('adds a view once and remembers its latest full path', () => {
    let views = visit([home], view('/system/user'));
    views = visit(views, { ...view('/system/user'), fullPath: '/system/user?page=2' });
    expect(views.map((v) => v.fullPath)).toEqual(['/index', '/system/user?page=2']);
    expect(visit(views, views[1] as VisitedView)).toBe(views);
  });

  it('closes a view; closing the active one moves to its left neighbour', () => {
    const views = [home, view('/a'), view('/b'), view('/c')];
    expect(close(views, '/b', '/b')).toEqual({ views: [home, view('/a'), view('/c')], navigateTo: '/a' });
    expect(close(views, '/b', '/c')).toEqual({ views: [home, view('/a'), view('/c')], navigateTo: null });
    expect(close(views, '/a', '/a').navigateTo).toBe('/index');
  });

  it('never closes the fixed home view', () => {
    expect(close([home, view('/a')], '/index', '/index').views).toHaveLength(2);
  });

  it('closes others, keeping the fixed view and going to the kept one', () => {
    expect(closeOthers([home, view('/a'), view('/b')], '/b')).toEqual({ views: [home, view('/b')], navigateTo: '/b' });
  });

  it('closes all but the fixed view and goes there', () => {
    expect(closeAll([home, view('/a'), view('/b')], '/index')).toEqual({ views: [home], navigateTo: '/index' });
    expect(closeAll([view('/a')], '/index')).toEqual({ views: [], navigateTo: '/index' });
  });
});
