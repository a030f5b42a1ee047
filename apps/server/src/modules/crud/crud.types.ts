import type { Page, PageQuery } from '@envmon/shared';

/** What the CRUD route generator needs from an entity's service (one per CRUD definition). */
export interface CrudService<TEntity, TCreate, TUpdate, TFilter> {
  get(id: number): Promise<TEntity>;
  list(filter: TFilter, page: PageQuery): Promise<Page<TEntity>>;
  add(input: TCreate): Promise<TEntity>;
  update(id: number, input: TUpdate): Promise<TEntity>;
  remove(id: number): Promise<void>;
}
