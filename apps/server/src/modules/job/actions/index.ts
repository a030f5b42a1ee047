import { DeviceRepository } from '../../device/device.repository.js';
import { DeviceService } from '../../device/device.service.js';
import type { ModuleContext } from '../../module-context.js';
import type { ReissueService } from '../../reissue/reissue.service.js';
import { ReportRepository } from '../../report/report.repository.js';
import { ReportService } from '../../report/report.service.js';
import { StatisticsService } from '../../statistics/statistics.service.js';
import { fetchWebhookClient, fetchWebhookFileSender } from '../../wx-alarm/webhook.js';
import { WX_ALARM_WEBHOOK_TIMEOUT_MS } from '../../wx-alarm/wx-alarm.module.js';
import { WxAlarmRepository } from '../../wx-alarm/wx-alarm.repository.js';
import { WxAlarmService } from '../../wx-alarm/wx-alarm.service.js';
import type { JobActions } from '../job-action.js';
import { clockSyncAction } from './clock-sync.js';
import { gapFillAction } from './gap-fill.js';
import { offlineCheckAction } from './offline-check.js';
import { reportJobAction } from './report.js';
import { retentionAction } from './retention.js';
import { RetentionRepository } from './retention.repository.js';

/** A file upload to the WeChat robot takes longer than a text message. */
const WEBHOOK_FILE_TIMEOUT_MS = 60_000;

/** Each job type's real action, on what the modules built. The actions only read settings and reports. */
export function createJobActions(ctx: ModuleContext, modules: { reissue: ReissueService }): JobActions {
  const { db, clock, config, configChanges } = ctx;
  const { reissue } = modules;
  const webhook = fetchWebhookClient(WX_ALARM_WEBHOOK_TIMEOUT_MS);
  const wxAlarms = new WxAlarmService(new WxAlarmRepository(db), webhook, clock, () =>
    configChanges.changed('wxAlarm'),
  );
  const statistics = new StatisticsService(db, clock);
  return {
    gapFill: gapFillAction({ reissue }),
    clockSync: clockSyncAction({
      stationCommands: ctx.stationCommands,
      stations: (ids) => reissue.stations(ids),
      clock,
      ...(ctx.commandOptions ? { commandOptions: ctx.commandOptions } : {}),
    }),
    retention: retentionAction({ store: new RetentionRepository(db, ctx.dialect) }),
    report: reportJobAction({
      reports: new ReportService(new ReportRepository(db)),
      statistics,
      webhook: {
        webhookUrl: async () => (await wxAlarms.current()).webhookUrl,
        sender: fetchWebhookFileSender(WEBHOOK_FILE_TIMEOUT_MS),
      },
      language: config.defaultLanguage === 'en' ? 'en-US' : 'zh-CN',
    }),
    offlineCheck: offlineCheckAction({
      // Only the devices' connection states are read (from the database; no station cache needed).
      devices: new DeviceService(new DeviceRepository(db), clock, () => null),
      statistics,
      wechat: { settings: () => wxAlarms.current(), client: webhook },
    }),
  };
}
