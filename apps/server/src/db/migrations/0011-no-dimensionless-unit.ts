import { type Migration, sql } from 'kysely';
import type { AnyDb } from './builders.js';

/** pH's unit was stored as the document prints it, 'dimensionless', and shown as a unit in Chinese too: it has none. */
export function noDimensionlessUnit(): Migration {
  return {
    async up(db: AnyDb) {
      await sql`update factors set unit = null where unit = 'dimensionless'`.execute(db);
      await sql`update device_factors set unit = null where unit = 'dimensionless'`.execute(db);
    },
    async down() {},
  };
}
