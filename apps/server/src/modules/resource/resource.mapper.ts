import type { Resource } from '@envmon/shared';
import type { Selectable } from 'kysely';
import type { ResourcesTable } from '../../db/schema.js';

export type ResourceRow = Selectable<ResourcesTable>;

export function toResource(row: ResourceRow): Resource {
  return {
    id: row.id,
    resCode: row.resCode,
    resName: row.resName,
    resNameEn: row.resNameEn,
    resUrl: row.resUrl,
    parentResId: row.parentResId,
    iconfont: row.iconfont,
    module: row.module,
    childModule: row.childModule,
    resType: row.resType,
    action: row.action,
    builtIn: row.builtIn === 1,
  };
}
