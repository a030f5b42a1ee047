import { PUBLIC, SIGNED_IN } from '@envmon/shared';
import type { RoutePermission } from '../../plugins/route-permissions.js';

/** What a caller may do: role `admin` passes everything, others need the resource code. */
export interface Access {
  isAdmin: boolean;
  codes: ReadonlySet<string>;
}

export interface Actor {
  userId: number;
  userName: string;
}

export interface AuthContext extends Actor, Access {
  sessionId: number;
}

export type Decision = 'allow' | 'unauthenticated' | 'forbidden';

/** The server's permission rule (SPEC section 6; 401 without a valid session, 403 without the code). */
export function decide(permission: RoutePermission, access: Access | null): Decision {
  if (permission === PUBLIC) return 'allow';
  if (!access) return 'unauthenticated';
  if (permission === SIGNED_IN || access.isAdmin) return 'allow';
  const anyOf: readonly string[] = typeof permission === 'string' ? [permission] : permission;
  return anyOf.some((code) => access.codes.has(code)) ? 'allow' : 'forbidden';
}
