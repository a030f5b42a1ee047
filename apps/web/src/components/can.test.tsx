// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Can, hasPermission, PermissionsProvider, useCan, type Permissions } from './can';

afterEach(cleanup);

const viewer: Permissions = { isAdmin: false, codes: new Set(['system.user']) };
const admin: Permissions = { isAdmin: true, codes: new Set() };

const wrapper =
  (value: Permissions) =>
  ({ children }: { children: ReactNode }) => <PermissionsProvider value={value}>{children}</PermissionsProvider>;

describe('hasPermission', () => {
  it('passes admin and codes the user holds only', () => {
    expect(hasPermission(admin, 'system.user:write')).toBe(true);
    expect(hasPermission(viewer, 'system.user')).toBe(true);
    expect(hasPermission(viewer, 'system.user:write')).toBe(false);
  });
});

describe('useCan', () => {
  it('reads the permissions of the signed-in user', () => {
    expect(renderHook(() => useCan('system.user'), { wrapper: wrapper(viewer) }).result.current).toBe(true);
    expect(renderHook(() => useCan('system.role'), { wrapper: wrapper(viewer) }).result.current).toBe(false);
    expect(renderHook(() => useCan('anything'), { wrapper: wrapper(admin) }).result.current).toBe(true);
  });

  it('denies everything outside a provider', () => {
    expect(renderHook(() => useCan('system.user')).result.current).toBe(false);
  });
});

describe('<Can>', () => {
  it('renders children only with the code, the fallback otherwise', () => {
    render(
      <PermissionsProvider value={viewer}>
        <Can code="system.user">
          <button type="button">view</button>
        </Can>
        <Can code="system.user:write" fallback={<span>read only</span>}>
          <button type="button">add</button>
        </Can>
      </PermissionsProvider>,
    );
    expect(screen.getByRole('button', { name: 'view' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'add' })).toBeNull();
    expect(screen.getByText('read only')).toBeTruthy();
  });
});
