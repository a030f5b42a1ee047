import type { DevopsListQuery, DevopsRecordInput } from '@envmon/shared';
import type { Kysely, Selectable } from 'kysely';
import type { Dialect } from '../../db/connection.js';
import type { Database, DevopsFilesTable, DevopsRecordsTable } from '../../db/schema.js';
import { selectPage } from '../../db/sql.js';
import { type DeviceScope, devicesInScope } from '../../db/queries/device-scope.js';

export type DevopsRecordRow = Selectable<DevopsRecordsTable> & { deviceName: string | null; deviceCode: string | null };

/** An attachment without its bytes. */
export type DevopsFileRow = Omit<Selectable<DevopsFilesTable>, 'content'>;

export type DevopsFileContent = Selectable<DevopsFilesTable>;

export interface NewDevopsFile {
  recordId: number;
  fileName: string;
  mimeType: string;
  content: Buffer;
}

const FILE_COLUMNS = [
  'devopsFiles.id',
  'devopsFiles.recordId',
  'devopsFiles.fileName',
  'devopsFiles.mimeType',
  'devopsFiles.size',
  'devopsFiles.createTime',
] as const;

/** The devops_records and devops_files tables (settings › DevOps). */
export class DevopsRepository {
  /** PostgreSQL locks a record while its attachments are counted; SQLite has one writer anyway (and no FOR UPDATE). */
  private readonly lockRows: boolean;

  constructor(
    private readonly db: Kysely<Database>,
    dialect: Dialect,
  ) {
    this.lockRows = dialect === 'postgres';
  }

  private base() {
    return this.db
      .selectFrom('devopsRecords')
      .innerJoin('devices', 'devices.id', 'devopsRecords.deviceId')
      .select([
        'devopsRecords.id',
        'devopsRecords.deviceId',
        'devices.deviceName',
        'devices.deviceCode',
        'devopsRecords.kind',
        'devopsRecords.startTime',
        'devopsRecords.endTime',
        'devopsRecords.maintainer',
        'devopsRecords.content',
        'devopsRecords.createdBy',
        'devopsRecords.createTime',
        'devopsRecords.updateTime',
      ]);
  }

  async list(query: DevopsListQuery, scope: DeviceScope): Promise<{ rows: DevopsRecordRow[]; total: number }> {
    let filtered = this.db
      .selectFrom('devopsRecords')
      .innerJoin('devices', 'devices.id', 'devopsRecords.deviceId')
      .where((eb) => devicesInScope(eb, scope));
    if (query.deviceId !== undefined) filtered = filtered.where('devopsRecords.deviceId', '=', query.deviceId);
    if (query.kind !== undefined) filtered = filtered.where('devopsRecords.kind', '=', query.kind);
    if (query.beginTime !== undefined) filtered = filtered.where('devopsRecords.startTime', '>=', query.beginTime);
    if (query.endTime !== undefined) filtered = filtered.where('devopsRecords.startTime', '<=', query.endTime);
    const { rows: ids, total } = await selectPage(filtered, query, (q) =>
      q.select('devopsRecords.id').orderBy('devopsRecords.startTime', 'desc').orderBy('devopsRecords.id', 'desc'),
    );
    const rows =
      ids.length === 0
        ? []
        : await this.base()
            .where(
              'devopsRecords.id',
              'in',
              ids.map((r) => r.id),
            )
            .orderBy('devopsRecords.startTime', 'desc')
            .orderBy('devopsRecords.id', 'desc')
            .execute();
    return { rows, total: Number(total) };
  }

  async find(id: number): Promise<DevopsRecordRow | null> {
    return (await this.base().where('devopsRecords.id', '=', id).executeTakeFirst()) ?? null;
  }

  async deviceExists(deviceId: number): Promise<boolean> {
    return (
      (await this.db.selectFrom('devices').select('id').where('id', '=', deviceId).executeTakeFirst()) !== undefined
    );
  }

  async insert(input: DevopsRecordInput, createdBy: string, now: number): Promise<number> {
    const { id } = await this.db
      .insertInto('devopsRecords')
      .values({ ...input, createdBy, createTime: now, updateTime: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  async update(id: number, input: DevopsRecordInput, now: number): Promise<void> {
    await this.db
      .updateTable('devopsRecords')
      .set({ ...input, updateTime: now })
      .where('id', '=', id)
      .execute();
  }

  /** The record and, by the foreign key's cascade, its attachments. */
  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('devopsRecords').where('id', '=', id).execute();
  }

  /** The attachments' metadata of `recordIds`, oldest first. */
  files(recordIds: readonly number[]): Promise<DevopsFileRow[]> {
    if (recordIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('devopsFiles')
      .select(FILE_COLUMNS)
      .where('devopsFiles.recordId', 'in', [...recordIds])
      .orderBy('devopsFiles.id')
      .execute();
  }

  async file(id: number): Promise<DevopsFileRow | null> {
    return (
      (await this.db.selectFrom('devopsFiles').select(FILE_COLUMNS).where('id', '=', id).executeTakeFirst()) ?? null
    );
  }

  /** The attachment when its record's device is in the scope. */
  async fileContent(id: number, scope: DeviceScope): Promise<DevopsFileContent | null> {
    const row = await this.db
      .selectFrom('devopsFiles')
      .innerJoin('devopsRecords', 'devopsRecords.id', 'devopsFiles.recordId')
      .innerJoin('devices', 'devices.id', 'devopsRecords.deviceId')
      .select([...FILE_COLUMNS, 'devopsFiles.content'])
      .where('devopsFiles.id', '=', id)
      .where((eb) => devicesInScope(eb, scope))
      .executeTakeFirst();
    return row ?? null;
  }

  /**
   * Adds an attachment unless the record already has `max`: the count and the insert share a transaction
   * (on SQLite one writer at a time; on PostgreSQL the record row is locked), so two uploads at once cannot
   * both take the last place.
   */
  async insertFile(file: NewDevopsFile, max: number, now: number): Promise<number | 'full'> {
    return this.db.transaction().execute(async (trx) => {
      let lock = trx.selectFrom('devopsRecords').select('id').where('id', '=', file.recordId);
      if (this.lockRows) lock = lock.forUpdate();
      await lock.executeTakeFirst();
      const { count } = await trx
        .selectFrom('devopsFiles')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('recordId', '=', file.recordId)
        .executeTakeFirstOrThrow();
      if (Number(count) >= max) return 'full';
      const { id } = await trx
        .insertInto('devopsFiles')
        .values({ ...file, size: file.content.length, createTime: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    });
  }

  async deleteFile(id: number): Promise<void> {
    await this.db.deleteFrom('devopsFiles').where('id', '=', id).execute();
  }
}
