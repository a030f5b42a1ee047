import type { FactorService } from '../factor/factor.service.js';
import type { ModuleContext } from '../module-context.js';
import { ThresholdRepository } from '../threshold/threshold.repository.js';
import { thresholdRoutes } from '../threshold/threshold.routes.js';
import { ThresholdService } from '../threshold/threshold.service.js';
import { AlarmEngine } from './alarm-engine.js';
import { AlarmRepository } from './alarm.repository.js';
import { alarmRoutes } from './alarm.routes.js';
import { AlarmService } from './alarm.service.js';

/**
 * Alarms (issue 5): the engine reacts to the gateway's events; threshold and strategy edits reload its rules.
 * In a cluster it runs beside each gateway, judging that gateway's stations. Returns the thresholds,
 * whose strategies the WeChat notifier reads.
 */
export async function registerAlarms(
  { app, db, dialect, config, clock, bus, configChanges, downloads, runsGateway, log }: ModuleContext,
  factors: FactorService,
): Promise<{ thresholds: ThresholdService }> {
  const alarmRepository = new AlarmRepository(db, dialect);
  const thresholds = new ThresholdService(new ThresholdRepository(db), factors, clock, () =>
    configChanges.changed('alarmRules'),
  );
  if (runsGateway || !config.natsUrl) {
    const alarmEngine = new AlarmEngine(
      alarmRepository,
      () => thresholds.rules(),
      bus,
      clock,
      log.child({ service: 'alarm' }),
    );
    configChanges.on('alarmRules', () => alarmEngine.reload());
    await alarmEngine.start();
    // Added after the gateway's preClose: the stations' last values are judged before the database closes.
    app.addHook('preClose', () => alarmEngine.close());
  }
  thresholdRoutes(app, thresholds);
  alarmRoutes(app, new AlarmService(alarmRepository, bus, clock), downloads);
  return { thresholds };
}
