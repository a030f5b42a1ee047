import { ALARM_TYPE, THRESHOLD_OPERATOR } from '@envmon/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/connection.js';
import { InProcessEventBus } from '../../events/bus.js';
import { ADMIN_PASSWORD, call, login, useTestApp } from '../../test/harness.js';
import { registerStation } from '../../test/station-client.js';
import { ThresholdRepository } from '../threshold/threshold.repository.js';
import { ThresholdService } from '../threshold/threshold.service.js';
import { AlarmEngine } from './alarm-engine.js';
import { AlarmRepository } from './alarm.repository.js';
import { addThreshold, EngineDriver, setStrategy, THRESHOLD, value } from './alarm.test-support.js';

const COD = 'w01018';
const silent = { error: () => undefined, warn: () => undefined, info: () => undefined } as never;

/**
 * Two gateway processes' engines on one database: the app's (process A) and one built beside it with its
 * own bus (process B), as a station moves from one gateway to the other.
 */
describe('alarm engine in a cluster', () => {
  const t = useTestApp({ gateway: true });
  let admin: string;
  let engineA: EngineDriver;
  let db: ReturnType<typeof openDatabase>['db'];
  let busB: InProcessEventBus;
  let engineB: AlarmEngine;

  beforeAll(async () => {
    admin = await login(t().app, 'admin', ADMIN_PASSWORD);
    engineA = new EngineDriver(t().app, await registerStation(t(), { deviceCode: 'SENTINEL' }));
    db = openDatabase(t().config.database).db;
    busB = new InProcessEventBus(() => undefined);
    const thresholds = new ThresholdService(
      new ThresholdRepository(db),
      { assertExist: () => Promise.resolve() },
      t().clock,
      () => Promise.resolve(),
    );
    engineB = new AlarmEngine(new AlarmRepository(db, t().dialect), () => thresholds.rules(), busB, t().clock, silent);
    await engineB.start();
  });

  afterAll(async () => {
    await engineB.close();
    await db.destroy();
  });

  const streaks = (deviceId: number) =>
    db.selectFrom('alarmStreaks').select(['count', 'recoveringSince']).where('deviceId', '=', deviceId).execute();
  const activeAlarms = (deviceId: number) =>
    db.selectFrom('alarms').selectAll().where('deviceId', '=', deviceId).where('active', '=', 1).execute();
  const onB = (deviceId: number, cod: number) => {
    busB.publish('device.online', { deviceId, deviceCode: `D${deviceId}`, at: 0, remote: 'gateway-2' });
    busB.publish('data.received', {
      deviceId,
      deviceCode: `D${deviceId}`,
      kind: 'rtd',
      dataTime: 0,
      values: [value(COD, cod)],
    });
  };

  it('carries a station’s consecutive count and its active alarm to the gateway it moves to, raising nothing twice', async () => {
    const deviceId = await registerStation(t(), { deviceCode: 'MOVER-1' });
    await addThreshold(t().app, admin, { deviceId, factorCode: COD, operator: THRESHOLD_OPERATOR.gt, limit1: 30 });
    await setStrategy(t().app, admin, { deviceId, alarmType: ALARM_TYPE.threshold, consecutiveCount: 3 });
    await engineB.reload();

    // Two exceedances on gateway 1: not yet an alarm, but the streak is stored.
    engineA.data(deviceId, [value(COD, 40)]);
    engineA.data(deviceId, [value(COD, 41)]);
    await engineA.settle();
    expect(await activeAlarms(deviceId)).toEqual([]);
    expect(await streaks(deviceId)).toEqual([{ count: 2, recoveringSince: null }]);

    // The station reconnects to gateway 2: its third exceedance raises the alarm there.
    onB(deviceId, 42);
    await engineB.idle();
    await expect
      .poll(async () => (await activeAlarms(deviceId)).map((a) => [a.alarmValue, a.count]))
      .toEqual([[42, 3]]);
    expect(await streaks(deviceId)).toEqual([]);

    // Back on gateway 1, which started before that alarm: it updates the same alarm instead of raising another.
    engineA.online(deviceId);
    engineA.data(deviceId, [value(COD, 43)]);
    await engineA.settle();
    const [alarm] = await activeAlarms(deviceId);
    expect(await activeAlarms(deviceId)).toHaveLength(1);
    expect(alarm).toMatchObject({ alarmValue: 43, count: 4 });

    // And it clears there on recovery.
    engineA.data(deviceId, [value(COD, 10)]);
    await engineA.settle();
    expect(await activeAlarms(deviceId)).toEqual([]);
  });

  it('keeps a recovery under way across the move: the hold started on one gateway ends on the other', async () => {
    const deviceId = await registerStation(t(), { deviceCode: 'MOVER-2' });
    await addThreshold(t().app, admin, { deviceId, factorCode: COD, operator: THRESHOLD_OPERATOR.gt, limit1: 30 });
    await setStrategy(t().app, admin, { deviceId, alarmType: ALARM_TYPE.threshold, recoverySeconds: 60 });
    await engineB.reload();
    engineA.data(deviceId, [value(COD, 50)]);
    engineA.data(deviceId, [value(COD, 10)]);
    await engineA.settle();
    const since = t().clock.now();
    expect(await streaks(deviceId)).toEqual([{ count: 0, recoveringSince: since }]);

    t().clock.advance(60_000);
    onB(deviceId, 10);
    await engineB.idle();
    await expect.poll(async () => activeAlarms(deviceId)).toEqual([]);
  });

  it('announces the clear of a deleted threshold’s alarm once, though every gateway’s engine clears it', async () => {
    const deviceId = await registerStation(t(), { deviceCode: 'MOVER-3' });
    const threshold = await addThreshold(t().app, admin, {
      deviceId,
      factorCode: COD,
      operator: THRESHOLD_OPERATOR.gt,
      limit1: 30,
    });
    await engineB.reload();
    engineA.data(deviceId, [value(COD, 50)]);
    await engineA.settle();
    const [raised] = await activeAlarms(deviceId);
    // Gateway 2 has the alarm in memory too (the station passed through it).
    busB.publish('device.online', { deviceId, deviceCode: `D${deviceId}`, at: 0, remote: 'gateway-2' });
    await engineB.idle();
    const clearedOnB: number[] = [];
    busB.subscribe('alarm.changed', ({ alarms }) => {
      for (const a of alarms) if (a.deviceId === deviceId && !a.active) clearedOnB.push(a.id);
    });
    const from = engineA.changes.length;

    await call(t().app, admin, 'GET', `${THRESHOLD}/delete`, { query: { id: String(threshold.id) } });
    await engineB.reload();
    await engineB.idle();
    await engineA.settle();
    await expect.poll(async () => activeAlarms(deviceId)).toEqual([]);
    const clearedOnA = engineA
      .announcedSince(from)
      .filter((a) => a.deviceId === deviceId && !a.active)
      .map((a) => a.id);
    expect([...clearedOnA, ...clearedOnB]).toEqual([raised?.id]);
  });
});
