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
import { defineEndpoint } from './endpoint.js';

const DATA_AUDIT = '/manager/settings/dataAudit/rest';

/** Settings › data audit and Water station › data audit (SPEC section 7: dataAudit getList, add, update, uninstall — all POST; grid is ours). */
export const dataAuditEndpoints = {
  /** A page of the audits in scope, newest first; cached under ['dataAudit', …], the root a change invalidates. */
  getList: defineEndpoint({
    method: 'POST',
    path: `${DATA_AUDIT}/getList`,
    body: dataAuditListQuerySchema,
    response: dataAuditPageSchema,
    key: ['dataAudit'],
  }),
  /** Audits cells (or approves a day); answers how many values it touched. */
  add: defineEndpoint({
    method: 'POST',
    path: `${DATA_AUDIT}/add`,
    body: dataAuditInputSchema,
    response: dataAuditResultSchema,
  }),
  /** Edits a record's reason, remark or replacement value. */
  update: defineEndpoint({
    method: 'POST',
    path: `${DATA_AUDIT}/update`,
    body: dataAuditUpdateSchema,
    response: dataAuditRecordSchema,
  }),
  /** Revokes records; their values return to the state before. Answers how many were revoked. */
  uninstall: defineEndpoint({
    method: 'POST',
    path: `${DATA_AUDIT}/uninstall`,
    body: dataAuditRevokeSchema,
    response: dataAuditResultSchema,
  }),
  /** The workbench's grid: one device's hour or day values in a range with their flags and audit states. */
  grid: defineEndpoint({
    method: 'POST',
    path: `${DATA_AUDIT}/grid`,
    body: dataAuditGridQuerySchema,
    response: dataAuditGridSchema,
    key: ['dataAudit', 'grid'],
  }),
};
