import type { Kysely, Selectable } from 'kysely';
import type { Database, DeployClassifyTable } from '../../db/schema.js';

export class DeployClassifyRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findAll(deployType: number | undefined): Promise<Selectable<DeployClassifyTable>[]> {
    let query = this.db.selectFrom('deployClassify').selectAll();
    if (deployType !== undefined) query = query.where('deployType', '=', deployType);
    return query.orderBy('id').execute();
  }
}
