import { SUCCESS_STATUS, type operationLogFilterSchema, type PageQuery } from '@envmon/shared';
import type { Insertable, Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database, OperationLogsTable } from '../../db/schema.js';
import { containsText, selectPage } from '../../db/sql.js';
import type { OperationLogRow } from './log.mapper.js';

export type OperationLogFilter = z.infer<typeof operationLogFilterSchema>;

export class LogRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: Insertable<OperationLogsTable>): Promise<void> {
    await this.db.insertInto('operationLogs').values(row).execute();
  }

  async list(filter: OperationLogFilter, page: PageQuery): Promise<{ rows: OperationLogRow[]; total: number }> {
    let base = this.db.selectFrom('operationLogs');
    const { userName, url, beginTime, endTime, success } = filter;
    if (userName) base = base.where((eb) => containsText(eb.ref('userName'), userName));
    if (url) base = base.where((eb) => containsText(eb.ref('url'), url));
    if (beginTime !== undefined) base = base.where('createTime', '>=', beginTime);
    if (endTime !== undefined) base = base.where('createTime', '<=', endTime);
    if (success !== undefined) base = base.where('status', success === '1' ? '=' : '<>', SUCCESS_STATUS);
    return selectPage(base, page, (query) => query.selectAll().orderBy('createTime', 'desc').orderBy('id', 'desc'));
  }
}
