import type { OperationLog, Page, PageQuery } from '@envmon/shared';
import type { Insertable } from 'kysely';
import type { OperationLogsTable } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { toOperationLog } from './log.mapper.js';
import type { LogRepository, OperationLogFilter } from './log.repository.js';

/** A log row as the operation-log hook hands it over; `params` is already masked JSON. */
export type OperationLogEntry = Omit<Insertable<OperationLogsTable>, 'id' | 'createTime'>;

export class LogService {
  constructor(
    private readonly repo: LogRepository,
    private readonly clock: Clock,
  ) {}

  record(entry: OperationLogEntry): Promise<void> {
    return this.repo.insert({ ...entry, createTime: this.clock.now() });
  }

  async list(filter: OperationLogFilter, page: PageQuery): Promise<Page<OperationLog>> {
    const { rows, total } = await this.repo.list(filter, page);
    return { list: rows.map(toOperationLog), total, ...page };
  }
}
