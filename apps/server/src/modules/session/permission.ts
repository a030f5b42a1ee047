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

/**
 * Which devices' data a caller reads (issue 13): a user other than admin with bound devices (user_devices) reads
 * only those, whatever the request asks; the rule itself is device-scope.ts `scopeOf`.
 */
export interface Reach {
  hasBoundDevices: boolean;
}

export interface AuthContext extends Actor, Access, Reach {
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
