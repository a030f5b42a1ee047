import { DAY_MS, FACTOR_CATEGORY_ISOTOPE, WEATHER_FACTORS } from '@envmon/shared';
import { call, query, type TestApp } from '../../test/harness.js';
import { packet } from '../../test/station-client.js';

/** The device-scope sweep's stations: one device's rows of every kind, each marked as that device's. */

export interface Operation {
  path: string;
  params: { name: string; required: boolean; schema: { enum?: string[]; type?: string } }[];
}

export interface Station {
  id: number;
  code: string;
  name: string;
  /** Digits of the device's own values (tag + 0.5) and equipment codes (SB{tag}). */
  tag: number;
  projectId: number;
  factor: string;
  /** Ids of the rows seeded for it, for the routes that read one row by id. */
  packet: number;
  alarm: number;
  camera: number;
  devops: number;
  devopsFile: number;
  threshold: number;
  strategy: number;
  deploy: number;
  virtual: number;
  command: number;
  /** An upstream platform the device alone is forwarded to (Settings › transfer format). */
  upstream: number;
}

/**
 * Rows of every kind for one device, each carrying a mark of it (its code, its name, its own factor named
 * after it, or values built from `tag`), so that a response holding any of them is seen to.
 */
export async function seedStation(
  t: TestApp,
  admin: string,
  device: { id: number; deviceCode: string; projectId: number },
  name: string,
  tag: number,
): Promise<Station> {
  const now = t.clock.now();
  const value = tag + 0.5;
  const factor = `f${tag}`;
  const hourAgo = now - 3600_000;
  // The station's own clock (UTC+8, the devices' default offset).
  const stationTime = new Date(hourAgo + 8 * 3600_000).toISOString().replace(/\D/g, '').slice(0, 14);
  const station = await query(t, async (db) => {
    await db.updateTable('devices').set({ deviceName: name }).where('id', '=', device.id).execute();
    await db
      .insertInto('factors')
      .values({
        factorCode: factor,
        factorName: `${name} factor`,
        factorNameEn: `${name} factor`,
        legacyCode: null,
        kind: 'water',
        unit: 'mg/L',
        decimals: 1,
        rangeMin: null,
        rangeMax: null,
        zeroIsSuspect: 0,
        constantCount: 0,
        riseRatio: null,
        dropRatio: null,
        builtIn: 0,
        category: FACTOR_CATEGORY_ISOTOPE,
      })
      .execute();
    await db
      .insertInto('deviceFactors')
      .values({
        deviceId: device.id,
        factorCode: factor,
        unit: null,
        standardLimit: null,
        displayOrder: 0,
        rangeMin: null,
        rangeMax: null,
        zeroIsSuspect: null,
        constantCount: null,
        riseRatio: null,
        dropRatio: null,
      })
      .execute();
    // A data rule of its own factor (Settings › regular).
    await db
      .insertInto('dataRules')
      .values({
        deviceId: device.id,
        factorCode: factor,
        symbol: 'round',
        k: null,
        b: null,
        fromUnit: null,
        toUnit: null,
        mode: null,
        limitValue: null,
        fixedValue: null,
        decimals: 1,
        remark: null,
        createTime: now,
        updateTime: now,
      })
      .execute();
    const measurements = (['rtd', 'min', 'hour', 'day', 'month'] as const).flatMap((kind) =>
      [now - 3 * 3600_000, now - 2 * 3600_000, hourAgo].flatMap((dataTime) =>
        [factor, ...Object.values(WEATHER_FACTORS)].map((factorCode) => ({
          deviceId: device.id,
          kind,
          dataTime,
          factorCode,
          value,
          min: value,
          max: value,
          cou: value,
          flag: 'N',
          quality: 'N',
          receivedAt: dataTime,
        })),
      ),
    );
    await db.insertInto('measurements').values(measurements).execute();
    await db
      .insertInto('latestValues')
      .values({
        deviceId: device.id,
        factorCode: factor,
        kind: 'rtd',
        dataTime: hourAgo,
        value,
        flag: 'N',
        quality: 'N',
        receivedAt: hourAgo,
      })
      .execute();
    await db
      .insertInto('deviceStatus')
      .values({
        deviceId: device.id,
        online: 1,
        changedAt: now - DAY_MS,
        lastPacketAt: hourAgo,
        remote: '10.0.0.9:4000',
      })
      .execute();
    const packets = await db
      .insertInto('originalPackets')
      .values(
        [
          { cn: '2011', cp: {}, factors: { [factor]: { Rtd: String(value), Ai: String(value), Flag: 'N' } } },
          { cn: '2021', cp: {}, factors: { [`SB${tag}`]: { RS: '1' } } },
          { cn: '2041', cp: {}, factors: { [`SB${tag}`]: { RT: '1.5' } } },
        ].map((p, i) => ({
          receivedAt: hourAgo + i,
          remote: '10.0.0.9:4000',
          deviceId: device.id,
          mn: device.deviceCode,
          cn: p.cn,
          qn: null,
          dataTime: hourAgo,
          raw: packet({ mn: device.deviceCode, cn: p.cn, dataTime: stationTime, cp: p.cp, factors: p.factors }),
          accepted: 1,
          reason: null,
        })),
      )
      .returning('id')
      .execute();
    const alarm = await db
      .insertInto('alarms')
      .values({
        deviceId: device.id,
        factorCode: factor,
        alarmType: 1,
        overflowType: 0,
        alarmLevel: 1,
        alarmValue: value,
        standardValue: '10',
        symbol: 1,
        beginDate: hourAgo,
        lastDate: now - 60_000,
        endDate: null,
        count: 1,
        active: 1,
        activeKey: `probe-${device.id}`,
        orderStatus: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('workOrderEvents')
      .values({
        alarmId: alarm.id,
        fromStatus: 1,
        toStatus: 1,
        userId: null,
        userName: name,
        comment: name,
        createTime: now,
      })
      .execute();
    await db
      .insertInto('operationLogs')
      .values({
        userId: null,
        userName: 'admin',
        method: 'POST',
        url: '/manager/system/device/rest/update',
        params: JSON.stringify({ id: device.id, deviceCode: device.deviceCode, remark: name }),
        status: 200,
        result: null,
        ip: null,
        durationMs: 1,
        createTime: now,
      })
      .execute();
    const camera = await db
      .insertInto('cameras')
      .values({
        deviceId: device.id,
        name: `${name} camera`,
        hlsUrl: `https://video.example/${name}.m3u8`,
        createTime: now,
        updateTime: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('iotCards')
      .values({
        cardNo: `89860${tag}00000000`,
        msisdn: null,
        operator: 'cmcc',
        deviceId: device.id,
        plan: name,
        dataLimitMb: null,
        activateDate: null,
        expireDate: now + 30 * DAY_MS,
        remark: name,
        createTime: now,
        updateTime: now,
      })
      .execute();
    // An outlier interval of its own factor (Water station › outlier interval).
    await db
      .insertInto('outlierIntervals')
      .values({
        deviceId: device.id,
        factorCode: factor,
        months: '',
        abnMin: null,
        abnMax: tag + 0.5,
        wnMin: null,
        wnMax: null,
        remark: name,
        updatedBy: 'admin',
        createTime: now,
        updateTime: now,
      })
      .execute();
    const devops = await db
      .insertInto('devopsRecords')
      .values({
        deviceId: device.id,
        kind: 'inspection',
        startTime: now - 3600_000,
        endTime: null,
        maintainer: name,
        content: name,
        createdBy: 'admin',
        createTime: now,
        updateTime: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const devopsFile = await db
      .insertInto('devopsFiles')
      .values({
        recordId: devops.id,
        fileName: `${name}.txt`,
        mimeType: 'text/plain',
        size: name.length,
        content: Buffer.from(`${name} ${device.deviceCode}`),
        createTime: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('reissueTasks')
      .values({
        deviceId: device.id,
        mode: 'add',
        cn: '2061',
        beginTime: now - DAY_MS,
        endTime: now,
        status: 'done',
        reason: null,
        missing: null,
        requests: 1,
        stored: 1,
        expected: 1,
        createdBy: name,
        createTime: now,
        finishTime: now,
      })
      .execute();
    // An overflow-type threshold puts the device on the overflow screen too.
    const threshold = await db
      .insertInto('thresholds')
      .values({
        deviceId: device.id,
        factorCode: factor,
        overflowType: 1,
        operator: 1,
        limit1: 10,
        limit2: null,
        limitId: null,
        alarmLevel: 1,
        enabled: 1,
        updateTime: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const strategy = await db
      .insertInto('alarmStrategies')
      .values({
        deviceId: device.id,
        alarmType: 2,
        enabled: 1,
        alarmLevel: 1,
        consecutiveCount: 1,
        recoverySeconds: 0,
        repeatIntervalMinutes: 0,
        updateTime: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const deploy = await db
      .selectFrom('deviceDeploy')
      .select('id')
      .where('deviceId', '=', device.id)
      .executeTakeFirstOrThrow();
    const virtual = await db
      .insertInto('virtualDevices')
      .values({
        deviceId: device.id,
        virtualName: `${name} virtual`,
        virtualCode: `V${tag}`,
        factorCodes: factor,
        remark: null,
        createTime: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // A command to the station (counter control) and the parameter its answer told.
    const command = await db
      .insertInto('stationCommands')
      .values({
        deviceId: device.id,
        cn: '1061',
        cp: '{}',
        state: 'executed',
        createdBy: name,
        createTime: now,
        notBefore: now,
        expireTime: now,
        finishTime: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('deviceParameters')
      .values({ deviceId: device.id, name: 'RtdInterval', reportedValue: String(tag + 0.5), reportedTime: now })
      .execute();
    // Forwarded to an upstream of its own, under its own MN there.
    const upstream = await db
      .insertInto('upstreams')
      .values({
        name: `${name} upstream`,
        host: '127.0.0.1',
        port: 9212,
        protocol: '2017',
        st: '21',
        password: '123456',
        ackRequired: 1,
        overTimeSeconds: 10,
        reCount: 3,
        enabled: 1,
        remark: null,
        createdBy: name,
        createTime: now,
        updateTime: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('upstreamDevices')
      .values({
        upstreamId: upstream.id,
        deviceId: device.id,
        upstreamMn: device.deviceCode,
        upstreamPassword: '123456',
        cns: '["2061"]',
        factors: '[]',
        valueSource: 'audited',
        fromTime: null,
        enabled: 1,
        createTime: now,
        updateTime: now,
      })
      .execute();
    return {
      command: command.id,
      upstream: upstream.id,
      packet: packets[0]!.id,
      alarm: alarm.id,
      camera: camera.id,
      devops: devops.id,
      devopsFile: devopsFile.id,
      threshold: threshold.id,
      strategy: strategy.id,
      deploy: deploy.id,
      virtual: virtual.id,
    };
  });
  // Someone bound to it, for the device's user list.
  await call(t.app, admin, 'POST', '/manager/system/user/rest/add', {
    payload: {
      userName: `owner${tag}`,
      name: `${name} owner`,
      password: 'Owner@1234',
      deviceCodes: [device.deviceCode],
    },
  });
  return { id: device.id, code: device.deviceCode, name, tag, projectId: device.projectId, factor, ...station };
}
