import { ALARM_TYPE, type Alarm } from '@envmon/shared';
import type { FastifyBaseLogger } from 'fastify';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { ManualLeadership } from '../../cluster/leadership.test-support.js';
import { InProcessEventBus } from '../../events/bus.js';
import { ManualClock } from '../../lib/clock.js';
import type { WebhookClient, WebhookMessage } from './webhook.js';
import type { NotifierSettings } from './wx-alarm.mapper.js';
import { WxAlarmNotifier } from './wx-alarm.notifier.js';
import { sampleAlarm } from '../alarm/alarm-sample.test-support.js';

const TICK_MS = 10;
/** Many ticks: long enough for anything due to have been sent. */
const QUIET_MS = 150;
const POLL = { timeout: 2000, interval: 10 };
const REPEAT_MINUTES = 10;

const SETTINGS: NotifierSettings = {
  enabled: true,
  webhookUrl: 'http://127.0.0.1:1/cgi-bin/webhook/send?key=TEST',
  alarmTypes: [ALARM_TYPE.threshold, ALARM_TYPE.offline],
  lowestLevel: 2,
  mentionedUserIds: [],
  mentionedMobiles: [],
  digestCount: 3,
  digestWindowSeconds: 60,
  language: 'zh-CN',
};

/** Two processes of a cluster: one bus that fans out to both, one clock, one leadership each. */
function cluster() {
  const bus = new InProcessEventBus((_name, err) => {
    throw err;
  });
  const clock = new ManualClock();
  const log = { warn: () => undefined } as unknown as FastifyBaseLogger;
  const sent: Array<{ node: string; content: string }> = [];
  /** What the database holds; each notifier reads it on start and on reload. */
  const stored = { ...SETTINGS };
  /**
   * The durable feed of raises, as the JetStream consumer serves it: each event goes to the handler of the
   * process that leads when it is read; read while no one leads, it waits for the next leader.
   */
  const feed = {
    readers: new Map<ManualLeadership, (alarms: readonly Alarm[]) => void>(),
    waiting: [] as Alarm[][],
    deliver(alarms: Alarm[]) {
      this.waiting.push(alarms);
      this.read();
    },
    read() {
      const leader = [...this.readers].find(([leadership]) => leadership.isLeader())?.[1];
      if (leader) for (const alarms of this.waiting.splice(0)) leader(alarms);
    },
  };
  const node = (name: string, leader: boolean, { withFeed = false } = {}) => {
    const leadership = new ManualLeadership(leader);
    const webhook: WebhookClient = {
      post(_url: string, message: WebhookMessage) {
        sent.push({ node: name, content: message.text.content });
        return Promise.resolve({ httpStatus: 200, errcode: 0, errmsg: 'ok' });
      },
    };
    const notifier = new WxAlarmNotifier({
      bus,
      clock,
      webhook,
      log,
      settings: () => Promise.resolve({ ...stored }),
      repeatMinutes: () => Promise.resolve(REPEAT_MINUTES),
      tickMs: TICK_MS,
      queueMax: 100,
      leadership,
      ...(withFeed
        ? {
            raisedFeed: (onAlarms: (alarms: readonly Alarm[]) => void) => {
              feed.readers.set(leadership, onAlarms);
              const unlisten = leadership.onChange(() => feed.read());
              feed.read();
              return () => {
                unlisten();
                feed.readers.delete(leadership);
                return Promise.resolve();
              };
            },
          }
        : {}),
    });
    notifiers.push(notifier);
    return { notifier, leadership };
  };
  let nextId = 0;
  const alarm = (overrides: Partial<Alarm> = {}): Alarm => sampleAlarm((nextId += 1), clock.now(), overrides);
  const publish = (...alarms: Alarm[]) => bus.publish('alarm.changed', { alarms });
  /** Waits for `count` messages in all since `from`, lets a quiet spell pass, and returns all since `from`. */
  const settled = async (from: number, count: number) => {
    await expect.poll(() => sent.length - from, POLL).toBeGreaterThanOrEqual(count);
    await sleep(QUIET_MS);
    return sent.slice(from);
  };
  return { clock, sent, stored, node, alarm, publish, settled, feed };
}

const notifiers: WxAlarmNotifier[] = [];
afterEach(async () => {
  await Promise.all(notifiers.splice(0).map((n) => n.close()));
});

describe('WxAlarmNotifier in a cluster', () => {
  it('sends each raised alarm once, from the leader only', async () => {
    const c = cluster();
    const a = c.node('a', true);
    const b = c.node('b', false);
    await Promise.all([a.notifier.start(), b.notifier.start()]);

    c.publish(c.alarm(), c.alarm());
    const sent = await c.settled(0, 2);
    expect(sent.map((s) => s.node)).toEqual(['a', 'a']);
    expect(sent.map((s) => /ST-\d+/.exec(s.content)?.[0])).toEqual(['ST-1', 'ST-2']);
    expect(sent.every((s) => s.content.includes('【告警】'))).toBe(true);
  });

  it('after a failover the new leader sends the next reminder once, without the ones already sent', async () => {
    const c = cluster();
    const a = c.node('a', true);
    const b = c.node('b', false);
    await Promise.all([a.notifier.start(), b.notifier.start()]);
    c.publish(c.alarm());
    await c.settled(0, 1);

    c.clock.advance(REPEAT_MINUTES * 60_000);
    const first = await c.settled(1, 1);
    expect(first).toEqual([{ node: 'a', content: expect.stringContaining('【告警提醒】') as string }]);

    // Saved through the old leader's process only: the new leader reads the settings when elected.
    c.stored.language = 'en-US';
    a.leadership.set(false);
    b.leadership.set(true);
    // The follower advanced its due time with the leader's reminder: half an interval later nothing is due.
    c.clock.advance((REPEAT_MINUTES / 2) * 60_000);
    await sleep(QUIET_MS);
    expect(c.sent).toHaveLength(2);

    c.clock.advance((REPEAT_MINUTES / 2) * 60_000);
    const next = await c.settled(2, 1);
    expect(next.map((s) => s.node)).toEqual(['b']);
    expect(next[0]?.content).toContain('[Reminder] This alarm has lasted 20 minutes');
  });

  it('sends the offline digest once, from whoever leads when its window closes', async () => {
    const c = cluster();
    const a = c.node('a', true);
    const b = c.node('b', false);
    await Promise.all([a.notifier.start(), b.notifier.start()]);
    const offline = () =>
      c.alarm({
        alarmType: ALARM_TYPE.offline,
        factorCode: null,
        factor: null,
        alarmValue: null,
        unit: null,
        standardValue: null,
        symbol: null,
      });
    c.publish(offline(), offline(), offline());
    // The leader dies inside the window: the follower held the same window and sends the digest.
    a.leadership.set(false);
    b.leadership.set(true);
    c.clock.advance(60_000);
    const sent = await c.settled(0, 1);
    expect(sent).toEqual([
      { node: 'b', content: expect.stringContaining('【离线汇总】60 秒内 3 个站点离线') as string },
    ]);
  });
});

describe('WxAlarmNotifier in a cluster, with the durable feed of raises', () => {
  it('sends a raise from the feed once, not from the bus, and reminders from the bus', async () => {
    const c = cluster();
    const a = c.node('a', true, { withFeed: true });
    const b = c.node('b', false, { withFeed: true });
    await Promise.all([a.notifier.start(), b.notifier.start()]);

    const raised = c.alarm();
    c.publish(raised);
    await sleep(QUIET_MS);
    expect(c.sent).toEqual([]);
    c.feed.deliver([raised]);
    // Delivered again (a leader that died before acknowledging): still one message.
    c.feed.deliver([raised]);
    const sent = await c.settled(0, 1);
    expect(sent).toEqual([{ node: 'a', content: expect.stringContaining('【告警】') as string }]);

    c.clock.advance(REPEAT_MINUTES * 60_000);
    const reminder = await c.settled(1, 1);
    expect(reminder).toEqual([{ node: 'a', content: expect.stringContaining('【告警提醒】') as string }]);
  });

  it('hands a raise made while no one leads to the next leader', async () => {
    const c = cluster();
    const a = c.node('a', true, { withFeed: true });
    const b = c.node('b', false, { withFeed: true });
    await Promise.all([a.notifier.start(), b.notifier.start()]);

    a.leadership.set(false);
    const raised = c.alarm();
    c.publish(raised);
    c.feed.deliver([raised]);
    await sleep(QUIET_MS);
    expect(c.sent).toEqual([]);

    b.leadership.set(true);
    const sent = await c.settled(0, 1);
    expect(sent).toEqual([{ node: 'b', content: expect.stringContaining('ST-1') as string }]);
  });

  it('does not announce a raise the feed delivers after the bus has cleared it, nor updates or unmatched alarms', async () => {
    const c = cluster();
    const a = c.node('a', true, { withFeed: true });
    await a.notifier.start();

    const cleared = c.alarm();
    c.publish(cleared);
    c.publish({ ...cleared, active: false, endDate: c.clock.now() });
    const update = c.alarm({ lastDate: c.clock.now() + 60_000, count: 2 });
    const minor = c.alarm({ alarmLevel: 3 });
    const handled = c.alarm({ workOrder: { orderStatus: 2 } });
    c.feed.deliver([cleared, update, minor, handled]);
    const kept = c.alarm();
    c.feed.deliver([kept]);
    const sent = await c.settled(0, 1);
    expect(sent).toEqual([{ node: 'a', content: expect.stringContaining(`ST-${kept.id}`) as string }]);
  });

  it('still gathers offline alarms in the digest window from the bus, ignoring them on the feed', async () => {
    const c = cluster();
    const a = c.node('a', true, { withFeed: true });
    await a.notifier.start();
    const offline = c.alarm({
      alarmType: ALARM_TYPE.offline,
      factorCode: null,
      factor: null,
      alarmValue: null,
      unit: null,
      standardValue: null,
      symbol: null,
    });
    c.publish(offline);
    c.feed.deliver([offline]);
    await sleep(QUIET_MS);
    expect(c.sent).toEqual([]);
    c.clock.advance(60_000);
    const sent = await c.settled(0, 1);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.content).toContain('【告警】');
  });
});
