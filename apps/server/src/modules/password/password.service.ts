import type { SessionService } from '../session/session.service.js';
import type { AuthContext } from '../session/permission.js';
import type { UserService } from '../user/user.service.js';

export class PasswordService {
  constructor(
    private readonly users: UserService,
    private readonly sessions: SessionService,
  ) {}

  /** Verifies the old password, stores the new one, and ends the user's other sessions. */
  async change(caller: AuthContext, oldPassword: string, newPassword: string): Promise<void> {
    await this.users.changePassword(caller.userId, oldPassword, newPassword);
    await this.sessions.revokeOthers(caller.userId, caller.sessionId);
  }
}
