import { ALARM_TYPE, type Alarm } from '@envmon/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Selectable } from 'kysely';
import type { AlarmStreaksTable, AlarmsTable } from '../../db/schema.js';
import type { DomainEvents, EventBus } from '../../events/bus.js';
import type { Clock } from '../../lib/clock.js';
import type { AlarmRuleRows } from '../threshold/threshold.service.js';
import { toAlarm } from './alarm.mapper.js';
import type { AlarmDraft, AlarmRepository } from './alarm.repository.js';
import { baseFlag, breaks, isDeviceFault, RuleBook } from './alarm-rules.js';

/** Data kinds checked against thresholds: the live ones; hour and day averages are for reports. */
const CHECKED_KINDS: ReadonlySet<string> = new Set(['rtd', 'min']);
/** The alarm types a threshold raises. */
const THRESHOLD_TYPES: ReadonlySet<number> = new Set([ALARM_TYPE.threshold, ALARM_TYPE.battery, ALARM_TYPE.breaker]);
/** Events handled per transaction at most. */
const MAX_BATCH = 500;
/** The station events the engine judges: its own process's (its gateway's stations). */
const HERE = { from: 'here' } as const;

type EngineEvent =
  | { name: 'rules.changed' }
  | { name: 'alarms.elsewhere'; ids: number[] }
  | { name: 'data.received'; payload: DomainEvents['data.received'] }
  | { name: 'device.online'; payload: DomainEvents['device.online'] }
  | { name: 'device.offline'; payload: DomainEvents['device.offline'] };

/** What one observation of a condition says: broken (with what the alarm shows) or fine. */
interface Breach {
  value: number | null;
  standardValue: string | null;
  symbol: number | null;
  /** The level when no strategy names one. */
  level: number;
}

interface Subject {
  deviceId: number;
  factorCode: string | null;
  alarmType: number;
  overflowType: number;
}

/** Per condition, between alarms: exceedances in a row, and since when it has been fine. */
interface Streak {
  count: number;
  recoveringSince: number | null;
}

const keyOf = (s: Subject) => `${s.deviceId}:${s.factorCode ?? ''}:${s.alarmType}:${s.overflowType}`;
const deviceOfKey = (key: string) => Number(key.slice(0, key.indexOf(':')));

/**
 * A map by condition key that also counts its entries per device, so that a device with none — nearly every
 * device, nearly always — is known at once, without building a key per value it sends.
 */
class ByCondition<V> {
  private readonly entries = new Map<string, V>();
  private readonly perDevice = new Map<number, number>();

  get(key: string): V | undefined {
    return this.entries.get(key);
  }

  set(key: string, value: V): void {
    if (!this.entries.has(key)) {
      const device = deviceOfKey(key);
      this.perDevice.set(device, (this.perDevice.get(device) ?? 0) + 1);
    }
    this.entries.set(key, value);
  }

  delete(key: string): void {
    if (!this.entries.delete(key)) return;
    const device = deviceOfKey(key);
    const left = (this.perDevice.get(device) ?? 1) - 1;
    if (left > 0) this.perDevice.set(device, left);
    else this.perDevice.delete(device);
  }

  /** Removes every entry of the given devices. */
  deleteDevices(devices: ReadonlySet<number>): void {
    for (const key of [...this.entries.keys()]) if (devices.has(deviceOfKey(key))) this.delete(key);
  }

  clear(): void {
    this.entries.clear();
    this.perDevice.clear();
  }

  hasDevice(deviceId: number): boolean {
    return this.perDevice.has(deviceId);
  }

  values(): IterableIterator<V> {
    return this.entries.values();
  }
}

function draftOf(row: Selectable<AlarmsTable>): AlarmDraft {
  const { activeKey: _activeKey, orderStatus: _orderStatus, ...columns } = row;
  return { ...columns, active: row.active === 1, key: keyOf(row) };
}

/**
 * The alarm processor (DESIGN.md rule 9): reacts to stored values and online changes, raises,
 * updates and clears alarms, one active alarm per device × factor × type × overflow type.
 *
 * Bus handlers only queue, so ingest is never held up; one drain loop handles the queue in
 * arrival order (hence serially per device), writes each batch of changes in one transaction
 * and announces them with 'alarm.changed' after the commit. Rules and active alarms live in
 * memory: evaluating a value reads nothing from the database.
 *
 * In a cluster each gateway process runs one, judging its own stations' events ('here'): a station
 * is held by one gateway at a time, so its values are judged once and in order. Streaks are stored
 * with the alarms, and a station that comes online here has its alarms and streaks read afresh, so
 * a station that moved from another gateway (or a restart) carries on where it was; alarms other
 * processes changed are read again as they are announced.
 */
export class AlarmEngine {
  private rules = new RuleBook({ thresholds: [], strategies: [] });
  private readonly active = new ByCondition<AlarmDraft>();
  private readonly streaks = new ByCondition<Streak>();
  /** Streaks changed by the batch under way, to store with its alarms; null ends one. */
  private readonly streakChanges = new Map<string, AlarmStreaksTable | null>();
  private readonly queue: EngineEvent[] = [];
  private draining: Promise<void> | null = null;
  private unsubscribe: (() => void)[] = [];

  constructor(
    private readonly repo: AlarmRepository,
    private readonly loadRules: () => Promise<AlarmRuleRows>,
    private readonly bus: EventBus,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(): Promise<void> {
    await this.reload();
    await this.loadActive();
    this.unsubscribe = [
      this.bus.subscribe('data.received', (payload) => this.enqueue({ name: 'data.received', payload }), HERE),
      this.bus.subscribe('device.online', (payload) => this.enqueue({ name: 'device.online', payload }), HERE),
      this.bus.subscribe('device.offline', (payload) => this.enqueue({ name: 'device.offline', payload }), HERE),
      this.bus.subscribe(
        'alarm.changed',
        ({ alarms }) => this.enqueue({ name: 'alarms.elsewhere', ids: alarms.map((a) => a.id) }),
        { from: 'elsewhere' },
      ),
    ];
  }

  /** Stops listening and finishes what is queued. */
  async close(): Promise<void> {
    for (const off of this.unsubscribe) off();
    this.unsubscribe = [];
    await this.idle();
  }

  /**
   * Re-reads thresholds and strategies (after their routes changed them). The alarms of a
   * threshold that is gone or disabled are then cleared: no value will ever clear them otherwise.
   */
  async reload(): Promise<void> {
    this.rules = new RuleBook(await this.loadRules());
    if (this.unsubscribe.length > 0) this.enqueue({ name: 'rules.changed' });
  }

  /** Resolves once the queue is empty. */
  async idle(): Promise<void> {
    while (this.draining) await this.draining;
  }

  private enqueue(event: EngineEvent): void {
    this.queue.push(event);
    this.draining ??= this.drain();
  }

  private async drain(): Promise<void> {
    // Let the publisher's other events of this tick join the batch.
    await Promise.resolve();
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, MAX_BATCH);
        try {
          await this.process(batch);
        } catch (err) {
          this.log.error({ err }, 'alarm batch failed; active alarms re-read');
          await this.loadActive().catch((e: unknown) => this.log.error({ err: e }, 'active alarms not re-read'));
        }
      }
    } finally {
      this.draining = null;
    }
  }

  private async loadActive(): Promise<void> {
    this.active.clear();
    this.streaks.clear();
    this.streakChanges.clear();
    await this.load();
  }

  /** Reads the active alarms and streaks of some devices (all when absent) into memory. */
  private async load(deviceIds?: readonly number[]): Promise<void> {
    for (const row of await this.repo.active(deviceIds)) {
      const draft = draftOf(row);
      this.active.set(draft.key, draft);
    }
    for (const { subjectKey, count, recoveringSince } of await this.repo.streaks(deviceIds)) {
      this.streaks.set(subjectKey, { count, recoveringSince });
    }
  }

  /**
   * Before a batch is judged: the devices that came online here are read afresh (they may come from
   * another gateway), and the alarms other processes changed are taken as stored.
   */
  private async refresh(batch: readonly EngineEvent[]): Promise<void> {
    const online = new Set(batch.flatMap((e) => (e.name === 'device.online' ? [e.payload.deviceId] : [])));
    if (online.size > 0) {
      this.active.deleteDevices(online);
      this.streaks.deleteDevices(online);
      await this.load([...online]);
    }
    const ids = batch.flatMap((e) => (e.name === 'alarms.elsewhere' ? e.ids : []));
    if (ids.length === 0) return;
    for (const row of await this.repo.rows(ids)) {
      const draft = draftOf(row);
      if (draft.active) this.active.set(draft.key, draft);
      else if (this.active.get(draft.key)?.id === draft.id) this.active.delete(draft.key);
    }
  }

  private async process(batch: readonly EngineEvent[]): Promise<void> {
    await this.refresh(batch);
    const changed = new Set<AlarmDraft>();
    const now = this.clock.now();
    for (const event of batch) {
      switch (event.name) {
        case 'rules.changed':
          this.clearOrphans(now, changed);
          break;
        case 'alarms.elsewhere':
          break;
        case 'data.received':
          this.onData(event.payload, now, changed);
          break;
        case 'device.online':
          this.observe(this.offlineOf(event.payload.deviceId), null, now, changed);
          break;
        case 'device.offline':
          this.observe(
            this.offlineOf(event.payload.deviceId),
            { value: null, standardValue: null, symbol: null, level: 1 },
            now,
            changed,
          );
          break;
      }
    }
    if (changed.size === 0 && this.streakChanges.size === 0) return;
    const drafts = [...changed];
    const streaks = new Map(this.streakChanges);
    this.streakChanges.clear();
    // What another engine already cleared is neither written again nor announced twice.
    const alarms: Alarm[] = (await this.repo.byIds(await this.repo.write(drafts, streaks))).map(toAlarm);
    if (alarms.length > 0) this.bus.publish('alarm.changed', { alarms });
  }

  /** Ends the active alarms raised by thresholds that no longer exist or are disabled. */
  private clearOrphans(now: number, changed: Set<AlarmDraft>): void {
    for (const alarm of this.active.values()) {
      if (alarm.factorCode === null || !THRESHOLD_TYPES.has(alarm.alarmType)) continue;
      const rule = this.rules
        .thresholdsOf(alarm.deviceId, alarm.factorCode)
        .find((r) => r.overflowType === alarm.overflowType && r.alarmType === alarm.alarmType);
      if (!rule?.enabled) this.clear(alarm, now, changed);
    }
  }

  private clear(alarm: AlarmDraft, now: number, changed: Set<AlarmDraft>): void {
    alarm.active = false;
    alarm.endDate = now;
    this.active.delete(alarm.key);
    this.setStreak(alarm, null);
    changed.add(alarm);
  }

  /** Changes a condition's streak in memory and marks it for storing with the batch. */
  private setStreak(subject: Subject, streak: Streak | null): void {
    const key = keyOf(subject);
    const current = this.streaks.get(key);
    if (current?.count === streak?.count && current?.recoveringSince === streak?.recoveringSince) return;
    if (streak) this.streaks.set(key, streak);
    else this.streaks.delete(key);
    this.streakChanges.set(key, streak && { subjectKey: key, deviceId: subject.deviceId, ...streak });
  }

  private offlineOf(deviceId: number): Subject {
    return { deviceId, factorCode: null, alarmType: ALARM_TYPE.offline, overflowType: 0 };
  }

  /** True when no condition of the device is alarmed or counting: a value within its limits changes nothing. */
  private quiet(deviceId: number): boolean {
    return !this.active.hasDevice(deviceId) && !this.streaks.hasDevice(deviceId);
  }

  private onData(event: DomainEvents['data.received'], now: number, changed: Set<AlarmDraft>): void {
    const { deviceId } = event;
    // Data from the device is a sign of life for its offline alarm.
    if (!this.quiet(deviceId)) this.observe(this.offlineOf(deviceId), null, now, changed);
    if (!CHECKED_KINDS.has(event.kind)) return;
    // The quiet checks skip only observations that would return at once (no breach, nothing active, no
    // streak): no subject or key is built for the values of a device with nothing going on. Indexed loops: an
    // iterator's result objects would be allocated per value until the function is optimised.
    const { values } = event;
    for (let i = 0; i < values.length; i++) {
      const v = values[i] as (typeof values)[number];
      const rules = this.rules.thresholdsOf(deviceId, v.factorCode);
      for (let r = 0; r < rules.length; r++) {
        const rule = rules[r] as (typeof rules)[number];
        if (v.value === null) continue;
        const broken = rule.enabled && breaks(rule.operator, v.value, rule.limit1, rule.limit2);
        if (!broken && this.quiet(deviceId)) continue;
        const subject = {
          deviceId,
          factorCode: v.factorCode,
          alarmType: rule.alarmType,
          overflowType: rule.overflowType,
        };
        const breach = broken
          ? { value: v.value, standardValue: rule.standardValue, symbol: rule.operator, level: rule.alarmLevel }
          : null;
        this.observe(subject, breach, now, changed);
      }
      const flag = baseFlag(v.flag);
      const fault = isDeviceFault(flag);
      if (!fault && (flag !== 'N' || this.quiet(deviceId))) continue;
      const subject = { deviceId, factorCode: v.factorCode, alarmType: ALARM_TYPE.device, overflowType: 0 };
      // The faulty flag is what the operator needs to see, so it stands where a standard would.
      this.observe(
        subject,
        fault ? { value: v.value, standardValue: flag, symbol: null, level: 1 } : null,
        now,
        changed,
      );
    }
  }

  /**
   * One observation of a condition. A breach counts towards the strategy's consecutive count and
   * raises (or re-triggers) the alarm; a recovery must hold for the strategy's recovery time
   * before the alarm clears. A type the strategy disables raises nothing, but still clears.
   */
  private observe(subject: Subject, breach: Breach | null, now: number, changed: Set<AlarmDraft>): void {
    const key = keyOf(subject);
    const alarm = this.active.get(key);
    const streak = this.streaks.get(key);
    // The common case, kept cheap: fine, and nothing going on.
    if (breach === null && alarm === undefined && streak === undefined) return;
    const strategy = this.rules.strategyOf(subject.deviceId, subject.alarmType);

    if (breach === null) {
      if (!alarm) {
        this.setStreak(subject, null);
        return;
      }
      const since = streak?.recoveringSince ?? now;
      if (now - since >= strategy.recoveryMs) {
        this.clear(alarm, now, changed);
      } else {
        this.setStreak(subject, { count: 0, recoveringSince: since });
      }
      return;
    }

    if (!strategy.enabled) return;
    const level = strategy.alarmLevel ?? breach.level;
    if (alarm) {
      alarm.alarmValue = breach.value;
      alarm.standardValue = breach.standardValue;
      alarm.symbol = breach.symbol;
      alarm.alarmLevel = level;
      alarm.lastDate = now;
      alarm.count += 1;
      this.setStreak(subject, null);
      changed.add(alarm);
      return;
    }
    const count = (streak?.count ?? 0) + 1;
    if (count < strategy.consecutiveCount) {
      this.setStreak(subject, { count, recoveringSince: null });
      return;
    }
    this.setStreak(subject, null);
    const raised: AlarmDraft = {
      ...subject,
      alarmLevel: level,
      alarmValue: breach.value,
      standardValue: breach.standardValue,
      symbol: breach.symbol,
      beginDate: now,
      lastDate: now,
      endDate: null,
      count,
      active: true,
      key,
    };
    this.active.set(key, raised);
    changed.add(raised);
  }
}
