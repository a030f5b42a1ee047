import { createContext, useContext, type ReactNode } from 'react';

/**
 * The spec's visibility directive (SPEC section 2 'Navigation guard', section 6): an element shows
 * only when its resource code is among the user's resources; admin sees everything.
 * Hiding is a courtesy: the server checks every call itself.
 */
export interface Permissions {
  isAdmin: boolean;
  codes: ReadonlySet<string>;
}

const NO_PERMISSIONS: Permissions = { isAdmin: false, codes: new Set() };

const PermissionsContext = createContext<Permissions>(NO_PERMISSIONS);

export function PermissionsProvider({ value, children }: { value: Permissions; children: ReactNode }) {
  return <PermissionsContext value={value}>{children}</PermissionsContext>;
}

export function hasPermission(permissions: Permissions, code: string): boolean {
  return permissions.isAdmin || permissions.codes.has(code);
}

export function useCan(code: string): boolean {
  return hasPermission(useContext(PermissionsContext), code);
}

export function Can({ code, children, fallback = null }: { code: string; children: ReactNode; fallback?: ReactNode }) {
  return useCan(code) ? children : fallback;
}
