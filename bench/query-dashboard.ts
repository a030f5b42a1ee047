// The dashboard case of `npm run bench:query` (issue 17): getDashboardInfoByUserId for 1,000 stations, under
// 100 ms. Its own network, built by `prepare` next to the year of history: 1,000 stations of one project
// (800 water, 200 air), each with a connection state, ten latest values, today's hourly values so far, this
// month's daily values against a standard per factor, and one station in twenty alarming with an open work
// order — all around the present hour, since the dashboard's day and month are the server's. The month's
// compliance is counted once per set of stations every five minutes: the first call's time is printed apart.
import { performance } from 'node:perf_hooks';
import { type DashboardInfo, DAY_MS, HOUR_MS } from '@envmon/shared';
import { FACTORS } from './query-data.js';
import { getData, type QueryBenchCase, type QueryBenchContext } from './query.js';

const STATIONS = 1000;
const AIR_EVERY = 5;
const ALARM_EVERY = 20;
const AIR_FACTORS = ['a34004', 'a34002', 'a21026', 'a21004', 'a21005', 'a05024'] as const;
const BATCH = 500;
const BEIJING_MS = 8 * HOUR_MS;
const TARGET_MS = 100;

type Db = QueryBenchContext['db'];

async function insertBatched<T>(rows: readonly T[], insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

/** A value with a daily cycle and a per-station offset: deterministic, varied. */
const valueOf = (station: number, factor: number, time: number) =>
  Math.round((20 + 10 * Math.sin((time / DAY_MS) * 2 * Math.PI + factor) + (station % 13)) * 100) / 100;

/** Builds the network; returns the project's id (the case reads the dashboard of that project). */
async function buildNetwork(db: Db): Promise<number> {
  const now = Date.now();
  const local = new Date(now + BEIJING_MS);
  const today = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()) - BEIJING_MS;
  const month = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) - BEIJING_MS;
  const { id: project } = await db
    .insertInto('deployClassify')
    .values({ deployName: '看板基准', deployNameEn: 'Dashboard bench', deployType: 1, createTime: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const devices = Array.from({ length: STATIONS }, (_, i) => ({
    deviceName: `bench dashboard station ${i}`,
    deviceCode: `BENCHD${String(i).padStart(4, '0')}`,
    deviceType: i % AIR_EVERY === 0 ? '22' : '21',
    projectId: project,
    lng: 113 + (i % 40) * 0.05,
    lat: 22 + Math.floor(i / 40) * 0.05,
    createTime: now,
    updateTime: now,
  }));
  await insertBatched(devices, (batch) => db.insertInto('devices').values(batch).execute());
  const ids = (
    await db.selectFrom('devices').select('id').where('projectId', '=', project).orderBy('deviceCode').execute()
  ).map((d) => d.id);
  const factorsOf = (i: number): readonly string[] => (i % AIR_EVERY === 0 ? AIR_FACTORS : FACTORS);

  await insertBatched(
    ids.filter((_, i) => i % 10 !== 9),
    (batch) =>
      db
        .insertInto('deviceStatus')
        .values(
          batch.map((deviceId) => ({
            deviceId,
            online: deviceId % 7 === 0 ? 0 : 1,
            changedAt: now,
            lastPacketAt: now,
            remote: null,
            nodeId: null,
          })),
        )
        .execute(),
  );
  const latest = ids.flatMap((deviceId, i) =>
    factorsOf(i).map((factorCode, f) => ({
      deviceId,
      factorCode,
      kind: 'rtd' as const,
      dataTime: now - 60_000,
      value: valueOf(i, f, now),
      flag: 'N',
      quality: 'N',
      receivedAt: now,
    })),
  );
  await insertBatched(latest, (batch) => db.insertInto('latestValues').values(batch).execute());

  const hours = Math.floor((now - today) / HOUR_MS);
  const days = Math.floor((today - month) / DAY_MS);
  const measurement = (
    deviceId: number,
    i: number,
    f: number,
    factorCode: string,
    kind: 'hour' | 'day',
    dataTime: number,
  ) => ({
    deviceId,
    kind,
    dataTime,
    factorCode,
    value: valueOf(i, f, dataTime),
    min: null,
    max: null,
    cou: null,
    flag: 'N',
    quality: 'N',
    receivedAt: dataTime,
  });
  const measurements = ids.flatMap((deviceId, i) =>
    factorsOf(i).flatMap((factorCode, f) => [
      ...Array.from({ length: hours }, (_, h) => measurement(deviceId, i, f, factorCode, 'hour', today + h * HOUR_MS)),
      ...Array.from({ length: days }, (_, d) => measurement(deviceId, i, f, factorCode, 'day', month + d * DAY_MS)),
    ]),
  );
  await insertBatched(measurements, (batch) => db.insertInto('measurements').values(batch).execute());

  const thresholds = ids.flatMap((deviceId, i) =>
    factorsOf(i).map((factorCode) => ({
      deviceId,
      factorCode,
      overflowType: 0,
      operator: 1,
      limit1: 30,
      limit2: null,
      limitId: null,
      alarmLevel: 1,
      enabled: 1,
      updateTime: now,
    })),
  );
  await insertBatched(thresholds, (batch) => db.insertInto('thresholds').values(batch).execute());

  const alarms = ids
    .filter((_, i) => i % ALARM_EVERY === 0)
    .map((deviceId, k) => ({
      deviceId,
      factorCode: 'w01018',
      alarmType: 1,
      overflowType: 0,
      alarmLevel: 1 + (k % 3),
      alarmValue: 35,
      standardValue: '30',
      symbol: null,
      beginDate: now - k * 60_000,
      lastDate: now,
      endDate: null,
      count: 1,
      active: 1,
      activeKey: `${deviceId}:w01018:1:0`,
      orderStatus: 1,
    }));
  await insertBatched(alarms, (batch) => db.insertInto('alarms').values(batch).execute());
  console.log(
    `  dashboard network: ${STATIONS} stations, ${latest.length.toLocaleString('en')} latest values, ` +
      `${measurements.length.toLocaleString('en')} hour and day values (${hours} h today, ${days} days this month), ${alarms.length} alarms`,
  );
  return project;
}

let project: number | null = null;

const readInfo = (ctx: QueryBenchContext) =>
  getData<DashboardInfo>(ctx, '/manager/settings/dashboard/rest/getDashboardInfoByUserId', {
    projectId: String(project),
  });

export const dashboardCases: QueryBenchCase[] = [
  {
    label: `dashboard info (getDashboardInfoByUserId), ${STATIONS.toLocaleString('en')} stations`,
    targetMs: TARGET_MS,
    prepare: async (ctx) => {
      project = await buildNetwork(ctx.db);
      // The first call counts the month's compliance; the measured ones reuse it (five minutes, as any refresh does).
      const started = performance.now();
      await readInfo(ctx);
      console.log(`  first call, this month's compliance counted: ${(performance.now() - started).toFixed(1)} ms`);
    },
    run: async (ctx) => {
      const info = await readInfo(ctx);
      const counted = info.states.online + info.states.offline + info.states.never;
      if (info.stations.length !== STATIONS || counted !== STATIONS || info.alarms.active !== STATIONS / ALARM_EVERY) {
        throw new Error(`unexpected answer: ${info.stations.length} stations, ${info.alarms.active} alarms`);
      }
    },
  },
];
