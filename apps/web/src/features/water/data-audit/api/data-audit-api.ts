import {
  type AuditDataKind,
  DATA_AUDIT_KEY,
  DATA_AUDIT_ROUTES,
  type dataAuditEndpoints,
  type EndpointBody,
  HISTORY_KEY,
  ORIGINAL_KEY,
  REPORT_KEY,
} from '@envmon/shared';
import { keepPreviousData, type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute, endpointKey } from '../../../../lib/endpoint';

/**
 * The calls are the schema-free DATA_AUDIT_ROUTES, typed by the full declarations: the water domain's index, which
 * the console's shell imports, brings this file into the first screen's download, which loads no zod.
 */
type Calls = typeof dataAuditEndpoints;
const routes = DATA_AUDIT_ROUTES;

/** What the calls send, as their declared schemas read it. */
export type AuditListBody = EndpointBody<Calls['getList']>;
export type AuditAddBody = EndpointBody<Calls['add']>;
export type AuditRevokeBody = EndpointBody<Calls['uninstall']>;

/**
 * Query keys (STYLE.md rules 7 and 16), all under the declared root ['dataAudit']: an audit or a revoke
 * invalidates the root, so the workbench's grid, a value's trail and the records list follow at once.
 */
export const dataAuditKeys = {
  all: DATA_AUDIT_KEY,
  grid: (deviceId: number, kind: AuditDataKind, from: number, to: number) =>
    endpointKey(routes.grid, { deviceId, kind, from, to }),
  page: (query: AuditListBody) => endpointKey(routes.getList, 'page', query),
  trail: (deviceId: number, kind: AuditDataKind, factorCode: string, dataTime: number) =>
    endpointKey(routes.getList, 'trail', { deviceId, kind, factorCode, dataTime }),
};

/** The screens that show audited values: what an audit or a revoke changes besides the audits themselves. */
export const AUDITED_READS = [REPORT_KEY, HISTORY_KEY, ORIGINAL_KEY] as const;

export async function invalidateAudits(client: QueryClient): Promise<void> {
  await client.invalidateQueries({ queryKey: dataAuditKeys.all });
  for (const queryKey of AUDITED_READS) await client.invalidateQueries({ queryKey });
}

/** A station's hour or day values in [from, to) with their flags and audit states. */
export const auditGridQueryOptions = (deviceId: number, kind: AuditDataKind, from: number, to: number) =>
  queryOptions({
    queryKey: dataAuditKeys.grid(deviceId, kind, from, to),
    queryFn: () => callRoute<Calls['grid']>(routes.grid, { body: { deviceId, kind, from, to } }),
    placeholderData: keepPreviousData,
  });

/** A page of audit records for the list's filters. */
export const auditPageQueryOptions = (query: AuditListBody) =>
  queryOptions({
    queryKey: dataAuditKeys.page(query),
    queryFn: () => callRoute<Calls['getList']>(routes.getList, { body: query }),
    placeholderData: keepPreviousData,
  });

/** Audits on one value, revoked ones too, newest first. */
export const TRAIL_PAGE_SIZE = 100;

export const auditTrailQueryOptions = (deviceId: number, kind: AuditDataKind, factorCode: string, dataTime: number) =>
  queryOptions({
    queryKey: dataAuditKeys.trail(deviceId, kind, factorCode, dataTime),
    queryFn: () =>
      callRoute<Calls['getList']>(routes.getList, {
        body: { deviceId, kind, factorCode, dataTime, includeRevoked: true, pageNum: 1, pageSize: TRAIL_PAGE_SIZE },
      }),
  });

/** An audit (mark, replace, approve); the api client shows the server's word. */
export function useAddAudit() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AuditAddBody) => callRoute<Calls['add']>(routes.add, { body: input }),
    onSuccess: () => invalidateAudits(client),
  });
}

/** Revokes records (or one audit's batch); the values go back to the state before. */
export function useRevokeAudit() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AuditRevokeBody) => callRoute<Calls['uninstall']>(routes.uninstall, { body: input }),
    onSuccess: () => invalidateAudits(client),
  });
}
