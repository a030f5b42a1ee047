import { formatHj212Time } from '@envmon/hj212';
import { HOUR_MS, type OfflineCheckParams } from '@envmon/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../db/connection.js';
import { useTestApp } from '../../../test/harness.js';
import { packet, registerStation, type StationClient, useStationClients } from '../../../test/station-client.js';
import { DeviceRepository } from '../../device/device.repository.js';
import { DeviceService } from '../../device/device.service.js';
import { StatisticsService } from '../../statistics/statistics.service.js';
import { fetchWebhookClient } from '../../wx-alarm/webhook.js';
import { WebhookStub } from '../../wx-alarm/webhook-stub.test-support.js';
import { WxAlarmRepository } from '../../wx-alarm/wx-alarm.repository.js';
import { WxAlarmService } from '../../wx-alarm/wx-alarm.service.js';
import type { JobDeviceRef, JobRunContext } from '../job-action.js';
import { JobRunLog } from '../job-run-log.js';
import { offlineCheckAction } from './offline-check.js';
import { localTime } from './run-helpers.js';

/** 2026-03-01 00:00 in Beijing (the stations' and the job's zone, UTC+8). */
const DAY = Date.UTC(2026, 2, 1) - 8 * HOUR_MS;
/** The run: 2026-03-02 00:05 in Beijing; the last 24 whole hours are those of 1 March. */
const AT = DAY + 24 * HOUR_MS + 5 * 60_000;
const local = (at: number) => formatHj212Time(at, 480);
const SECRET = 'offline-check-secret';
const POLL = { timeout: 10_000, interval: 50 };
const PARAMS: OfflineCheckParams = { periodHours: 24, minTransmissionRate: 90 };

describe('job action: offline and transmission check', () => {
  const t = useTestApp({ gateway: true });
  const station = useStationClients(t);
  const stub = new WebhookStub();
  let handle: ReturnType<typeof openDatabase>;
  let action: ReturnType<typeof offlineCheckAction>;
  let webhookUrl: string;

  beforeAll(async () => {
    webhookUrl = `${await stub.start()}/cgi-bin/webhook/send?key=${SECRET}`;
    handle = openDatabase(t().config.database);
    const { db, clock } = { db: handle.db, clock: t().clock };
    const webhook = fetchWebhookClient(5000);
    const wxAlarms = new WxAlarmService(new WxAlarmRepository(db), webhook, clock, () => Promise.resolve());
    // As the job module wires it: device states, the statistics' hour transmission, the WeChat settings and client.
    action = offlineCheckAction({
      devices: new DeviceService(new DeviceRepository(db), clock, () => null),
      statistics: new StatisticsService(db, clock),
      wechat: { settings: () => wxAlarms.current(), client: webhook },
    });
    await db.updateTable('wxAlarmSettings').set({ webhookUrl }).execute();
  });
  afterAll(async () => {
    await handle.db.destroy();
    await stub.close();
  });

  /** Sends one hour upload (2061) of w01018 and waits for its 9014. */
  async function uploadHour(client: StationClient, mn: string, at: number): Promise<void> {
    const qn = `${local(at)}${String(at % 1000).padStart(3, '0')}`;
    await client.write(
      packet({ mn, cn: '2061', qn, dataTime: local(at), factors: { w01018: { Avg: '5', Flag: 'N' } } }),
    );
    await client.waitFor((m) => m.cn === '9014' && m.qn === qn);
  }

  /** A station of the job that connects and sends the hours of 1 March given (none: it never connects). */
  async function stationWith(
    mn: string,
    name: string,
    hours: number,
  ): Promise<{ ref: JobDeviceRef; client: StationClient | null }> {
    const ref = {
      deviceId: await registerStation(t(), { deviceCode: mn, deviceName: name }),
      deviceCode: mn,
      deviceName: name,
    };
    if (hours === 0) return { ref, client: null };
    const client = await station();
    for (let h = 0; h < hours; h += 1) await uploadHour(client, mn, DAY + h * HOUR_MS);
    return { ref, client };
  }

  const online = async (deviceId: number) =>
    (await handle.db.selectFrom('deviceStatus').select('online').where('deviceId', '=', deviceId).executeTakeFirst())
      ?.online ?? null;

  function run(devices: JobDeviceRef[]) {
    const context: JobRunContext<OfflineCheckParams> = {
      jobId: 2,
      jobName: 'offline check',
      timeZone: 'Asia/Shanghai',
      params: PARAMS,
      devices,
      at: AT,
      signal: new AbortController().signal,
      log: new JobRunLog(t().clock),
    };
    return { context, result: action(context) };
  }

  it('sends a digest of the stations offline now and those below the rate, and nothing when all are fine', async () => {
    // A: every hour, online. B: 18 of 24 hours, online. C: never connected. D: 22 of 24 hours, then gone.
    const a = await stationWith('OC-A', '达标站', 24);
    const b = await stationWith('OC-B', '低传输站', 18);
    const c = await stationWith('OC-C', '未上线站', 0);
    const d = await stationWith('OC-D', '断线站', 22);
    await d.client?.close();
    await expect.poll(() => online(d.ref.deviceId), POLL).toBe(0);
    await expect.poll(() => online(b.ref.deviceId), POLL).toBe(1);
    await expect.poll(() => online(a.ref.deviceId), POLL).toBe(1);
    const lastPacketAt = (
      await handle.db
        .selectFrom('deviceStatus')
        .select('lastPacketAt')
        .where('deviceId', '=', d.ref.deviceId)
        .executeTakeFirstOrThrow()
    ).lastPacketAt;
    expect(lastPacketAt).not.toBeNull();

    const from = stub.requests.length;
    const { context, result } = run([a.ref, b.ref, c.ref, d.ref]);
    expect((await result).summary).toBe('2 offline, 2 below 90 %: sent');
    expect(stub.requests.length).toBe(from + 1);
    expect(stub.requests[from]?.url).toBe(`/cgi-bin/webhook/send?key=${SECRET}`);
    // C has no hour of the 24 (0 %), B 18 (75 %); D's 22 (91.67 %) is above the rate, A's 24 too. Lowest first.
    expect(stub.contents(from)).toEqual([
      [
        '【站点离线与传输率检查】2026-03-02 00:00 前 24 小时（Asia/Shanghai）',
        '离线站点 2 个：',
        '- 未上线站（OC-C）从未上线',
        `- 断线站（OC-D）最后通讯 ${localTime(lastPacketAt ?? 0, 'Asia/Shanghai')}`,
        '传输率低于 90% 的站点 2 个：',
        '- 未上线站（OC-C）0%（0/24 小时）',
        '- 低传输站（OC-B）75%（18/24 小时）',
      ].join('\n'),
    ]);
    const log = context.log.lines().join('\n');
    expect(log).toContain('below 90 %: 低传输站 (OC-B) 75 % (18 of 24 hours)');
    expect(log).not.toContain(SECRET);

    // Only the stations that are fine: nothing is sent.
    const quiet = run([a.ref]);
    expect((await quiet.result).summary).toBe('all 1 device online and at or above 90 % over 24 h: nothing sent');
    expect(stub.requests.length).toBe(from + 1);

    // Not configured: found, logged, not sent.
    await handle.db.updateTable('wxAlarmSettings').set({ webhookUrl: null }).execute();
    try {
      const unsent = run([b.ref, c.ref]);
      expect((await unsent.result).summary).toBe('1 offline, 2 below 90 %: not sent (WeChat webhook not configured)');
      expect(unsent.context.log.lines().join('\n')).toContain('WeChat webhook not configured');
      expect(stub.requests.length).toBe(from + 1);
    } finally {
      await handle.db.updateTable('wxAlarmSettings').set({ webhookUrl }).execute();
    }

    // A webhook that refuses: the run fails and says why.
    stub.answer = { status: 200, body: { errcode: 93000, errmsg: 'invalid webhook url' } };
    try {
      await expect(run([c.ref]).result).rejects.toThrow(
        /^1 offline, 1 below 90 %: not sent, the WeChat webhook .* answered HTTP 200, errcode 93000 invalid webhook url$/,
      );
    } finally {
      stub.answer = { status: 200, body: { errcode: 0, errmsg: 'ok' } };
    }
  });
});
