import type { OperationLog } from '@envmon/shared';
import type { Selectable } from 'kysely';
import type { OperationLogsTable } from '../../db/schema.js';

export type OperationLogRow = Selectable<OperationLogsTable>;

export function toOperationLog(row: OperationLogRow): OperationLog {
  return {
    id: row.id,
    userId: row.userId,
    userName: row.userName,
    method: row.method,
    url: row.url,
    params: row.params,
    status: row.status,
    result: row.result,
    ip: row.ip,
    durationMs: row.durationMs,
    createTime: row.createTime,
  };
}
