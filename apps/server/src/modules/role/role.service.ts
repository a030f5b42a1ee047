import {
  ADMIN_ROLE,
  mergeRoleResources,
  RESOURCE_ACTION,
  type Page,
  type PageQuery,
  type Role,
  type RoleInput,
  type RoleWithResources,
} from '@envmon/shared';
import type { Clock } from '../../lib/clock.js';
import { DomainError } from '../../lib/errors.js';
import type { CrudService } from '../crud/crud.types.js';
import type { ResourceService } from '../resource/resource.service.js';
import type { Access, Reach } from '../session/permission.js';
import { toRole } from './role.mapper.js';
import type { RoleFilter, RoleRepository } from './role.repository.js';

export class RoleService implements CrudService<Role, RoleInput, RoleInput, RoleFilter> {
  constructor(
    private readonly repo: RoleRepository,
    private readonly resources: ResourceService,
    private readonly clock: Clock,
  ) {}

  async get(id: number): Promise<Role> {
    const row = await this.repo.find(id);
    if (!row) throw new DomainError('notFound');
    const resourceIds = await this.repo.resourceIdsOf([id]);
    return toRole(row, resourceIds.get(id) ?? []);
  }

  async list(filter: RoleFilter, page: PageQuery): Promise<Page<Role>> {
    const { rows, total } = await this.repo.list(filter, page);
    const resourceIds = await this.repo.resourceIdsOf(rows.map((r) => r.id));
    return { list: rows.map((r) => toRole(r, resourceIds.get(r.id) ?? [])), total, ...page };
  }

  async add(input: RoleInput): Promise<Role> {
    if (await this.repo.nameTaken(input.roleName, null)) throw new DomainError('roleNameTaken');
    await this.resources.assertExist(input.resourceIds);
    return this.get(await this.repo.insert(input, this.clock.now()));
  }

  async update(id: number, input: RoleInput): Promise<Role> {
    const current = await this.get(id);
    // Role `admin` passes every check by its name, so a built-in role keeps its name.
    if (current.builtIn && input.roleName !== current.roleName) throw new DomainError('builtInReadOnly');
    if (await this.repo.nameTaken(input.roleName, id)) throw new DomainError('roleNameTaken');
    await this.resources.assertExist(input.resourceIds);
    await this.repo.update(id, input);
    return this.get(id);
  }

  async remove(id: number): Promise<void> {
    const current = await this.get(id);
    if (current.builtIn) throw new DomainError('builtInProtected');
    if ((await this.repo.countUsers(id)) > 0) throw new DomainError('inUse');
    await this.repo.delete(id);
  }

  /** Fails unless every id names a role. */
  async assertExist(ids: readonly number[]): Promise<void> {
    const found = new Set(await this.repo.existingIds(ids));
    if (ids.some((id) => !found.has(id))) throw new DomainError('notFound');
  }

  /** The permission check's view of a user: admin role, and the codes of its roles' resources. */
  /** What the user may do, and whether bound devices narrow what they read (read once per request). */
  async accessOf(userId: number): Promise<Access & Reach> {
    const [rows, hasBoundDevices] = await Promise.all([
      this.repo.accessRows(userId),
      this.repo.hasBoundDevices(userId),
    ]);
    const codes = new Set<string>();
    for (const row of rows) {
      if (row.resCode !== null && row.action !== RESOURCE_ACTION.excluded) codes.add(row.resCode);
    }
    return { isAdmin: rows.some((r) => r.roleName === ADMIN_ROLE), codes, hasBoundDevices };
  }

  /**
   * The user's roles as user info carries them: each with its resources in menu order, action 2
   * dropped. Role admin is shown with every resource, matching what it may do.
   */
  async rolesWithResources(userId: number): Promise<RoleWithResources[]> {
    const roles = await this.repo.rolesOfUser(userId);
    return Promise.all(
      roles.map(async (role) => {
        const resourceList =
          role.roleName === ADMIN_ROLE ? await this.resources.all() : await this.resources.byRole(role.id);
        return { id: role.id, roleName: role.roleName, resourceList: mergeRoleResources([{ resourceList }]) };
      }),
    );
  }
}
