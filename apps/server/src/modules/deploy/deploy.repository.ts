import { DEPLOY_TYPE, type DeployClassifyInput, type DeployClassifyListQuery } from '@envmon/shared';
import type { Kysely, Selectable } from 'kysely';
import type { Database, DeployClassifyTable } from '../../db/schema.js';
import { containsText, selectPage } from '../../db/sql.js';
import { type DeviceScope, devicesInScope } from '../../db/queries/device-scope.js';
import type { DeviceDeployRow } from './deploy.mapper.js';

export class DeployClassifyRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findAll(deployType: number | undefined): Promise<Selectable<DeployClassifyTable>[]> {
    let query = this.db.selectFrom('deployClassify').selectAll();
    if (deployType !== undefined) query = query.where('deployType', '=', deployType);
    return query.orderBy('id').execute();
  }

  list(query: DeployClassifyListQuery): Promise<{ rows: Selectable<DeployClassifyTable>[]; total: number }> {
    let base = this.db.selectFrom('deployClassify');
    if (query.deployType !== undefined) base = base.where('deployType', '=', query.deployType);
    const needle = query.deployName;
    if (needle) {
      base = base.where((eb) =>
        eb.or([containsText(eb.ref('deployName'), needle), containsText(eb.ref('deployNameEn'), needle)]),
      );
    }
    return selectPage(base, query, (q) => q.selectAll().orderBy('deployType').orderBy('id'));
  }

  async find(id: number): Promise<Selectable<DeployClassifyTable> | null> {
    return (await this.db.selectFrom('deployClassify').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
  }

  async nameTaken(deployName: string, deployType: number, exceptId: number | null): Promise<boolean> {
    let query = this.db
      .selectFrom('deployClassify')
      .select('id')
      .where('deployName', '=', deployName)
      .where('deployType', '=', deployType);
    if (exceptId !== null) query = query.where('id', '<>', exceptId);
    return (await query.executeTakeFirst()) !== undefined;
  }

  async insert(input: DeployClassifyInput, now: number): Promise<number> {
    const { id } = await this.db
      .insertInto('deployClassify')
      .values({ ...input, createTime: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  async update(id: number, input: DeployClassifyInput): Promise<void> {
    await this.db.updateTable('deployClassify').set(input).where('id', '=', id).execute();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('deployClassify').where('id', '=', id).execute();
  }

  async countDevices(deployId: number): Promise<number> {
    const { total } = await this.db
      .selectFrom('deviceDeploy')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where('deployId', '=', deployId)
      .executeTakeFirstOrThrow();
    return Number(total);
  }
}

export interface DeviceDeployFilter {
  deployType?: number;
  deployId?: number;
  deviceId?: number;
  /** One record. */
  id?: number;
  /** Only the records of devices in this scope (device-scope.ts). */
  scope?: DeviceScope;
}

/**
 * Grouping records. devices.project_id is the device's type-1 group, read by every device list;
 * each write here sets it in the same transaction so that the two never disagree.
 */
export class DeviceDeployRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private joined(db: Kysely<Database> = this.db) {
    return db
      .selectFrom('deviceDeploy')
      .innerJoin('deployClassify', 'deployClassify.id', 'deviceDeploy.deployId')
      .select([
        'deviceDeploy.id',
        'deviceDeploy.deviceId',
        'deviceDeploy.deployId',
        'deviceDeploy.deployType',
        'deployClassify.deployName',
        'deployClassify.deployNameEn',
      ]);
  }

  list(filter: DeviceDeployFilter): Promise<DeviceDeployRow[]> {
    let query = this.joined();
    if (filter.deployType !== undefined) query = query.where('deviceDeploy.deployType', '=', filter.deployType);
    if (filter.deployId !== undefined) query = query.where('deviceDeploy.deployId', '=', filter.deployId);
    if (filter.deviceId !== undefined) query = query.where('deviceDeploy.deviceId', '=', filter.deviceId);
    if (filter.id !== undefined) query = query.where('deviceDeploy.id', '=', filter.id);
    const scope = filter.scope;
    if (scope) {
      query = query.where('deviceDeploy.deviceId', 'in', (eb) =>
        eb
          .selectFrom('devices')
          .select('devices.id')
          .where((e) => devicesInScope(e, scope)),
      );
    }
    return query
      .orderBy('deviceDeploy.deployType')
      .orderBy('deviceDeploy.deployId')
      .orderBy('deviceDeploy.deviceId')
      .execute();
  }

  async find(id: number): Promise<DeviceDeployRow | null> {
    return (await this.joined().where('deviceDeploy.id', '=', id).executeTakeFirst()) ?? null;
  }

  /** The record of a device for a type, if any (other than `exceptId`). */
  async findOfType(deviceId: number, deployType: number, exceptId: number | null): Promise<DeviceDeployRow | null> {
    let query = this.joined()
      .where('deviceDeploy.deviceId', '=', deviceId)
      .where('deviceDeploy.deployType', '=', deployType);
    if (exceptId !== null) query = query.where('deviceDeploy.id', '<>', exceptId);
    return (await query.executeTakeFirst()) ?? null;
  }

  async deviceExists(deviceId: number): Promise<boolean> {
    return (
      (await this.db.selectFrom('devices').select('id').where('id', '=', deviceId).executeTakeFirst()) !== undefined
    );
  }

  async insert(deviceId: number, deployId: number, deployType: number): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('deviceDeploy')
        .values({ deviceId, deployId, deployType })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (deployType === DEPLOY_TYPE.project) await setProject(trx, deviceId, deployId);
      return id;
    });
  }

  async update(current: DeviceDeployRow, deviceId: number, deployId: number, deployType: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      if (current.deployType === DEPLOY_TYPE.project) await setProject(trx, current.deviceId, null);
      await trx
        .updateTable('deviceDeploy')
        .set({ deviceId, deployId, deployType })
        .where('id', '=', current.id)
        .execute();
      if (deployType === DEPLOY_TYPE.project) await setProject(trx, deviceId, deployId);
    });
  }

  async delete(current: DeviceDeployRow): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('deviceDeploy').where('id', '=', current.id).execute();
      if (current.deployType === DEPLOY_TYPE.project) await setProject(trx, current.deviceId, null);
    });
  }
}

/**
 * Puts the device in the group of the type, or in none (null), within the caller's transaction: its
 * record of the type is kept when it already names that group, moved otherwise, and the project is
 * copied to devices.project_id as every write here does.
 */
export async function placeInGroup(
  trx: Kysely<Database>,
  deviceId: number,
  deployType: number,
  deployId: number | null,
): Promise<void> {
  const current = await trx
    .selectFrom('deviceDeploy')
    .select(['id', 'deployId'])
    .where('deviceId', '=', deviceId)
    .where('deployType', '=', deployType)
    .executeTakeFirst();
  if (current?.deployId === deployId) return;
  if (current && deployId === null) await trx.deleteFrom('deviceDeploy').where('id', '=', current.id).execute();
  else if (current && deployId !== null) {
    await trx.updateTable('deviceDeploy').set({ deployId }).where('id', '=', current.id).execute();
  } else if (deployId !== null)
    await trx.insertInto('deviceDeploy').values({ deviceId, deployId, deployType }).execute();
  if (deployType === DEPLOY_TYPE.project) await setProject(trx, deviceId, deployId);
}

async function setProject(trx: Kysely<Database>, deviceId: number, projectId: number | null): Promise<void> {
  await trx.updateTable('devices').set({ projectId }).where('id', '=', deviceId).execute();
}
