import { ALARM_TYPE, type Alarm } from '@envmon/shared';
import type { FastifyBaseLogger } from 'fastify';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startNats } from '../../../../../scripts/nats.mjs';
import { ManualLeadership } from '../../cluster/leadership.test-support.js';
import { consumeWhileLeader, ensureAlarmStream } from '../../events/alarm-stream.js';
import { NatsEventBus } from '../../events/nats-bus.js';
import { ManualClock } from '../../lib/clock.js';
import type { WebhookClient, WebhookMessage } from './webhook.js';
import type { NotifierSettings } from './wx-alarm.mapper.js';
import { WxAlarmNotifier } from './wx-alarm.notifier.js';
import { sampleAlarm } from '../alarm/alarm-sample.test-support.js';

/** The notifier of two processes on one real nats-server with JetStream, as app wiring builds it in a cluster. */
let server: Awaited<ReturnType<typeof startNats>>;
const closers: Array<() => Promise<void>> = [];
const POLL = { timeout: 5000, interval: 20 };
/** Longer than a few fetches: whatever would have been sent has been. */
const QUIET_MS = 1000;

const SETTINGS: NotifierSettings = {
  enabled: true,
  webhookUrl: 'http://127.0.0.1:1/cgi-bin/webhook/send?key=TEST',
  alarmTypes: [ALARM_TYPE.threshold],
  lowestLevel: 2,
  mentionedUserIds: [],
  mentionedMobiles: [],
  digestCount: 3,
  digestWindowSeconds: 60,
  language: 'zh-CN',
};

const sent: Array<{ node: string; content: string }> = [];
const clock = new ManualClock();
const log = { warn: () => undefined, child: () => log } as unknown as FastifyBaseLogger;

async function bus(name: string): Promise<NatsEventBus> {
  const created = await NatsEventBus.connect({
    url: server.url,
    name,
    onHandlerError: (_name, err) => {
      throw err;
    },
  });
  closers.push(() => (created.connection.isClosed() ? Promise.resolve() : created.close()));
  return created;
}

async function node(name: string, leader: boolean) {
  const processBus = await bus(name);
  await ensureAlarmStream(processBus.connection, { ackWaitMs: 500 });
  const leadership = new ManualLeadership(leader);
  const webhook: WebhookClient = {
    post(_url: string, message: WebhookMessage) {
      sent.push({ node: name, content: message.text.content });
      return Promise.resolve({ httpStatus: 200, errcode: 0, errmsg: 'ok' });
    },
  };
  const notifier = new WxAlarmNotifier({
    bus: processBus,
    clock,
    webhook,
    log,
    settings: () => Promise.resolve({ ...SETTINGS }),
    repeatMinutes: () => Promise.resolve(0),
    tickMs: 10,
    queueMax: 100,
    leadership,
    raisedFeed: (onAlarms) => consumeWhileLeader(processBus.connection, leadership, onAlarms, { log }),
  });
  await notifier.start();
  closers.push(() => notifier.close());
  await processBus.flush();
  return { bus: processBus, leadership, notifier };
}

const alarm = (id: number): Alarm => sampleAlarm(id, clock.now());

const stations = () => sent.map((s) => `${s.node}:${/ST-\d+/.exec(s.content)?.[0] ?? '?'}`);

beforeAll(async () => {
  server = await startNats({ log: () => undefined });
});

afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
  sent.length = 0;
});

afterAll(async () => {
  await server.stop();
});

describe('WxAlarmNotifier over NATS with the durable feed', () => {
  it('sends each raise once, from the leader, and one raised while no one leads from the next leader', async () => {
    const gateway = await bus('gateway-1');
    const a = await node('http-1', true);
    const b = await node('http-2', false);

    gateway.publish('alarm.changed', { alarms: [alarm(1)] });
    await expect.poll(stations, POLL).toEqual(['http-1:ST-1']);

    // The leader dies; the alarm is raised before the other process is elected.
    a.leadership.set(false);
    await a.bus.close();
    gateway.publish('alarm.changed', { alarms: [alarm(2)] });
    await gateway.flush();
    await sleep(QUIET_MS);
    expect(stations()).toEqual(['http-1:ST-1']);

    b.leadership.set(true);
    await expect.poll(stations, POLL).toEqual(['http-1:ST-1', 'http-2:ST-2']);
    gateway.publish('alarm.changed', { alarms: [alarm(3)] });
    await expect.poll(stations, POLL).toEqual(['http-1:ST-1', 'http-2:ST-2', 'http-2:ST-3']);
    await sleep(QUIET_MS);
    expect(sent).toHaveLength(3);
  });
});
