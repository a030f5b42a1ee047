import {
  MINUTE_MS,
  type OutlierApplication,
  type OutlierApplicationListQuery,
  type OutlierApply,
  type OutlierInterval,
  type OutlierIntervalListQuery,
  type OutlierIntervalUpdate,
  type OutlierRule,
  outlierFlag,
  type Page,
  pickOutlierRule,
  stationMonth,
} from '@envmon/shared';
import type { Clock } from '../../lib/clock.js';
import { DomainError, forbidden } from '../../lib/errors.js';
import type { Actor } from '../session/permission.js';
import { type ScopeReader, scopeOf } from '../device/device-scope.js';
import { applicationDeviceIds, toOutlierApplication, toOutlierInterval } from './outlier-interval.mapper.js';
import type { OutlierIntervalRepository, QualityChange } from './outlier-interval.repository.js';

/** The caller of a write: who (recorded) and what they may reach. */
export type OutlierCaller = Pick<Actor, 'userId' | 'userName'> & ScopeReader;

/** Values re-judged per read: a chunk's changes are written before the next is read. */
const CHUNK = 5000;

/**
 * A user bound to some devices works on those only: neither the factors' intervals, which hold for every station,
 * nor another user's applications are theirs.
 */
const restricted = (caller: ScopeReader) => caller.hasBoundDevices && !caller.isAdmin;

/** Two intervals of one level collide when both hold all year, or they share a month. */
function overlaps(a: readonly number[], b: readonly number[]): boolean {
  if (a.length === 0 || b.length === 0) return a.length === 0 && b.length === 0;
  return a.some((m) => b.includes(m));
}

/** The month and year (station calendar) holding a day value, as ingest keeps them. */
function rollupsOf(dayStart: number, offsetMinutes: number) {
  const offset = offsetMinutes * MINUTE_MS;
  const local = new Date(dayStart + offset);
  const y = local.getUTCFullYear();
  const m = local.getUTCMonth();
  return [
    { kind: 'month' as const, from: Date.UTC(y, m, 1) - offset, to: Date.UTC(y, m + 1, 1) - offset },
    { kind: 'year' as const, from: Date.UTC(y, 0, 1) - offset, to: Date.UTC(y + 1, 0, 1) - offset },
  ];
}

/**
 * Water station › outlier interval: the intervals (ingest judges values with them: the quality catalogue reloads
 * after each change, in every process) and their re-application to stored values.
 */
export class OutlierIntervalService {
  constructor(
    private readonly repo: OutlierIntervalRepository,
    private readonly clock: Clock,
    /** Tells every ingest pipeline to re-read the intervals. */
    private readonly changed: () => Promise<void>,
  ) {}

  async list(query: OutlierIntervalListQuery, reader: ScopeReader): Promise<Page<OutlierInterval>> {
    const { rows, total } = await this.repo.list(query, scopeOf(query, reader));
    return { list: rows.map(toOutlierInterval), total, pageNum: query.pageNum, pageSize: query.pageSize };
  }

  /** Adds (no id) or edits an interval. */
  async save({ id, ...input }: OutlierIntervalUpdate, caller: OutlierCaller): Promise<OutlierInterval> {
    if (id !== undefined) await this.writable(id, caller);
    await this.mayWrite(input.deviceId, caller);
    if (!(await this.repo.factorExists(input.factorCode))) throw new DomainError('notFound');
    const siblings = await this.repo.siblingMonths(input.deviceId, input.factorCode, id ?? null);
    if (siblings.some((months) => overlaps(months, input.months))) throw new DomainError('outlierIntervalOverlap');
    const now = this.clock.now();
    let saved = id;
    if (saved === undefined) saved = await this.repo.insert(input, caller.userName, now);
    else await this.repo.update(saved, input, caller.userName, now);
    await this.changed();
    return this.get(saved);
  }

  async remove(id: number, caller: OutlierCaller): Promise<void> {
    await this.writable(id, caller);
    await this.repo.delete(id);
    await this.changed();
  }

  /**
   * Re-judges the stored values of the devices, factors and kinds in the range with the intervals as they are now,
   * as ingest would judge them: only values whose platform flag the intervals decide (N, WN, ABN) — the platform's
   * own rules' flags (SH1–SH5) stay. The month and year of a changed day value are recomputed (a day counts only
   * with flag N). Recorded with how many values were re-judged and how many changed.
   */
  async apply(input: OutlierApply, caller: OutlierCaller): Promise<OutlierApplication> {
    const scope = scopeOf({ projectId: input.projectId }, caller);
    const devices = await this.repo.devices(input.deviceIds, scope);
    if (devices.length < new Set(input.deviceIds).size) throw new DomainError('notFound');
    const byFactor = new Map<string, OutlierRule[]>();
    for (const rule of await this.repo.rules()) {
      byFactor.set(rule.factorCode, [...(byFactor.get(rule.factorCode) ?? []), rule]);
    }
    const range = { from: input.beginTime, to: input.endTime };
    let examined = 0;
    let changed = 0;
    for (const device of devices) {
      const rollups = new Map<string, { factorCode: string; kind: 'month' | 'year'; from: number; to: number }>();
      for (const kind of input.kinds) {
        let after: { dataTime: number; factorCode: string } | null = null;
        for (;;) {
          const values = await this.repo.judgedValues(device.id, kind, range, input.factorCodes, after, CHUNK);
          examined += values.length;
          const changes: QualityChange[] = [];
          for (const v of values) {
            const month = stationMonth(v.dataTime, device.utcOffsetMinutes);
            const rule = pickOutlierRule(byFactor.get(v.factorCode) ?? [], device.id, v.factorCode, month);
            const quality = outlierFlag(v.value, rule);
            if (quality === v.quality) continue;
            changes.push({ factorCode: v.factorCode, dataTime: v.dataTime, quality });
            if (kind === 'day') {
              for (const r of rollupsOf(v.dataTime, device.utcOffsetMinutes)) {
                rollups.set(`${v.factorCode}|${r.kind}|${r.from}`, { factorCode: v.factorCode, ...r });
              }
            }
          }
          await this.repo.setQualities(device.id, kind, changes);
          changed += changes.length;
          const last = values.at(-1);
          if (!last || values.length < CHUNK) break;
          after = { dataTime: last.dataTime, factorCode: last.factorCode };
        }
      }
      for (const r of rollups.values()) await this.repo.recomputeRollup(device.id, r.factorCode, r.kind, r.from, r.to);
    }
    const row = await this.repo.insertApplication({
      userId: caller.userId,
      userName: caller.userName,
      createTime: this.clock.now(),
      deviceIds: JSON.stringify([...new Set(input.deviceIds)]),
      factorCodes: JSON.stringify(input.factorCodes),
      kinds: JSON.stringify(input.kinds),
      beginTime: input.beginTime,
      endTime: input.endTime,
      examined,
      changed,
    });
    return toOutlierApplication(row, await this.repo.deviceNames(applicationDeviceIds(row)));
  }

  /** The applications, newest first: a user bound to devices sees their own. */
  async applications(query: OutlierApplicationListQuery, caller: OutlierCaller): Promise<Page<OutlierApplication>> {
    const { rows, total } = await this.repo.applications(query, restricted(caller) ? caller.userId : null);
    const names = await this.repo.deviceNames([...new Set(rows.flatMap(applicationDeviceIds))]);
    return {
      list: rows.map((row) => toOutlierApplication(row, names)),
      total,
      pageNum: query.pageNum,
      pageSize: query.pageSize,
    };
  }

  private async get(id: number): Promise<OutlierInterval> {
    const row = await this.repo.find(id);
    if (!row) throw new DomainError('notFound');
    return toOutlierInterval(row);
  }

  /** An existing interval the caller may change. */
  private async writable(id: number, caller: OutlierCaller): Promise<void> {
    const row = await this.repo.find(id);
    if (!row) throw new DomainError('notFound');
    await this.mayWrite(row.deviceId, caller);
  }

  /** A station's interval needs the station in the caller's scope; a factor's an unrestricted caller. */
  private async mayWrite(deviceId: number | null, caller: OutlierCaller): Promise<void> {
    if (deviceId === null) {
      if (restricted(caller)) throw forbidden();
      return;
    }
    const [device] = await this.repo.devices([deviceId], scopeOf({}, caller));
    if (!device) throw new DomainError('notFound');
  }
}
