import type { ModuleContext } from '../module-context.js';
import { DataAuditRepository } from './data-audit.repository.js';
import { dataAuditRoutes } from './data-audit.routes.js';
import { DataAuditService } from './data-audit.service.js';

/**
 * Data audit (issue 19): the audit records and the audit state they lay over stored values; and, where hours
 * this process stored fall under a day recomputed from audited hours, that day (and its month and year) again.
 */
export function registerDataAudit({
  app,
  db,
  dialect,
  clock,
  bus,
  deviceScopes,
  log,
}: ModuleContext): DataAuditService {
  const audits = new DataAuditService(new DataAuditRepository(db, dialect), deviceScopes, clock);
  dataAuditRoutes(app, audits);
  const follow = log.child({ module: 'data-audit' });
  // One at a time, in the order stored; an hour packet costs one look-up unless its day was recomputed.
  let following: Promise<void> = Promise.resolve();
  const unsubscribe = bus.subscribe(
    'data.received',
    (event) => {
      if (event.kind !== 'hour') return;
      const codes = event.values.map((v) => v.factorCode);
      following = following
        .then(() => audits.followHours(event.deviceId, event.dataTime, codes))
        .catch((err: unknown) => follow.error({ err, deviceId: event.deviceId }, 'recomputing an audited day failed'));
    },
    { from: 'here' },
  );
  app.addHook('preClose', async () => {
    unsubscribe();
    await following;
  });
  return audits;
}
