import { consumeWhileLeader, ensureAlarmStream } from '../../events/alarm-stream.js';
import { NatsEventBus } from '../../events/nats-bus.js';
import type { ModuleContext } from '../module-context.js';
import type { ThresholdService } from '../threshold/threshold.service.js';
import { fetchWebhookClient } from './webhook.js';
import { WxAlarmNotifier, type WxAlarmNotifierOptions } from './wx-alarm.notifier.js';
import { WxAlarmRepository } from './wx-alarm.repository.js';
import { wxAlarmRoutes } from './wx-alarm.routes.js';
import { WxAlarmService } from './wx-alarm.service.js';

/** The WeChat alarm webhook: each attempt's limit, how often reminders and digests fall due, the send backlog. */
export const WX_ALARM_WEBHOOK_TIMEOUT_MS = 10_000;
const WX_ALARM_TICK_MS = 1000;
const WX_ALARM_QUEUE_MAX = 500;

/**
 * WeChat alarm notifications (issue 5): off until the settings enable them; settings edits reach the
 * notifier at once. Reminders and digests are sent by the process holding the leadership.
 */
export async function registerWxAlarms(
  { app, db, clock, bus, config, configChanges, leadership, log }: ModuleContext,
  thresholds: ThresholdService,
): Promise<void> {
  const webhook = fetchWebhookClient(WX_ALARM_WEBHOOK_TIMEOUT_MS);
  const wxAlarms = new WxAlarmService(new WxAlarmRepository(db), webhook, clock, () =>
    configChanges.changed('wxAlarm'),
  );
  const notifierLog = log.child({ service: 'wx-alarm' });
  // In a cluster the elected process announces raises from a JetStream stream that every process keeps
  // filled, so that a raise made while no process leads (an election under way) is still announced.
  let raisedFeed: WxAlarmNotifierOptions['raisedFeed'];
  if (bus instanceof NatsEventBus && config.database.dialect === 'postgres') {
    const { connection } = bus;
    try {
      await ensureAlarmStream(connection);
      raisedFeed = (onAlarms) => consumeWhileLeader(connection, leadership, onAlarms, { log: notifierLog });
    } catch (err) {
      notifierLog.warn({ err }, 'no JetStream alarm stream: raises made while no process leads are not announced');
    }
  }
  const wxAlarmNotifier = new WxAlarmNotifier({
    bus,
    clock,
    webhook,
    log: notifierLog,
    ...(raisedFeed ? { raisedFeed } : {}),
    settings: () => wxAlarms.current(),
    repeatMinutes: async (deviceId, alarmType) =>
      (await thresholds.strategies({ deviceId, alarmType }))[0]?.repeatIntervalMinutes ?? 0,
    tickMs: WX_ALARM_TICK_MS,
    leadership,
    queueMax: WX_ALARM_QUEUE_MAX,
  });
  configChanges.on('wxAlarm', () => wxAlarmNotifier.reload());
  await wxAlarmNotifier.start();
  // After the engine's preClose (its last alarms may still be queued), before the database closes.
  app.addHook('preClose', () => wxAlarmNotifier.close());
  wxAlarmRoutes(app, wxAlarms);
}
