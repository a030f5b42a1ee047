import { ALARM_TYPE, type Alarm, WORK_ORDER_STATUS } from '@envmon/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Leadership } from '../../cluster/leadership.js';
import type { EventBus } from '../../events/bus.js';
import type { Clock } from '../../lib/clock.js';
import { isSuccess, maskWebhookUrl, type WebhookClient, type WebhookMessage } from './webhook.js';
import type { NotifierSettings } from './wx-alarm.mapper.js';
import { mentions } from './wx-alarm.service.js';
import { digestText, raisedText, reminderText } from './wx-alarm.text.js';

export interface WxAlarmNotifierOptions {
  bus: EventBus;
  clock: Clock;
  webhook: WebhookClient;
  log: FastifyBaseLogger;
  settings: () => Promise<NotifierSettings>;
  /** The alarm strategy's repeat-reminder interval of a device × alarm type; 0 for none. */
  repeatMinutes: (deviceId: number, alarmType: number) => Promise<number>;
  /** How often due reminders and digests are looked for (real time; due times follow the clock). */
  tickMs: number;
  /** Messages waiting beyond this are dropped, oldest first (a dead webhook must not grow memory). */
  queueMax: number;
  /**
   * In a cluster every process hears every 'alarm.changed' and follows it, but only the leader sends.
   * Absent: this process is the cluster and always sends.
   */
  leadership?: Leadership;
  /**
   * In a cluster: where the leader learns of raised alarms, so that one raised while no process leads (an
   * election, the leader restarting) is still announced by the next leader — the durable JetStream
   * consumer (events/alarm-stream.ts consumeWhileLeader). Called on start with the notifier's handler;
   * returns the stop function. The bus still drives reminders and offline digest windows on every
   * process. Absent: raises are announced from the bus.
   */
  raisedFeed?: (onAlarms: (alarms: readonly Alarm[]) => void) => () => Promise<void>;
}

/** An active, pending alarm the notifier follows for reminders. */
interface Tracked {
  alarm: Alarm;
  /** When the next reminder is due; null for none (no interval, or no longer pending). */
  remindAt: number | null;
  intervalMs: number;
}

/** Alarm ids whose raise needs no more announcing, kept for the last this many (a feed's redeliveries are recent). */
const RAISE_SETTLED_MAX = 10_000;

const isPending = (alarm: Alarm) => alarm.active && alarm.workOrder.orderStatus === WORK_ORDER_STATUS.pending;

/**
 * Sends alarms to the WeChat webhook (a processor on 'alarm.changed'): one message when an alarm
 * that matches the settings is raised, never for its updates; a reminder every repeat interval of
 * its strategy while it stays active and pending; offline alarms wait one digest window, and when
 * digestCount or more were raised in it they go out as one digest. In a cluster each process keeps
 * this state, and only the elected leader sends; given a raised feed, the leader announces raises from
 * that durable feed, so none is lost to an election.
 */
export class WxAlarmNotifier {
  private settings: NotifierSettings | null = null;
  private readonly tracked = new Map<number, Tracked>();
  private offline: { since: number; alarms: Alarm[] } | null = null;
  private readonly queue: WebhookMessage[] = [];
  private draining: Promise<void> | null = null;
  private readonly closing = new AbortController();
  private unsubscribe: (() => void) | null = null;
  private unlisten: (() => void) | null = null;
  private timer: NodeJS.Timeout | null = null;
  private stopFeed: (() => Promise<void>) | null = null;
  /** With a raised feed: alarms announced, or seen cleared, so that a redelivered or late raise is not sent. */
  private readonly raiseSettled = new Set<number>();

  constructor(private readonly options: WxAlarmNotifierOptions) {}

  async start(): Promise<void> {
    await this.reload();
    this.unsubscribe = this.options.bus.subscribe('alarm.changed', ({ alarms }) => this.onChanged(alarms));
    // A settings edit reloads only the process that served it: a new leader reads them afresh.
    this.unlisten =
      this.options.leadership?.onChange((leader) => {
        if (!leader) return;
        this.reload().catch((err: unknown) =>
          this.options.log.warn({ err }, 'could not re-read the WeChat alarm settings on election'),
        );
      }) ?? null;
    this.timer = setInterval(() => this.tick(), this.options.tickMs);
    this.timer.unref();
    this.stopFeed = this.options.raisedFeed?.((alarms) => this.onRaised(alarms)) ?? null;
  }

  /** Re-reads the settings; switching off forgets every follow-up. */
  async reload(): Promise<void> {
    this.settings = await this.options.settings();
    if (!this.settings.enabled) {
      this.tracked.clear();
      this.offline = null;
    }
  }

  /** Stops listening, drops what waits and aborts the message in flight. */
  async close(): Promise<void> {
    const feedStopped = this.stopFeed?.();
    this.unsubscribe?.();
    this.unlisten?.();
    if (this.timer) clearInterval(this.timer);
    this.queue.length = 0;
    this.closing.abort();
    await Promise.all([feedStopped, this.draining]);
  }

  private onChanged(alarms: readonly Alarm[]): void {
    const settings = this.settings;
    if (!settings?.enabled || settings.webhookUrl === null) return;
    for (const alarm of alarms) {
      const tracked = this.tracked.get(alarm.id);
      if (!alarm.active) {
        this.tracked.delete(alarm.id);
        if (this.options.raisedFeed) this.settleRaise(alarm.id);
      } else if (tracked) {
        tracked.alarm = alarm;
        if (!isPending(alarm)) tracked.remindAt = null;
      } else if (isPending(alarm) && matches(settings, alarm)) {
        this.follow(alarm);
        // An update of an alarm raised before this process started (or before the settings
        // matched) is followed for reminders, but its raise is not announced late. With a raised feed
        // the leader announces raises from there; offline ones still gather in this process's window.
        const fromFeed = this.options.raisedFeed && alarm.alarmType !== ALARM_TYPE.offline;
        if (alarm.beginDate === alarm.lastDate && !fromFeed) this.announce(settings, alarm);
      }
    }
  }

  /** The raised feed's events (on the leader): each raise that matches the settings, once. */
  private onRaised(alarms: readonly Alarm[]): void {
    const settings = this.settings;
    if (!settings?.enabled || settings.webhookUrl === null) return;
    for (const alarm of alarms) {
      if (alarm.alarmType === ALARM_TYPE.offline || alarm.beginDate !== alarm.lastDate) continue;
      if (!isPending(alarm) || !matches(settings, alarm) || this.raiseSettled.has(alarm.id)) continue;
      this.settleRaise(alarm.id);
      this.enqueue(settings, raisedText(settings.language, alarm));
    }
  }

  private settleRaise(alarmId: number): void {
    this.raiseSettled.add(alarmId);
    if (this.raiseSettled.size <= RAISE_SETTLED_MAX) return;
    const [oldest] = this.raiseSettled;
    if (oldest !== undefined) this.raiseSettled.delete(oldest);
  }

  private announce(settings: NotifierSettings, alarm: Alarm): void {
    if (alarm.alarmType !== ALARM_TYPE.offline) {
      this.enqueue(settings, raisedText(settings.language, alarm));
      return;
    }
    this.offline ??= { since: this.options.clock.now(), alarms: [] };
    this.offline.alarms.push(alarm);
  }

  private follow(alarm: Alarm): void {
    const entry: Tracked = { alarm, remindAt: null, intervalMs: 0 };
    this.tracked.set(alarm.id, entry);
    this.options.repeatMinutes(alarm.deviceId, alarm.alarmType).then(
      (minutes) => {
        if (minutes <= 0 || this.tracked.get(alarm.id) !== entry || !isPending(entry.alarm)) return;
        entry.intervalMs = minutes * 60_000;
        entry.remindAt = entry.alarm.beginDate + entry.intervalMs;
      },
      (err: unknown) =>
        this.options.log.warn({ err, alarmId: alarm.id }, 'could not read the repeat-reminder interval'),
    );
  }

  private tick(): void {
    const settings = this.settings;
    if (!settings?.enabled) return;
    const now = this.options.clock.now();
    if (this.offline && now >= this.offline.since + settings.digestWindowSeconds * 1000) {
      const { alarms } = this.offline;
      this.offline = null;
      if (alarms.length >= settings.digestCount) {
        this.enqueue(settings, digestText(settings.language, alarms, settings.digestWindowSeconds));
      } else {
        for (const alarm of alarms) this.enqueue(settings, raisedText(settings.language, alarm));
      }
    }
    for (const entry of this.tracked.values()) {
      if (entry.remindAt === null || now < entry.remindAt) continue;
      this.enqueue(settings, reminderText(settings.language, entry.alarm, now));
      // From now, not from the missed due time: a stalled process sends one reminder, not a burst.
      entry.remindAt = now + entry.intervalMs;
    }
  }

  /**
   * A follower drops what it would have sent, after advancing its reminder due times and digest window
   * as the leader did: on failover the new leader carries on from there, without a burst of stale
   * reminders. Messages queued while leader still go out: the others dropped them.
   */
  private enqueue(settings: NotifierSettings, content: string): void {
    if (this.closing.signal.aborted) return;
    if (this.options.leadership && !this.options.leadership.isLeader()) return;
    if (this.queue.length >= this.options.queueMax) {
      this.queue.shift();
      this.options.log.warn({ queueMax: this.options.queueMax }, 'WeChat alarm queue full; dropped the oldest message');
    }
    this.queue.push({ msgtype: 'text', text: { content, ...mentions(settings) } });
    this.draining ??= this.drain().finally(() => {
      this.draining = null;
    });
  }

  /** One message at a time, in order. */
  private async drain(): Promise<void> {
    for (let message = this.queue.shift(); message; message = this.queue.shift()) {
      const url = this.settings?.webhookUrl;
      if (!url) return;
      try {
        const reply = await this.options.webhook.post(url, message, this.closing.signal);
        if (!isSuccess(reply)) {
          this.options.log.warn(
            { webhook: maskWebhookUrl(url), ...reply },
            'the WeChat alarm webhook refused a message',
          );
        }
      } catch (err) {
        if (this.closing.signal.aborted) return;
        this.options.log.warn(
          { webhook: maskWebhookUrl(url), reason: rootCause(err) },
          'could not reach the WeChat alarm webhook',
        );
      }
    }
  }
}

/** The settings' alarm types, at or above their lowest level (1 is the most severe). */
function matches(settings: NotifierSettings, alarm: Alarm): boolean {
  return settings.alarmTypes.includes(alarm.alarmType) && alarm.alarmLevel <= settings.lowestLevel;
}

/** The innermost error's message (fetch's 'fetch failed' wraps the socket error that says why). */
function rootCause(err: unknown): string {
  let current = err;
  while (current instanceof Error && current.cause instanceof Error) current = current.cause;
  return current instanceof Error ? current.message : String(current);
}
