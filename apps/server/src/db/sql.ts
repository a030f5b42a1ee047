import type { PageQuery } from '@envmon/shared';
import { type Expression, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { Database } from './schema.js';

/**
 * Case-insensitive "contains" that behaves the same on SQLite (LIKE is case-insensitive) and
 * PostgreSQL (LIKE is not): both sides lowered, user wildcards escaped.
 */
export function containsText(column: Expression<string | null>, needle: string): Expression<SqlBool> {
  const pattern = `%${needle.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  return sql<SqlBool>`lower(${column}) like ${pattern} escape '\\'`;
}

/** Offset of a 1-based page. */
export const pageOffset = (pageNum: number, pageSize: number): number => (pageNum - 1) * pageSize;

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- Kysely's type of a query with nothing selected yet
type Filtered<TB extends keyof Database> = SelectQueryBuilder<Database, TB, {}>;

/**
 * One page of a filtered query and the filter's total. `select` picks and orders the rows of
 * the filtered query; the count runs on the filter alone.
 */
export async function selectPage<TB extends keyof Database, Row>(
  filtered: Filtered<TB>,
  page: PageQuery,
  select: (query: Filtered<TB>) => SelectQueryBuilder<Database, TB, Row>,
): Promise<{ rows: Row[]; total: number }> {
  const { total } = await filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await select(filtered).limit(page.pageSize).offset(pageOffset(page.pageNum, page.pageSize)).execute();
  return { rows, total };
}
