import {
  dataAuditGridQuerySchema,
  dataAuditGridSchema,
  dataAuditInputSchema,
  dataAuditListQuerySchema,
  dataAuditPageSchema,
  dataAuditRecordSchema,
  dataAuditResultSchema,
  dataAuditRevokeSchema,
  dataAuditUpdateSchema,
} from '../schemas/data-audit.js';
import { DATA_AUDIT_ROUTES } from './data-audit-routes.js';
import { defineEndpoint } from './endpoint.js';

/** Settings › data audit and Water station › data audit (SPEC section 7: dataAudit getList, add, update, uninstall — all POST; grid is ours). */
export const dataAuditEndpoints = {
  /** A page of the audits in scope, newest first; cached under ['dataAudit', …], the root a change invalidates. */
  getList: defineEndpoint({
    ...DATA_AUDIT_ROUTES.getList,
    body: dataAuditListQuerySchema,
    response: dataAuditPageSchema,
  }),
  /** Audits cells (or approves a day); answers how many values it touched. */
  add: defineEndpoint({
    ...DATA_AUDIT_ROUTES.add,
    body: dataAuditInputSchema,
    response: dataAuditResultSchema,
  }),
  /** Edits a record's reason, remark or replacement value. */
  update: defineEndpoint({
    ...DATA_AUDIT_ROUTES.update,
    body: dataAuditUpdateSchema,
    response: dataAuditRecordSchema,
  }),
  /** Revokes records; their values return to the state before. Answers how many were revoked. */
  uninstall: defineEndpoint({
    ...DATA_AUDIT_ROUTES.uninstall,
    body: dataAuditRevokeSchema,
    response: dataAuditResultSchema,
  }),
  /** The workbench's grid: one device's hour or day values in a range with their flags and audit states. */
  grid: defineEndpoint({
    ...DATA_AUDIT_ROUTES.grid,
    body: dataAuditGridQuerySchema,
    response: dataAuditGridSchema,
  }),
};
