import { formatHj212Time, type Hj212Message } from '@envmon/hj212';
import { type GapFillParams, HOUR_MS } from '@envmon/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../db/connection.js';
import { localStationCommands } from '../../../gateway/station-commands.js';
import { useTestApp } from '../../../test/harness.js';
import { packet, registerStation, type StationClient, useStationClients } from '../../../test/station-client.js';
import { ReissueRepository } from '../../reissue/reissue.repository.js';
import { ReissueService } from '../../reissue/reissue.service.js';
import type { JobDeviceRef, JobRunContext } from '../job-action.js';
import { JobRunLog } from '../job-run-log.js';
import { gapFillAction } from './gap-fill.js';

/** 2026-03-01 00:00 in Beijing (the stations' zone, UTC+8). */
const DAY = Date.UTC(2026, 2, 1) - 8 * HOUR_MS;
const local = (at: number) => formatHj212Time(at, 480);

describe('job action: gap filling', () => {
  const t = useTestApp({ gateway: { commandOptions: { timeoutMs: 2_000, retries: 1 } } });
  const station = useStationClients(t);
  let handle: ReturnType<typeof openDatabase>;
  let reissue: ReissueService;

  beforeAll(() => {
    handle = openDatabase(t().config.database);
    const gateway = t().app.stations?.gateway;
    if (!gateway) throw new Error('gateway not running');
    reissue = new ReissueService(
      new ReissueRepository(handle.db, 'job-test'),
      () => localStationCommands(gateway),
      t().clock,
      { warn: () => undefined },
      { timeoutMs: 2_000, retries: 1 },
    );
  });
  afterAll(async () => {
    await reissue.idle();
    await handle.db.destroy();
  });

  /** Sends one hour upload (2061) of w01018 and waits for its 9014. */
  async function uploadHour(client: StationClient, mn: string, at: number): Promise<void> {
    const qn = `${local(at)}${String(at % 1000).padStart(3, '0')}`;
    await client.write(
      packet({ mn, cn: '2061', qn, dataTime: local(at), factors: { w01018: { Avg: '5', Flag: 'N' } } }),
    );
    await client.waitFor((m) => m.cn === '9014' && m.qn === qn);
  }

  /** Answers a request the way a station does: ready (9011), the uploads, then done (9012). */
  async function serve(client: StationClient, request: Hj212Message, mn: string, hours: number[]): Promise<void> {
    const reply = (cn: string, cp: Record<string, string>) =>
      client.write(packet({ mn, cn, st: '91', flag: 4, qn: request.qn, cp }));
    await reply('9011', { QnRtn: '1' });
    for (const at of hours) await uploadHour(client, mn, at);
    await reply('9012', { ExeRtn: '1' });
  }

  async function device(mn: string, name: string): Promise<JobDeviceRef> {
    return {
      deviceId: await registerStation(t(), { deviceCode: mn, deviceName: name }),
      deviceCode: mn,
      deviceName: name,
    };
  }

  function runContext(
    devices: JobDeviceRef[],
    params: GapFillParams,
    at: number,
    signal = new AbortController().signal,
  ) {
    const run: JobRunContext<GapFillParams> = {
      jobId: 1,
      jobName: 'nightly gap fill',
      timeZone: 'Asia/Shanghai',
      params,
      devices,
      at,
      signal,
      log: new JobRunLog(t().clock),
    };
    return run;
  }

  const storedHours = async (deviceId: number) =>
    (
      await handle.db
        .selectFrom('measurements')
        .select('dataTime')
        .where('deviceId', '=', deviceId)
        .where('kind', '=', 'hour')
        .orderBy('dataTime')
        .execute()
    ).map((r) => Number(r.dataTime));

  it('asks a connected station for exactly the hours missing in the window and counts what it stored', async () => {
    const gappy = await device('GAPJOB-0001', '缺数站');
    const whole = await device('GAPJOB-0002', '齐全站');
    const off = await device('GAPJOB-0003', '离线站');
    const gappyClient = await station();
    const wholeClient = await station();
    // The window is 00:00–05:00 (the 6 h before 06:00). Gappy has 00, 01 and 04 (and 23:00 the day before, outside
    // the window); whole has all six; off has none and is not connected.
    for (const at of [DAY - HOUR_MS, DAY, DAY + HOUR_MS, DAY + 4 * HOUR_MS])
      await uploadHour(gappyClient, gappy.deviceCode, at);
    for (let h = 0; h < 6; h += 1) await uploadHour(wholeClient, whole.deviceCode, DAY + h * HOUR_MS);

    const run = runContext([gappy, whole, off], { windowHours: 6, granules: ['hour'] }, DAY + 6 * HOUR_MS);
    const result = gapFillAction({ reissue })(run);

    const first = await gappyClient.waitFor((m) => m.cn === '2061');
    expect(first.cp).toEqual({ BeginTime: '20260301020000', EndTime: '20260301030000' });
    await serve(gappyClient, first, gappy.deviceCode, [DAY + 2 * HOUR_MS, DAY + 3 * HOUR_MS]);
    const second = await gappyClient.waitFor((m) => m.cn === '2061' && m.qn !== first.qn);
    expect(second.cp).toEqual({ BeginTime: '20260301050000', EndTime: '20260301050000' });
    await serve(gappyClient, second, gappy.deviceCode, [DAY + 5 * HOUR_MS]);

    expect(await result).toEqual({
      summary: '3 missing hours in 1 device asked for; 3 stored; 6 missing hours in 1 device not asked (not connected)',
    });
    expect(await storedHours(gappy.deviceId)).toEqual([-1, 0, 1, 2, 3, 4, 5].map((h) => DAY + h * HOUR_MS));
    // Nothing missing: never asked.
    expect(wholeClient.received.filter((m) => m.cn === '2061')).toEqual([]);
    expect(gappyClient.received.filter((m) => m.cn === '2061')).toHaveLength(2);

    const log = run.log.lines().map((line) => line.replace(/^\S+ /, ''));
    expect(log).toContain('looking for missing hours in the 6 h before 2026-03-01 06:00 (Asia/Shanghai) in 3 devices');
    const tasks = await handle.db
      .selectFrom('reissueTasks')
      .selectAll()
      .where('deviceId', 'in', [gappy.deviceId, whole.deviceId, off.deviceId])
      // By device: the action asks a few devices at a time, so which task is recorded first is not fixed.
      .orderBy('deviceId')
      .execute();
    expect(tasks).toMatchObject([
      { deviceId: gappy.deviceId, mode: 'repair', cn: '2061', beginTime: DAY, endTime: DAY + 5 * HOUR_MS },
      { deviceId: off.deviceId, status: 'failed', reason: 'notConnected', missing: 6, stored: 0 },
    ]);
    // Recorded by the platform itself, not a user.
    expect(tasks.map((task) => task.createdBy)).toEqual([null, null]);
    const gappyTask = tasks[0]?.id;
    expect(log).toContain(
      `缺数站 (GAPJOB-0001): 3 missing hours: 2026-03-01 02:00–03:00, 2026-03-01 05:00; asked (2061, reissue task ${gappyTask})`,
    );
    expect(log).toContain('缺数站 (GAPJOB-0001): 2061 done, 3 of 3 stored');
    expect(log).toContain('离线站 (GAPJOB-0003): 6 missing hours: 2026-03-01 00:00–05:00; not asked (notConnected)');
    expect(log.some((line) => line.includes('齐全站'))).toBe(false);
  });

  it('asks for whole days only, and fails the run when no station with gaps could be asked', async () => {
    const off = await device('GAPJOB-0004', '离线站二');
    // 06:00 on 3 March with 48 h: only 2 March is a whole day in the window (1 March 06:00 – 3 March 06:00).
    const run = runContext([off], { windowHours: 48, granules: ['hour', 'day'] }, DAY + 2 * 24 * HOUR_MS + 6 * HOUR_MS);
    await expect(gapFillAction({ reissue })(run)).rejects.toThrow(
      'nothing could be asked: 48 missing hours and 1 missing day in 1 device not asked (not connected)',
    );
    const log = run.log.lines().map((line) => line.replace(/^\S+ /, ''));
    expect(log).toContain('离线站二 (GAPJOB-0004): 1 missing day: 2026-03-02 00:00; not asked (notConnected)');
    expect(log).toContain(
      '离线站二 (GAPJOB-0004): 48 missing hours: 2026-03-01 06:00–2026-03-03 05:00; not asked (notConnected)',
    );
  });

  it('stops waiting when the run is aborted; the repair goes on in the background', async () => {
    const slow = await device('GAPJOB-0005', '慢站');
    const client = await station();
    await uploadHour(client, slow.deviceCode, DAY);
    const controller = new AbortController();
    const run = runContext([slow], { windowHours: 2, granules: ['hour'] }, DAY + 2 * HOUR_MS, controller.signal);
    const result = gapFillAction({ reissue })(run);
    const request = await client.waitFor((m) => m.cn === '2061');
    expect(request.cp).toEqual({ BeginTime: '20260301010000', EndTime: '20260301010000' });
    await client.write(
      packet({ mn: slow.deviceCode, cn: '9011', st: '91', flag: 4, qn: request.qn, cp: { QnRtn: '1' } }),
    );
    controller.abort();
    expect((await result).summary).toBe('1 missing hour in 1 device asked for; 0 stored; 1 request still running');
    const log = run.log.lines().map((line) => line.replace(/^\S+ /, ''));
    expect(log).toContain('慢站 (GAPJOB-0005): 2061 still running when the run stopped (it goes on in the background)');
    expect(log).toContain('the run was stopped: devices not reached yet were not looked at');
    // The station ends it after all: the task records the hour.
    await uploadHour(client, slow.deviceCode, DAY + HOUR_MS);
    await client.write(
      packet({ mn: slow.deviceCode, cn: '9012', st: '91', flag: 4, qn: request.qn, cp: { ExeRtn: '1' } }),
    );
    await reissue.idle();
    expect(
      await handle.db
        .selectFrom('reissueTasks')
        .select(['status', 'stored'])
        .where('deviceId', '=', slow.deviceId)
        .execute(),
    ).toEqual([{ status: 'done', stored: 2 }]);
  });
});
