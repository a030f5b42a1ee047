import { ALARM_TYPE, type Alarm } from '@envmon/shared';
import type { FastifyBaseLogger } from 'fastify';
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

type EngineEvent =
  | { name: 'rules.changed' }
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

/**
 * The alarm processor (DESIGN.md rule 9): reacts to stored values and online changes, raises,
 * updates and clears alarms, one active alarm per device × factor × type × overflow type.
 *
 * Bus handlers only queue, so ingest is never held up; one drain loop handles the queue in
 * arrival order (hence serially per device), writes each batch of changes in one transaction
 * and announces them with 'alarm.changed' after the commit. Rules and active alarms live in
 * memory: evaluating a value reads nothing from the database.
 */
export class AlarmEngine {
  private rules = new RuleBook({ thresholds: [], strategies: [] });
  private readonly active = new Map<string, AlarmDraft>();
  private readonly streaks = new Map<string, Streak>();
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
      this.bus.subscribe('data.received', (payload) => this.enqueue({ name: 'data.received', payload })),
      this.bus.subscribe('device.online', (payload) => this.enqueue({ name: 'device.online', payload })),
      this.bus.subscribe('device.offline', (payload) => this.enqueue({ name: 'device.offline', payload })),
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
    for (const row of await this.repo.active()) {
      const draft: AlarmDraft = {
        id: row.id,
        deviceId: row.deviceId,
        factorCode: row.factorCode,
        alarmType: row.alarmType,
        overflowType: row.overflowType,
        alarmLevel: row.alarmLevel,
        alarmValue: row.alarmValue,
        standardValue: row.standardValue,
        symbol: row.symbol,
        beginDate: row.beginDate,
        lastDate: row.lastDate,
        endDate: row.endDate,
        count: row.count,
        active: true,
        key: keyOf(row),
      };
      this.active.set(draft.key, draft);
    }
  }

  private async process(batch: readonly EngineEvent[]): Promise<void> {
    const changed = new Set<AlarmDraft>();
    const now = this.clock.now();
    for (const event of batch) {
      switch (event.name) {
        case 'rules.changed':
          this.clearOrphans(now, changed);
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
    if (changed.size === 0) return;
    const drafts = [...changed];
    await this.repo.write(drafts);
    const alarms: Alarm[] = (await this.repo.byIds(drafts.flatMap((d) => (d.id === undefined ? [] : [d.id])))).map(
      toAlarm,
    );
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
    this.streaks.delete(alarm.key);
    changed.add(alarm);
  }

  private offlineOf(deviceId: number): Subject {
    return { deviceId, factorCode: null, alarmType: ALARM_TYPE.offline, overflowType: 0 };
  }

  private onData(event: DomainEvents['data.received'], now: number, changed: Set<AlarmDraft>): void {
    const { deviceId } = event;
    // Data from the device is a sign of life for its offline alarm.
    this.observe(this.offlineOf(deviceId), null, now, changed);
    if (!CHECKED_KINDS.has(event.kind)) return;
    for (const v of event.values) {
      for (const rule of this.rules.thresholdsOf(deviceId, v.factorCode)) {
        if (v.value === null) continue;
        const subject = {
          deviceId,
          factorCode: v.factorCode,
          alarmType: rule.alarmType,
          overflowType: rule.overflowType,
        };
        const broken = rule.enabled && breaks(rule.operator, v.value, rule.limit1, rule.limit2);
        const breach = broken
          ? { value: v.value, standardValue: rule.standardValue, symbol: rule.operator, level: rule.alarmLevel }
          : null;
        this.observe(subject, breach, now, changed);
      }
      const flag = baseFlag(v.flag);
      const subject = { deviceId, factorCode: v.factorCode, alarmType: ALARM_TYPE.device, overflowType: 0 };
      // The faulty flag is what the operator needs to see, so it stands where a standard would.
      if (isDeviceFault(flag)) {
        this.observe(subject, { value: v.value, standardValue: flag, symbol: null, level: 1 }, now, changed);
      } else if (flag === 'N') {
        this.observe(subject, null, now, changed);
      }
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
        this.streaks.delete(key);
        return;
      }
      const since = streak?.recoveringSince ?? now;
      if (now - since >= strategy.recoveryMs) {
        this.clear(alarm, now, changed);
      } else {
        this.streaks.set(key, { count: 0, recoveringSince: since });
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
      this.streaks.delete(key);
      changed.add(alarm);
      return;
    }
    const count = (streak?.count ?? 0) + 1;
    if (count < strategy.consecutiveCount) {
      this.streaks.set(key, { count, recoveringSince: null });
      return;
    }
    this.streaks.delete(key);
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
