import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';
import type { Dialect } from '../connection.js';

/**
 * Migrations in code, written once for SQLite and PostgreSQL with Kysely's schema builder.
 * Only the auto-increment key differs between the two; every other type is common ground:
 * text, integer, and bigint (SQLite gives any *INT* type integer affinity).
 */
export type AnyDb = Kysely<unknown>;

export function withId<T extends string>(
  dialect: Dialect,
  builder: CreateTableBuilder<T, never>,
): CreateTableBuilder<T, 'id'> {
  return dialect === 'postgres'
    ? builder.addColumn('id', 'serial', (c) => c.primaryKey())
    : builder.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export const notNull = (c: ColumnDefinitionBuilder) => c.notNull();
