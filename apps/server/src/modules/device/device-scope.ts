import type { QueryScope } from '@envmon/shared';
import type { DeviceScope } from '../../db/queries/device-scope.js';
import type { Access, Actor, Reach } from '../session/permission.js';
import type { DeviceScopeRepository } from './device-scope.repository.js';

export type { DeviceScope } from '../../db/queries/device-scope.js';

/** Who reads, as the scope rule needs them (the auth context, an export's caller, a push connection's user). */
export type ScopeReader = Pick<Actor, 'userId'> & Pick<Access, 'isAdmin'> & Reach;

/**
 * The one scope rule (issue 13), decided on the server: a user with bound devices reads only those, whatever
 * the request says; admin, and users bound to none, read every device unless they ask for their bound ones
 * (ifFilter=1, the device tree's filter, SPEC section 6). The chosen project narrows either way.
 */
export function scopeOf(query: QueryScope, reader: ScopeReader): DeviceScope {
  const boundOnly = query.ifFilter === 1 || (reader.hasBoundDevices && !reader.isAdmin);
  return { projectId: query.projectId, boundTo: boundOnly ? reader.userId : undefined };
}

/** Reads of the scope itself: whether a device is in it, and which devices are. */
export class DeviceScopeReader {
  constructor(private readonly repo: DeviceScopeRepository) {}

  visible(deviceId: number, scope: DeviceScope): Promise<boolean> {
    return this.repo.visible(deviceId, scope);
  }

  /** Every device in scope; null for every device there is (an empty scope). */
  async idsIn(scope: DeviceScope): Promise<ReadonlySet<number> | null> {
    if (scope.projectId === undefined && scope.boundTo === undefined) return null;
    return new Set(await this.repo.idsIn(scope));
  }

  /** Of `ids`, those in scope. */
  async visibleOf(ids: readonly number[], scope: DeviceScope): Promise<number[]> {
    if (ids.length === 0) return [];
    return this.repo.visibleOf(ids, scope);
  }
}
