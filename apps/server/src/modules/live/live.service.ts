import { type DeviceScopeReader, scopeOf } from '../device/device-scope.js';
import type { RoleService } from '../role/role.service.js';
import { decide } from '../session/permission.js';
import type { SessionService } from '../session/session.service.js';
import type { LiveViewer } from './live.hub.js';

/** The resource whose holders receive alarm frames (the badge and the alarm screen). */
export const ALARM_RESOURCE = 'alarm.list';

/**
 * Who a push connection belongs to and what it may see: the token is checked as the auth hook
 * checks the `token` header; the devices are those the same user reads over HTTP (device-scope.ts).
 */
export class LiveAccessService {
  constructor(
    private readonly sessions: SessionService,
    private readonly roles: RoleService,
    private readonly scopes: DeviceScopeReader,
  ) {}

  /** Null for a missing, unknown or expired token. */
  async viewerOf(token: string): Promise<LiveViewer | null> {
    const identity = token ? await this.sessions.authenticate(token) : null;
    return identity ? this.viewerFor(identity.userId) : null;
  }

  /** Reloaded on every subscribe request, so new bindings and roles apply without reconnecting. */
  async viewerFor(userId: number): Promise<LiveViewer> {
    const access = await this.roles.accessOf(userId);
    const devices = await this.scopes.idsIn(scopeOf({}, { userId, ...access }));
    return { userId, devices, alarms: decide(ALARM_RESOURCE, access) === 'allow' };
  }
}
