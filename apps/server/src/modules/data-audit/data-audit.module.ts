import type { ModuleContext } from '../module-context.js';
import { DataAuditRepository } from './data-audit.repository.js';
import { dataAuditRoutes } from './data-audit.routes.js';
import { DataAuditService } from './data-audit.service.js';

/** Data audit (issue 19): the audit records and the audit state they lay over stored values. */
export function registerDataAudit({ app, db, dialect, clock, deviceScopes }: ModuleContext): DataAuditService {
  const audits = new DataAuditService(new DataAuditRepository(db, dialect), deviceScopes, clock);
  dataAuditRoutes(app, audits);
  return audits;
}
