import { formatHj212Time } from '@envmon/hj212';
import { ALARM_TYPE, OVERFLOW_TYPE, THRESHOLD_OPERATOR, type Alarm } from '@envmon/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, call, login, query, useTestApp } from '../../test/harness.js';
import { packet, registerStation, StationClient } from '../../test/station-client.js';
import { BATTERY_FACTOR_CODE } from './alarm-rules.js';
import { addThreshold, currentAlarms, EngineDriver, setStrategy, THRESHOLD, value } from './alarm.test-support.js';

const COD = 'w01018';
const NH3N = 'w21003';
const PH = 'w01001';

describe('alarm engine', () => {
  const t = useTestApp({ gateway: true });
  let admin: string;
  let engine: EngineDriver;
  let seq = 0;

  beforeAll(async () => {
    admin = await login(t().app, 'admin', ADMIN_PASSWORD);
    engine = new EngineDriver(t().app, await registerStation(t(), { deviceCode: 'SENTINEL' }));
  });

  const station = async () => registerStation(t(), { deviceCode: `ENGINE-${(seq += 1)}` });
  const current = async (deviceId: number) =>
    (await currentAlarms(t().app, admin)).filter((a) => a.deviceId === deviceId);
  const history = (deviceId: number) =>
    query(t(), (db) => db.selectFrom('alarms').selectAll().where('deviceId', '=', deviceId).orderBy('id').execute());

  it('raises a threshold alarm, keeps one active alarm on re-trigger (value, count, lastDate) and clears it', async () => {
    const deviceId = await station();
    await addThreshold(t().app, admin, { deviceId, factorCode: COD, operator: THRESHOLD_OPERATOR.gt, limit1: 30 });
    const from = engine.changes.length;

    engine.data(deviceId, [value(COD, 35)]);
    await engine.settle();
    const [raised] = await current(deviceId);
    expect(raised).toMatchObject({
      alarmType: ALARM_TYPE.threshold,
      alarmLevel: 1,
      alarmValue: 35,
      standardValue: '30',
      symbol: THRESHOLD_OPERATOR.gt,
      factorCode: COD,
      factor: { factorName: '化学需氧量' },
      device: { deviceName: `ENGINE-${seq}` },
      count: 1,
      active: true,
      endDate: null,
      overflowType: null,
      workOrder: { orderStatus: 1 },
    });

    t().clock.advance(1000);
    engine.data(deviceId, [value(COD, 40)]);
    await engine.settle();
    const after = await current(deviceId);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({
      id: raised?.id,
      alarmValue: 40,
      count: 2,
      lastDate: (raised?.beginDate ?? 0) + 1000,
    });

    engine.data(deviceId, [value(COD, 20)]);
    await engine.settle();
    expect(await current(deviceId)).toEqual([]);
    const rows = await history(deviceId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ active: 0, activeKey: null, count: 2, endDate: t().clock.now() });

    // Announced: raised, updated, cleared — each after its commit.
    const announced = engine.announcedSince(from).filter((a) => a.deviceId === deviceId);
    expect(announced.map((a) => [a.active, a.count])).toEqual([
      [true, 1],
      [true, 2],
      [false, 2],
    ]);

    // A new exceedance after the clear is a new alarm; history keeps both.
    engine.data(deviceId, [value(COD, 31)]);
    await engine.settle();
    expect(await history(deviceId)).toHaveLength(2);
  });

  it('reads operators 5 (alarm outside (m,n)) and 6 (alarm inside [m,n]) as documented', async () => {
    const deviceId = await station();
    await addThreshold(t().app, admin, {
      deviceId,
      factorCode: PH,
      operator: THRESHOLD_OPERATOR.notIn,
      limit1: 6,
      limit2: 9,
    });
    await addThreshold(t().app, admin, {
      deviceId,
      factorCode: NH3N,
      operator: THRESHOLD_OPERATOR.in,
      limit1: 1,
      limit2: 2,
    });
    engine.data(deviceId, [value(PH, 7), value(NH3N, 0.5)]);
    await engine.settle();
    expect(await current(deviceId)).toEqual([]);

    engine.data(deviceId, [value(PH, 9), value(NH3N, 1)]);
    await engine.settle();
    const alarms = await current(deviceId);
    expect(alarms.map((a) => [a.factorCode, a.symbol, a.standardValue]).sort()).toEqual(
      [
        [PH, THRESHOLD_OPERATOR.notIn, '6,9'],
        [NH3N, THRESHOLD_OPERATOR.in, '1,2'],
      ].sort(),
    );
  });

  it('raises only after the strategy’s consecutive count; a normal value in between starts again', async () => {
    const deviceId = await station();
    await addThreshold(t().app, admin, { deviceId, factorCode: COD, operator: THRESHOLD_OPERATOR.gte, limit1: 30 });
    await setStrategy(t().app, admin, {
      deviceId,
      alarmType: ALARM_TYPE.threshold,
      consecutiveCount: 3,
      alarmLevel: 2,
    });

    engine.data(deviceId, [value(COD, 30)]);
    engine.data(deviceId, [value(COD, 31)]);
    engine.data(deviceId, [value(COD, 10)]);
    engine.data(deviceId, [value(COD, 32)]);
    engine.data(deviceId, [value(COD, 33)]);
    await engine.settle();
    expect(await current(deviceId)).toEqual([]);

    engine.data(deviceId, [value(COD, 34)]);
    await engine.settle();
    expect(await current(deviceId)).toMatchObject([{ alarmValue: 34, count: 3, alarmLevel: 2 }]);
  });

  it('clears only when the recovery has held for the strategy’s recovery time', async () => {
    const deviceId = await station();
    await addThreshold(t().app, admin, { deviceId, factorCode: COD, operator: THRESHOLD_OPERATOR.gt, limit1: 30 });
    await setStrategy(t().app, admin, { deviceId, alarmType: ALARM_TYPE.threshold, recoverySeconds: 60 });
    engine.data(deviceId, [value(COD, 50)]);
    await engine.settle();
    expect(await current(deviceId)).toHaveLength(1);

    engine.data(deviceId, [value(COD, 10)]);
    await engine.settle();
    t().clock.advance(30_000);
    engine.data(deviceId, [value(COD, 10)]);
    await engine.settle();
    expect(await current(deviceId)).toHaveLength(1);

    // An exceedance during the hold starts the recovery again.
    engine.data(deviceId, [value(COD, 45)]);
    engine.data(deviceId, [value(COD, 10)]);
    await engine.settle();
    t().clock.advance(59_000);
    engine.data(deviceId, [value(COD, 10)]);
    await engine.settle();
    expect(await current(deviceId)).toHaveLength(1);

    t().clock.advance(1_000);
    engine.data(deviceId, [value(COD, 10)]);
    await engine.settle();
    expect(await current(deviceId)).toEqual([]);
  });

  it('raises nothing for a type the strategy disables', async () => {
    const deviceId = await station();
    await addThreshold(t().app, admin, { deviceId, factorCode: COD, operator: THRESHOLD_OPERATOR.gt, limit1: 30 });
    await setStrategy(t().app, admin, { deviceId, alarmType: ALARM_TYPE.threshold, enabled: false });
    await setStrategy(t().app, admin, { deviceId, alarmType: ALARM_TYPE.offline, enabled: false });
    engine.data(deviceId, [value(COD, 99, 'D')]);
    engine.offline(deviceId);
    await engine.settle();
    // Only the device alarm (type 4) is still on.
    expect((await current(deviceId)).map((a) => a.alarmType)).toEqual([ALARM_TYPE.device]);
  });

  it('raises an offline alarm on device.offline, once, and clears it when the device is back', async () => {
    const deviceId = await station();
    engine.offline(deviceId);
    engine.offline(deviceId);
    await engine.settle();
    const alarms = await current(deviceId);
    expect(alarms).toMatchObject([
      { alarmType: ALARM_TYPE.offline, factorCode: null, factor: null, alarmValue: null, count: 2 },
    ]);
    engine.online(deviceId);
    await engine.settle();
    expect(await current(deviceId)).toEqual([]);
    expect(await history(deviceId)).toHaveLength(1);
  });

  it('raises a battery alarm when the battery voltage falls below its threshold', async () => {
    const deviceId = await station();
    await addThreshold(t().app, admin, {
      deviceId,
      factorCode: BATTERY_FACTOR_CODE,
      operator: THRESHOLD_OPERATOR.lt,
      limit1: 11.5,
    });
    engine.data(deviceId, [value(BATTERY_FACTOR_CODE, 12.4)]);
    await engine.settle();
    expect(await current(deviceId)).toEqual([]);
    engine.data(deviceId, [value(BATTERY_FACTOR_CODE, 11.2)]);
    await engine.settle();
    expect(await current(deviceId)).toMatchObject([
      { alarmType: ALARM_TYPE.battery, alarmValue: 11.2, standardValue: '11.5', symbol: THRESHOLD_OPERATOR.lt },
    ]);
    engine.data(deviceId, [value(BATTERY_FACTOR_CODE, 12.1)]);
    await engine.settle();
    expect(await current(deviceId)).toEqual([]);
  });

  it('raises a device alarm on the station fault flags D, D1–D27, B, F and clears it when the flag is N again', async () => {
    const deviceId = await station();
    engine.data(deviceId, [value(COD, 12, 'D3'), value(NH3N, 0.2, 'C'), value(PH, 7, 'F')]);
    await engine.settle();
    const raised = await current(deviceId);
    expect(raised.map((a) => [a.alarmType, a.factorCode, a.standardValue]).sort()).toEqual([
      [ALARM_TYPE.device, PH, 'F'],
      [ALARM_TYPE.device, COD, 'D3'],
    ]);
    // Calibrating (C) neither raises nor clears; N clears.
    engine.data(deviceId, [value(COD, 12, 'C'), value(PH, 7, 'N')]);
    await engine.settle();
    expect((await current(deviceId)).map((a) => a.factorCode)).toEqual([COD]);
    engine.data(deviceId, [value(COD, 12, 'N')]);
    await engine.settle();
    expect(await current(deviceId)).toEqual([]);
  });

  it('raises breaker alarms per overflow type, with one standard value per overflow type', async () => {
    const deviceId = await station();
    const level = 'w00000';
    for (const [overflowType, limit1] of [
      [OVERFLOW_TYPE.overflow, 2],
      [OVERFLOW_TYPE.fullPipe, 3],
    ] as const) {
      await addThreshold(t().app, admin, {
        deviceId,
        factorCode: level,
        overflowType,
        operator: THRESHOLD_OPERATOR.gt,
        limit1,
      });
    }
    engine.data(deviceId, [value(level, 2.5)]);
    await engine.settle();
    expect(await current(deviceId)).toMatchObject([
      { alarmType: ALARM_TYPE.breaker, overflowType: OVERFLOW_TYPE.overflow, standardValue: '2,3,', symbol: 1 },
    ]);
    engine.data(deviceId, [value(level, 3.5)]);
    await engine.settle();
    expect((await current(deviceId)).map((a) => a.overflowType).sort()).toEqual([1, 2]);
  });

  it('takes threshold edits at once (rules cached, reloaded by the routes)', async () => {
    const deviceId = await station();
    const { id } = await addThreshold(t().app, admin, {
      deviceId,
      factorCode: COD,
      operator: THRESHOLD_OPERATOR.gt,
      limit1: 100,
    });
    engine.data(deviceId, [value(COD, 50)]);
    await engine.settle();
    expect(await current(deviceId)).toEqual([]);
    await addThreshold(t().app, admin, {
      deviceId,
      factorCode: NH3N,
      operator: THRESHOLD_OPERATOR.gt,
      limit1: 1,
    }).catch(() => undefined);
    await t().app.inject({
      method: 'POST',
      url: '/manager/alarm/threshold/rest/update',
      headers: { token: admin },
      payload: { id, deviceId, factorCode: COD, operator: THRESHOLD_OPERATOR.gt, limit1: 40 },
    });
    engine.data(deviceId, [value(COD, 50)]);
    await engine.settle();
    expect(await current(deviceId)).toHaveLength(1);
  });

  it('clears the alarms of a threshold that is deleted or disabled', async () => {
    const deviceId = await station();
    const input = { deviceId, factorCode: COD, operator: THRESHOLD_OPERATOR.gt, limit1: 30 };
    const cod = await addThreshold(t().app, admin, input);
    const nh3n = await addThreshold(t().app, admin, { ...input, factorCode: NH3N, limit1: 1 });
    engine.data(deviceId, [value(COD, 31), value(NH3N, 2)]);
    await engine.settle();
    expect(await current(deviceId)).toHaveLength(2);

    await call(t().app, admin, 'GET', `${THRESHOLD}/delete`, { query: { id: String(cod.id) } });
    await call(t().app, admin, 'POST', `${THRESHOLD}/update`, {
      payload: { ...input, id: nh3n.id, factorCode: NH3N, limit1: 1, enabled: false },
    });
    await engine.settle();
    expect(await current(deviceId)).toEqual([]);
  });

  it("publishes 'alarm.changed' after the commit: the announced alarm is already stored", async () => {
    const deviceId = await station();
    await addThreshold(t().app, admin, { deviceId, factorCode: COD, operator: THRESHOLD_OPERATOR.gt, limit1: 30 });
    const seen: Promise<unknown>[] = [];
    const off = t().app.bus.subscribe('alarm.changed', (e) => {
      for (const alarm of e.alarms.filter((a) => a.deviceId === deviceId)) {
        // Another connection sees only committed rows.
        seen.push(
          query(t(), (db) =>
            db.selectFrom('alarms').select(['id', 'count']).where('id', '=', alarm.id).executeTakeFirst(),
          ),
        );
      }
    });
    try {
      engine.data(deviceId, [value(COD, 31)]);
      await engine.settle();
      expect(seen).toHaveLength(1);
      expect(await seen[0]).toMatchObject({ count: 1 });
    } finally {
      off();
    }
  });

  describe('end to end over TCP', () => {
    let client: StationClient;
    afterAll(async () => {
      await client.close();
    });

    it('a station sending a value above its threshold raises the alarm; its recovery clears it', async () => {
      const code = 'ENGINE-TCP-0001';
      const deviceId = await registerStation(t(), { deviceCode: code, password: '123456', intervalTime: 60 });
      await addThreshold(t().app, admin, { deviceId, factorCode: COD, operator: THRESHOLD_OPERATOR.gt, limit1: 30 });
      const port = t().app.stations?.port;
      if (port === undefined) throw new Error('gateway not running');
      client = await StationClient.connect(port);
      const send = async (qn: string, cod: string) => {
        await client.write(
          packet({
            mn: code,
            qn,
            cn: '2011',
            dataTime: formatHj212Time(Date.now()),
            factors: { [COD]: { Rtd: cod, Flag: 'N' } },
          }),
        );
      };
      await send('20260301000000001', '42.5');
      let alarm: Alarm | undefined;
      await expect
        .poll(async () => {
          alarm = (await current(deviceId)).find((a) => a.alarmType === ALARM_TYPE.threshold);
          return alarm?.alarmValue;
        })
        .toBe(42.5);
      await send('20260301000000002', '12.0');
      await expect.poll(async () => (await current(deviceId)).some((a) => a.id === alarm?.id)).toBe(false);
    });
  });
});
