import {
  AUDIT_ACTION_STATE,
  type AuditDataKind,
  type AuditGridCell,
  type AuditState,
  auditedReading,
  DATA_AUDIT_LIMITS,
  DAY_MS,
  type DataAuditGrid,
  type dataAuditGridQuerySchema,
  type dataAuditInputSchema,
  dataAuditInputProblem,
  type DataAuditRecord,
  dataAuditRecordSchema,
  type DataAuditResult,
  type dataAuditRevokeSchema,
  type dataAuditUpdateSchema,
  MINUTE_MS,
  type Page,
} from '@envmon/shared';
import type { z } from 'zod';
import type { RollupTarget } from '../../ingest/ingest.repository.js';
import type { Clock } from '../../lib/clock.js';
import { DomainError } from '../../lib/errors.js';
import { type DeviceScopeReader, type ScopeReader, scopeOf } from '../device/device-scope.js';
import type { Actor } from '../session/permission.js';
import type {
  AuditDevice,
  AuditedValueRow,
  AuditListQuery,
  AuditRecordRow,
  DataAuditRepository,
  NewAuditRecord,
} from './data-audit.repository.js';

export type AuditCaller = Actor & ScopeReader;
type AuditInput = z.infer<typeof dataAuditInputSchema>;
type AuditUpdate = z.infer<typeof dataAuditUpdateSchema>;
type AuditRevoke = z.infer<typeof dataAuditRevokeSchema>;
type GridQuery = z.infer<typeof dataAuditGridQuerySchema>;

interface Cell {
  factorCode: string;
  dataTime: number;
}

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

export const toRecord = (row: AuditRecordRow): DataAuditRecord =>
  dataAuditRecordSchema.parse({
    ...row,
    dataTime: Number(row.dataTime),
    stationValue: num(row.stationValue),
    oldValue: num(row.oldValue),
    newValue: num(row.newValue),
    createTime: Number(row.createTime),
    revoked: Number(row.revoked) === 1,
    revokeTime: num(row.revokeTime),
  });

/** The start of the station day holding `instant`, in the station's calendar (UTC offset in minutes). */
export function stationDayStart(instant: number, offsetMinutes: number): number {
  const offset = offsetMinutes * MINUTE_MS;
  return Math.floor((instant + offset) / DAY_MS) * DAY_MS - offset;
}

/** The month and year holding a station day, in the station's calendar: the rollups kept from its day values. */
export function rollupTargetsOf(deviceId: number, factorCode: string, dayStart: number, offsetMinutes: number) {
  const offset = offsetMinutes * MINUTE_MS;
  const local = new Date(dayStart + offset);
  const y = local.getUTCFullYear();
  const m = local.getUTCMonth();
  const targets: RollupTarget[] = [
    { deviceId, factorCode, kind: 'month', from: Date.UTC(y, m, 1) - offset, to: Date.UTC(y, m + 1, 1) - offset },
    { deviceId, factorCode, kind: 'year', from: Date.UTC(y, 0, 1) - offset, to: Date.UTC(y + 1, 0, 1) - offset },
  ];
  return targets;
}

function byFactor(cells: readonly Cell[]): Map<string, number[]> {
  const map = new Map<string, Set<number>>();
  for (const c of cells) {
    const set = map.get(c.factorCode) ?? new Set<number>();
    set.add(c.dataTime);
    map.set(c.factorCode, set);
  }
  return new Map([...map].map(([code, times]) => [code, [...times]]));
}

/**
 * Data audit (issue 19). Every audit is a record; the value's audit state (measurements.audit_state and
 * audit_value) is always what its newest record in force says, so a revoke restores the state before it. Day
 * values follow their hours: once an hour under a day is invalidated, validated or replaced, the day's value
 * is recomputed from the audited hours (state `recomputed`) — unless the day value itself was audited by hand
 * (other than approved), which stands. The month and year values are then recomputed from the days.
 */
export class DataAuditService {
  constructor(
    private readonly repo: DataAuditRepository,
    private readonly scopes: DeviceScopeReader,
    private readonly clock: Clock,
  ) {}

  async list(query: AuditListQuery, caller: ScopeReader): Promise<Page<DataAuditRecord>> {
    const { rows, total } = await this.repo.list(query, scopeOf(query, caller));
    return { list: rows.map(toRecord), total, pageNum: query.pageNum, pageSize: query.pageSize };
  }

  /** Audits cells of one device and kind, or approves a station day's values no audit has touched yet. */
  async add(input: AuditInput, caller: AuditCaller): Promise<DataAuditResult> {
    const device = await this.visibleDevice(input.deviceId, caller);
    if (dataAuditInputProblem(input)) throw new DomainError('invalidInput');
    const state = AUDIT_ACTION_STATE[input.action];
    const now = this.clock.now();
    return this.repo.transaction(async (repo) => {
      await repo.lockDevices([device.id]);
      let targets: AuditedValueRow[];
      if (input.action === 'approve') {
        // The station day holding the instant given.
        const day = stationDayStart(input.day as number, device.utcOffsetMinutes);
        targets = await repo.unaudited(device.id, input.kind, day, day + DAY_MS);
      } else {
        const cells = byFactor(input.cells);
        targets = await repo.values(device.id, input.kind, cells);
        const asked = [...cells.values()].reduce((n, times) => n + times.length, 0);
        // A cell without a stored value cannot be audited.
        if (targets.length !== asked) throw new DomainError('notFound');
      }
      const records: NewAuditRecord[] = targets.map((t) => ({
        deviceId: device.id,
        kind: input.kind,
        factorCode: t.factorCode,
        dataTime: t.dataTime,
        action: input.action,
        reason: input.reason ?? null,
        remark: input.remark,
        stationValue: t.value,
        oldState: t.auditState,
        oldValue: t.auditValue,
        newState: state,
        newValue: input.action === 'replace' ? (input.value ?? null) : null,
        createdBy: caller.userName,
        createTime: now,
        revokedBy: null,
        revokeTime: null,
      }));
      const batchId = await repo.insertBatch(records);
      await this.settle(repo, device, input.kind, targets);
      return { batchId, count: records.length };
    });
  }

  /** A record's reason and remark, and a replacement's value (laid over the value again when it is in force). */
  async update(input: AuditUpdate, caller: AuditCaller): Promise<DataAuditRecord> {
    const record = await this.repo.find(input.id);
    if (!record || !(await this.scopes.visible(record.deviceId, scopeOf({}, caller)))) {
      throw new DomainError('notFound');
    }
    const kind = record.kind as AuditDataKind;
    const valueGiven = input.value !== undefined;
    const revoked = Number(record.revoked) === 1;
    if (revoked) throw new DomainError('invalidInput');
    if (valueGiven && (record.action !== 'replace' || input.value === null)) throw new DomainError('invalidInput');
    const reason = input.reason === undefined ? record.reason : input.reason;
    if (record.action !== 'approve' && !reason) throw new DomainError('invalidInput');
    const device = await this.visibleDevice(record.deviceId, caller);
    await this.repo.transaction(async (repo) => {
      await repo.lockDevices([device.id]);
      await repo.updateRecord(record.id, {
        reason,
        remark: input.remark,
        ...(valueGiven ? { newValue: input.value ?? null } : {}),
      });
      if (valueGiven) {
        await this.settle(repo, device, kind, [{ factorCode: record.factorCode, dataTime: Number(record.dataTime) }]);
      }
    });
    const updated = await this.repo.find(record.id);
    if (!updated) throw new DomainError('notFound');
    return toRecord(updated);
  }

  /** Revokes records in force (by id, or one audit's batch) on devices in scope; their values return to the state before. */
  async revoke(input: AuditRevoke, caller: AuditCaller): Promise<DataAuditResult> {
    const scope = scopeOf({}, caller);
    const now = this.clock.now();
    return this.repo.transaction(async (repo) => {
      let records = await repo.inForceOf({ ids: input.ids, batchId: input.batchId }, scope);
      if (records.length === 0) return { batchId: input.batchId ?? null, count: 0 };
      await repo.lockDevices(records.map((r) => r.deviceId));
      // Read again under the locks: another revoke may have come first.
      records = await repo.inForceOf({ ids: input.ids, batchId: input.batchId }, scope);
      await repo.revoke(
        records.map((r) => r.id),
        caller.userName,
        now,
      );
      const groups = new Map<string, { deviceId: number; kind: AuditDataKind; cells: Cell[] }>();
      for (const r of records) {
        const key = `${r.deviceId}|${r.kind}`;
        const group = groups.get(key) ?? { deviceId: r.deviceId, kind: r.kind as AuditDataKind, cells: [] };
        group.cells.push({ factorCode: r.factorCode, dataTime: Number(r.dataTime) });
        groups.set(key, group);
      }
      for (const group of groups.values()) {
        const device = await repo.device(group.deviceId);
        if (device) await this.settle(repo, device, group.kind, group.cells);
      }
      return { batchId: input.batchId ?? null, count: records.length };
    });
  }

  /** The workbench's grid: one device's values of one kind in [from, to), as stored and as audited. */
  async grid(query: GridQuery, caller: ScopeReader): Promise<DataAuditGrid> {
    const device = await this.visibleDevice(query.deviceId, caller);
    const [values, approved] = await Promise.all([
      this.repo.range(device.id, query.kind, query.from, query.to),
      this.repo.approvedHours(device.id, query.from, query.to),
    ]);
    const codes = [...new Set(values.map((v) => v.factorCode))].sort();
    const catalogue = new Map((await this.repo.factors(device.id, codes)).map((f) => [f.factorCode, f]));
    const rows = new Map<number, Record<string, AuditGridCell>>();
    for (const v of values) {
      const auditState = v.auditState as AuditState | null;
      const reading = auditedReading({ ...v, auditState });
      const cells = rows.get(v.dataTime) ?? {};
      cells[v.factorCode] = {
        value: v.value,
        flag: v.flag,
        quality: v.quality,
        auditState,
        auditValue: v.auditValue,
        effectiveValue: reading.value,
        valid: reading.valid,
      };
      rows.set(v.dataTime, cells);
    }
    const days = new Set(approved.map((t) => stationDayStart(t, device.utcOffsetMinutes)));
    return {
      deviceId: device.id,
      kind: query.kind,
      factors: codes.map((code) => {
        const f = catalogue.get(code);
        return {
          factorCode: code,
          factorName: f?.factorName ?? null,
          factorNameEn: f?.factorNameEn ?? null,
          unit: f?.unit ?? null,
          decimals: f?.decimals ?? null,
        };
      }),
      rows: [...rows].map(([dataTime, cells]) => ({ dataTime, cells })),
      approvedDays: [...days].sort((a, b) => a - b),
    };
  }

  /**
   * A station sent hour values (again, or late): a day value recomputed from its audited hours is recomputed
   * with them, and its month and year follow. Days the audits left alone keep the station's value.
   */
  async followHours(deviceId: number, dataTime: number, factorCodes: readonly string[]): Promise<void> {
    const device = await this.repo.device(deviceId);
    if (!device) return;
    const day = stationDayStart(dataTime, device.utcOffsetMinutes);
    if ((await this.repo.recomputedDays(device.id, day, factorCodes)).length === 0) return;
    await this.repo.transaction(async (repo) => {
      await repo.lockDevices([device.id]);
      const codes = await repo.recomputedDays(device.id, day, factorCodes);
      await this.settleDays(
        repo,
        device,
        codes.map((factorCode) => ({ factorCode, day })),
      );
    });
  }

  private async visibleDevice(deviceId: number, caller: ScopeReader): Promise<AuditDevice> {
    const device = await this.repo.device(deviceId);
    if (!device || !(await this.scopes.visible(deviceId, scopeOf({}, caller)))) throw new DomainError('notFound');
    return device;
  }

  /**
   * Lays on each cell the state of its newest record in force (none: no state), then settles the days the
   * cells touch (their own day values, or those above hours), then the months and years above those days.
   */
  private async settle(repo: DataAuditRepository, device: AuditDevice, kind: AuditDataKind, cells: readonly Cell[]) {
    const days = new Map<string, { factorCode: string; day: number }>();
    for (const [factorCode, times] of byFactor(cells)) {
      const inForce = await repo.inForce(device.id, kind, factorCode, times);
      // Cells that end in the same state (and value) are set together.
      const groups = new Map<string, { state: string | null; value: number | null; times: number[] }>();
      for (const t of times) {
        const r = inForce.get(t);
        const state = r?.newState ?? null;
        const value = state === 'replaced' ? (r?.newValue ?? null) : null;
        const key = `${state}|${value}`;
        const group = groups.get(key) ?? { state, value, times: [] };
        group.times.push(t);
        groups.set(key, group);
        const day = kind === 'day' ? t : stationDayStart(t, device.utcOffsetMinutes);
        days.set(`${factorCode}|${day}`, { factorCode, day });
      }
      for (const g of groups.values()) await repo.setState(device.id, kind, factorCode, g.times, g.state, g.value);
    }
    await this.settleDays(repo, device, [...days.values()]);
  }

  /** Settles station days' values, then the months and years above them. */
  private async settleDays(
    repo: DataAuditRepository,
    device: AuditDevice,
    days: readonly { factorCode: string; day: number }[],
  ): Promise<void> {
    const rollups = new Map<string, RollupTarget>();
    for (const { factorCode, day } of days) {
      await this.settleDay(repo, device.id, factorCode, day);
      for (const t of rollupTargetsOf(device.id, factorCode, day, device.utcOffsetMinutes)) {
        rollups.set(`${t.factorCode}|${t.kind}|${t.from}`, t);
      }
    }
    for (const t of rollups.values()) await repo.recomputeRollup(t);
  }

  /**
   * A day value's state: its own record in force when that invalidates, validates or replaces it; else,
   * when an audit in force changed an hour under it, recomputed from the audited hours; else its own
   * approval, or nothing.
   */
  private async settleDay(repo: DataAuditRepository, deviceId: number, factorCode: string, day: number) {
    const own = (await repo.inForce(deviceId, 'day', factorCode, [day])).get(day);
    if (own && own.newState !== 'approved') {
      const value = own.newState === 'replaced' ? own.newValue : null;
      await repo.setState(deviceId, 'day', factorCode, [day], own.newState, value);
    } else if (await repo.hoursChanged(deviceId, factorCode, day, day + DAY_MS)) {
      await repo.recomputeDay({
        deviceId,
        factorCode,
        from: day,
        to: day + DAY_MS,
        minValidHours: DATA_AUDIT_LIMITS.dayMinValidHours,
      });
    } else {
      await repo.setState(deviceId, 'day', factorCode, [day], own?.newState ?? null, null);
    }
  }
}
