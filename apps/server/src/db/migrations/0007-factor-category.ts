import type { Migration } from 'kysely';
import type { AnyDb } from './builders.js';

/** Reports (issue 6): a factor's category in the catalogue ('isotope' marks radionuclides for the isotope report). */
export function factorCategory(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema.alterTable('factors').addColumn('category', 'text').execute();
    },
    async down(db: AnyDb) {
      await db.schema.alterTable('factors').dropColumn('category').execute();
    },
  };
}
