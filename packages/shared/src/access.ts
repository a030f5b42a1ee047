/**
 * The access codes beside the resource tree (./resources.ts), in a module of their own: the console's router
 * reads the admin role on every page, the login page too, which so does not download the menu's tree with it.
 */

/** Codes routes declare. `PUBLIC` routes need no token; `SIGNED_IN` routes need any valid token. */
export const PUBLIC = 'public' as const;
export const SIGNED_IN = 'signed-in' as const;

export const writeCode = (pageCode: string): string => `${pageCode}:write`;

/** The role that passes every permission check (SPEC section 6). */
export const ADMIN_ROLE = 'admin';
