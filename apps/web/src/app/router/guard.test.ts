import { describe, expect, it } from 'vitest';
import { decideNavigation, fixedRouteRoles, loginPathFor, rolesAllow, type GuardInput } from './guard';

const ready = (roles: string[] = ['operator']) => ({ status: 'ready', roles }) as const;

function input(overrides: Partial<GuardInput>): GuardInput {
  return {
    pathname: '/system/user',
    fullPath: '/system/user',
    search: '',
    hasToken: true,
    user: ready(),
    landingPath: '/realtime/data',
    ...overrides,
  };
}

describe('decideNavigation without a token', () => {
  it.each(['/login', '/auth-redirect', '/oauth'])('allows %s', (pathname) => {
    expect(decideNavigation(input({ pathname, fullPath: pathname, hasToken: false }))).toEqual({ type: 'allow' });
  });

  it.each(['/index', '/404', '/401', '/pwd', '/dashboard/index', '/system/user'])('sends %s to /login with the full path', (pathname) => {
    const fullPath = `${pathname}?tab=2#x`;
    expect(decideNavigation(input({ pathname, fullPath, hasToken: false }))).toEqual({
      type: 'redirect',
      to: `/login?redirect=${encodeURIComponent(fullPath)}`,
      replace: true,
    });
  });

  it('sends the root to /login without a redirect parameter', () => {
    expect(decideNavigation(input({ pathname: '/', fullPath: '/', hasToken: false }))).toMatchObject({ to: '/login' });
  });
});

describe('decideNavigation with a token', () => {
  it('loads user info before anything else', () => {
    expect(decideNavigation(input({ user: { status: 'loading' } }))).toEqual({ type: 'load-user' });
    expect(decideNavigation(input({ pathname: '/', fullPath: '/', user: { status: 'loading' } }))).toEqual({ type: 'load-user' });
  });

  it('logs out with the server reason when user info fails', () => {
    expect(decideNavigation(input({ user: { status: 'error', desc: '该用户未分配角色' } }))).toEqual({ type: 'logout', desc: '该用户未分配角色' });
    expect(decideNavigation(input({ user: { status: 'error', desc: null } }))).toEqual({ type: 'logout', desc: null });
  });

  it('lands the root on the first child of the first generated route', () => {
    expect(decideNavigation(input({ pathname: '/', fullPath: '/' }))).toEqual({ type: 'redirect', to: '/realtime/data', replace: true });
    expect(decideNavigation(input({ pathname: '/', fullPath: '/', landingPath: null }))).toMatchObject({ to: '/index' });
  });

  it('moves a signed-in visitor away from the login form, to its redirect target, but lets the sign-in landings finish', () => {
    expect(decideNavigation(input({ pathname: '/login', fullPath: '/login' }))).toMatchObject({ type: 'redirect', to: '/' });
    const search = `?redirect=${encodeURIComponent('/system/user?x=1')}`;
    expect(decideNavigation(input({ pathname: '/login', fullPath: `/login${search}`, search }))).toMatchObject({ to: '/system/user?x=1' });
    const evil = `?redirect=${encodeURIComponent('https://evil.example')}`;
    expect(decideNavigation(input({ pathname: '/login', fullPath: `/login${evil}`, search: evil }))).toMatchObject({ to: '/' });
    expect(decideNavigation(input({ pathname: '/oauth', fullPath: '/oauth?code=1', user: { status: 'loading' } }))).toEqual({ type: 'allow' });
  });

  it('checks declared route roles: admin or one of them, else /401 without going back', () => {
    expect(decideNavigation(input({ routeRoles: ['editor'], user: ready(['operator']) }))).toEqual({
      type: 'redirect',
      to: '/401?noGoBack=true',
      replace: true,
    });
    expect(decideNavigation(input({ routeRoles: ['editor'], user: ready(['viewer', 'editor']) }))).toEqual({ type: 'allow' });
    expect(decideNavigation(input({ routeRoles: ['editor'], user: ready(['admin']) }))).toEqual({ type: 'allow' });
    expect(decideNavigation(input({ routeRoles: undefined, user: ready(['viewer']) }))).toEqual({ type: 'allow' });
  });
});

describe('decideNavigation for a page outside the menu', () => {
  it('refuses with /401 without going back, replacing the entry, for any role but loading first', () => {
    const refused = { type: 'redirect', to: '/401?noGoBack=true', replace: true };
    expect(decideNavigation(input({ outsideMenu: true, user: ready(['viewer']) }))).toEqual(refused);
    expect(decideNavigation(input({ outsideMenu: false, user: ready(['viewer']) }))).toEqual({ type: 'allow' });
    expect(decideNavigation(input({ outsideMenu: true, user: { status: 'loading' } }))).toEqual({ type: 'load-user' });
    expect(decideNavigation(input({ outsideMenu: true, hasToken: false }))).toMatchObject({ to: '/login?redirect=%2Fsystem%2Fuser' });
  });
});

describe('decideNavigation for the template gallery', () => {
  const gallery = [
    '/components/index',
    '/charts/index',
    '/table/index',
    '/nested/menu1/menu1-1',
    '/nested/menu1/menu1-2/menu1-2-1',
    '/nested/menu2',
    '/nested',
  ];

  it.each(gallery)('refuses %s to anyone but admin, with /401 and no way back', (pathname) => {
    for (const roles of [['operator'], ['viewer'], ['editor', 'viewer'], []]) {
      expect(decideNavigation(input({ pathname, fullPath: pathname, user: ready(roles) }))).toEqual({
        type: 'redirect',
        to: '/401?noGoBack=true',
        replace: true,
      });
    }
  });

  it.each(gallery)('lets admin open %s', (pathname) => {
    expect(decideNavigation(input({ pathname, fullPath: pathname, user: ready(['viewer', 'admin']) }))).toEqual({
      type: 'allow',
    });
  });

  it('declares the admin role on the gallery only, not on paths that merely start alike', () => {
    expect(fixedRouteRoles('/charts/index')).toEqual(['admin']);
    expect(fixedRouteRoles('/nested/menu1/menu1-2/menu1-2-2')).toEqual(['admin']);
    for (const pathname of ['/index', '/realtime/chart', '/tables', '/componentsx/index', '/guide/index']) {
      expect(fixedRouteRoles(pathname)).toBeUndefined();
      expect(decideNavigation(input({ pathname, fullPath: pathname, user: ready(['viewer']) }))).toEqual({ type: 'allow' });
    }
  });
});

describe('helpers', () => {
  it('rolesAllow passes admin and route without roles', () => {
    expect(rolesAllow(['admin'], [])).toBe(true);
    expect(rolesAllow(['viewer'], [])).toBe(false);
    expect(rolesAllow([], undefined)).toBe(true);
  });

  it('loginPathFor encodes the whole path', () => {
    expect(loginPathFor('/a/b?c=d&e=f')).toBe('/login?redirect=%2Fa%2Fb%3Fc%3Dd%26e%3Df');
  });
});
