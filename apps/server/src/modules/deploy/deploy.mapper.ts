import type { DeployClassify } from '@envmon/shared';
import type { Selectable } from 'kysely';
import type { DeployClassifyTable } from '../../db/schema.js';

export function toDeployClassify(row: Selectable<DeployClassifyTable>): DeployClassify {
  return { id: row.id, deployName: row.deployName, deployNameEn: row.deployNameEn, deployType: row.deployType };
}
