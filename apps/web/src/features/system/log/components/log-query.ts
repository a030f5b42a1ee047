import type { Dayjs } from 'dayjs';
import type { OperationLogQuery } from '../api/get-operation-logs';

/** What the operation log's filter form holds. */
export interface LogFilterValues {
  userName?: string;
  url?: string;
  /** From–to, inclusive; either end may be open. */
  range?: [Dayjs | null, Dayjs | null] | null;
  success?: '0' | '1';
}

const trimmed = (value: string | undefined): string | undefined => {
  const text = value?.trim();
  return text ? text : undefined;
};

/** The server filters createTime by epoch ms; blank filters are left out. */
export function toLogQuery(values: LogFilterValues, page: { pageNum: number; pageSize: number }): OperationLogQuery {
  const [begin, end] = values.range ?? [null, null];
  const query: OperationLogQuery = { ...page };
  const userName = trimmed(values.userName);
  const url = trimmed(values.url);
  if (userName) query.userName = userName;
  if (url) query.url = url;
  if (begin) query.beginTime = begin.valueOf();
  if (end) query.endTime = end.valueOf();
  if (values.success) query.success = values.success;
  return query;
}

/** Parameters and results are stored as JSON text; show them indented, or as they are when not JSON. */
export function prettyJson(text: string | null): string {
  if (text === null || text === '') return '';
  try {
    return JSON.stringify(JSON.parse(text) as unknown, null, 2);
  } catch {
    return text;
  }
}
