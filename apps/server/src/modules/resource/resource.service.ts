import type { Page, PageQuery, Resource, ResourceInput } from '@envmon/shared';
import { DomainError } from '../../lib/errors.js';
import type { CrudService } from '../crud/crud.types.js';
import { toResource } from './resource.mapper.js';
import type { ResourceFilter, ResourceRepository } from './resource.repository.js';

export class ResourceService implements CrudService<Resource, ResourceInput, ResourceInput, ResourceFilter> {
  constructor(private readonly repo: ResourceRepository) {}

  async get(id: number): Promise<Resource> {
    const row = await this.repo.find(id);
    if (!row) throw new DomainError('notFound');
    return toResource(row);
  }

  async list(filter: ResourceFilter, page: PageQuery): Promise<Page<Resource>> {
    const { rows, total } = await this.repo.list(filter, page);
    return { list: rows.map(toResource), total, ...page };
  }

  /** Every resource in menu order. */
  async all(): Promise<Resource[]> {
    return (await this.repo.all()).map(toResource);
  }

  async byRole(roleId: number): Promise<Resource[]> {
    return (await this.repo.byRole(roleId)).map(toResource);
  }

  /** Fails unless every id names a resource. */
  async assertExist(ids: readonly number[]): Promise<void> {
    const found = new Set(await this.repo.existingIds(ids));
    if (ids.some((id) => !found.has(id))) throw new DomainError('notFound');
  }

  async add(input: ResourceInput): Promise<Resource> {
    await this.checkInput(input, null);
    return this.get(await this.repo.insert(input));
  }

  async update(id: number, input: ResourceInput): Promise<Resource> {
    const current = await this.get(id);
    // Routes and the console address built-in resources by code; renaming one would orphan them.
    if (current.builtIn && input.resCode !== current.resCode) throw new DomainError('builtInReadOnly');
    await this.checkInput(input, id);
    await this.repo.update(id, input);
    return this.get(id);
  }

  async remove(id: number): Promise<void> {
    const current = await this.get(id);
    if (current.builtIn) throw new DomainError('builtInProtected');
    if ((await this.repo.countChildren(id)) > 0) throw new DomainError('inUse');
    await this.repo.delete(id);
  }

  private async checkInput(input: ResourceInput, id: number | null): Promise<void> {
    if (await this.repo.codeTaken(input.resCode, id)) throw new DomainError('resourceCodeTaken');
    if (input.parentResId === null) return;
    await this.assertExist([input.parentResId]);
    // A resource may not become its own ancestor.
    for (let at: number | null = input.parentResId; at !== null; at = (await this.repo.find(at))?.parentResId ?? null) {
      if (at === id) throw new DomainError('invalidInput');
    }
  }
}
