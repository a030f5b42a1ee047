import { randomBytes } from 'node:crypto';
import { ADMIN_ROLE, passwordSchema } from '@envmon/shared';
import type { Kysely } from 'kysely';
import type { Clock } from '../lib/clock.js';
import type { PasswordHasher } from '../lib/password.js';
import type { Database } from './schema.js';
import { createUser, ensureRole, linkResources } from './seed/accounts.js';
import { seedDictionary, seedFactors, seedResources, seedSurfaceWaterLimits } from './seed/catalogue.js';
import { seedDemo, seedDemoStations } from './seed/demo.js';

export {
  DEMO_OVERFLOW_STATION_COUNT,
  DEMO_STATION_COUNT,
  DEMO_STATION_INTERVAL,
  demoStationSpecs,
} from './seed/demo.js';

export interface SeedOptions {
  demo: boolean;
  adminPassword: string | null;
  hasher: PasswordHasher;
  clock: Clock;
}

/** Set when this run created the admin user; `generated` passwords must be shown once. */
export interface SeedReport {
  admin: { userName: string; password: string; generated: boolean } | null;
}

const ADMIN_USER = 'admin';

/**
 * Built-in rows, safe to run on every start: resources of RESOURCE_TREE and dictionary entries
 * of VOCABULARIES that are missing are added (so an upgrade brings new screens), role admin
 * holds every resource. The admin user — and, in demo mode, the demo roles, users and projects —
 * are created on first start only (no users yet), so deleting them later is respected. The demo
 * stations, which the demo simulates on every start, are registered on first start and, in a
 * database that holds some of them, again when one is missing (a demo from before the overflow
 * station gets it); never twice.
 */
export async function seedDatabase(db: Kysely<Database>, options: SeedOptions): Promise<SeedReport> {
  if (options.adminPassword !== null && !passwordSchema.safeParse(options.adminPassword).success) {
    throw new Error('ADMIN_PASSWORD must be 6 to 64 characters long');
  }
  return db.transaction().execute(async (trx) => {
    const now = options.clock.now();
    const resourceIds = await seedResources(trx);
    await seedDictionary(trx);
    await seedFactors(trx);
    await seedSurfaceWaterLimits(trx);
    const adminRoleId = await ensureRole(trx, ADMIN_ROLE, '超级管理员', now);
    await linkResources(trx, adminRoleId, [...resourceIds.values()]);

    const firstStart = (await trx.selectFrom('users').select('id').limit(1).executeTakeFirst()) === undefined;
    let admin: SeedReport['admin'] = null;
    if (firstStart) {
      const generated = options.adminPassword === null;
      const password = options.adminPassword ?? randomBytes(12).toString('base64url');
      await createUser(
        trx,
        options.hasher,
        { userName: ADMIN_USER, password, name: '管理员', roleId: adminRoleId, builtIn: 1 },
        now,
      );
      if (options.demo) await seedDemo(trx, options.hasher, resourceIds, now);
      admin = { userName: ADMIN_USER, password, generated };
    }
    if (options.demo) await seedDemoStations(trx, now, firstStart);
    return { admin };
  });
}
