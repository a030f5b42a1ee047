import type { Page, PageQuery, User, UserCreate, UserInfo, UserUpdate } from '@envmon/shared';
import type { Clock } from '../../lib/clock.js';
import { DomainError } from '../../lib/errors.js';
import type { PasswordHasher } from '../../lib/password.js';
import type { CrudService } from '../crud/crud.types.js';
import type { RoleService } from '../role/role.service.js';
import type { Actor } from '../session/permission.js';
import { toUser, type UserRow } from './user.mapper.js';
import type { UserFields, UserFilter, UserRepository } from './user.repository.js';

export type PasswordCheck = { outcome: 'ok'; user: Actor } | { outcome: 'wrong' } | { outcome: 'disabled' };

const fieldsOf = (input: UserCreate | UserUpdate): UserFields => ({
  userName: input.userName,
  name: input.name,
  nackName: input.nackName,
  avatar: input.avatar,
  phone: input.phone ?? null,
  email: input.email ?? null,
  ifValid: input.ifValid,
  remark: input.remark,
});

export class UserService implements CrudService<User, UserCreate, UserUpdate, UserFilter> {
  /** Hash checked when the user name is unknown, so that timing does not tell which names exist. */
  private decoyHash: Promise<string> | null = null;

  constructor(
    private readonly repo: UserRepository,
    private readonly roles: RoleService,
    private readonly hasher: PasswordHasher,
    private readonly clock: Clock,
  ) {}

  async get(id: number): Promise<User> {
    const row = await this.repo.find(id);
    const [user] = row ? await this.toDtos([row]) : [];
    if (!user) throw new DomainError('notFound');
    return user;
  }

  async list(filter: UserFilter, page: PageQuery): Promise<Page<User>> {
    const { rows, total } = await this.repo.list(filter, page);
    return { list: await this.toDtos(rows), total, ...page };
  }

  async add(input: UserCreate): Promise<User> {
    if (await this.repo.nameTaken(input.userName, null)) throw new DomainError('userNameTaken');
    await this.roles.assertExist(input.roleIds);
    const hash = await this.hasher.hash(input.password);
    const id = await this.repo.insert(fieldsOf(input), hash, input, this.clock.now());
    return this.get(id);
  }

  async update(id: number, input: UserUpdate): Promise<User> {
    const current = await this.get(id);
    // The built-in admin is found by its name (seeds, documentation); it keeps it.
    if (current.builtIn && input.userName !== current.userName) throw new DomainError('builtInReadOnly');
    if (await this.repo.nameTaken(input.userName, id)) throw new DomainError('userNameTaken');
    await this.roles.assertExist(input.roleIds);
    const hash = input.password ? await this.hasher.hash(input.password) : null;
    await this.repo.update(id, fieldsOf(input), hash, input, this.clock.now());
    return this.get(id);
  }

  async remove(id: number): Promise<void> {
    const current = await this.get(id);
    if (current.builtIn) throw new DomainError('builtInProtected');
    await this.repo.delete(id);
  }

  /** True when no other user than `exceptId` has the name (checkUserNameUnique). */
  async isUserNameFree(userName: string, exceptId: number | null): Promise<boolean> {
    return !(await this.repo.nameTaken(userName, exceptId));
  }

  async checkPassword(userName: string, password: string): Promise<PasswordCheck> {
    const row = await this.repo.findByUserName(userName);
    if (!row) {
      this.decoyHash ??= this.hasher.hash('decoy password');
      await this.hasher.verify(await this.decoyHash, password);
      return { outcome: 'wrong' };
    }
    if (!(await this.hasher.verify(row.passwordHash, password))) return { outcome: 'wrong' };
    if (row.ifValid !== 1) return { outcome: 'disabled' };
    return { outcome: 'ok', user: { userId: row.id, userName: row.userName } };
  }

  /** A valid user by name, for sign-ins that have already proven who the user is (OAuth). */
  async findValid(userName: string): Promise<Actor | null> {
    const row = await this.repo.findByUserName(userName);
    return row && row.ifValid === 1 ? { userId: row.id, userName: row.userName } : null;
  }

  /** getByToken (SPEC section 3 'User info'); a user without roles cannot load it (section 6). */
  async info(userId: number): Promise<UserInfo> {
    const row = await this.repo.find(userId);
    if (!row) throw new DomainError('notFound');
    const roles = await this.roles.rolesWithResources(userId);
    if (roles.length === 0) throw new DomainError('noRoles');
    const deviceCodes = (await this.repo.deviceCodesOf([userId])).get(userId) ?? [];
    return {
      userId: row.id,
      userName: row.userName,
      name: row.name,
      avatar: row.avatar,
      nackName: row.nackName,
      roles,
      deviceCodes,
    };
  }

  async changePassword(userId: number, oldPassword: string, newPassword: string): Promise<void> {
    const row = await this.repo.find(userId);
    if (!row) throw new DomainError('notFound');
    if (!(await this.hasher.verify(row.passwordHash, oldPassword))) throw new DomainError('oldPasswordWrong');
    await this.repo.setPasswordHash(userId, await this.hasher.hash(newPassword), this.clock.now());
  }

  private async toDtos(rows: readonly UserRow[]): Promise<User[]> {
    const ids = rows.map((r) => r.id);
    const [roles, deviceCodes] = await Promise.all([this.repo.rolesOf(ids), this.repo.deviceCodesOf(ids)]);
    return rows.map((r) => toUser(r, roles.get(r.id) ?? [], deviceCodes.get(r.id) ?? []));
  }
}
