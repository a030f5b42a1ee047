import { formatHj212Time, type Hj212Message } from '@envmon/hj212';
import { HOUR_MS } from '@envmon/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../db/connection.js';
import { localStationCommands, type StationCommands } from '../../../gateway/station-commands.js';
import { simulatedStationSpecs } from '../../../simulator/fleet.js';
import { SimulatedStation } from '../../../simulator/simulated-station.js';
import { useTestApp } from '../../../test/harness.js';
import { packet, registerStation, type StationClient, useStationClients } from '../../../test/station-client.js';
import { ReissueRepository } from '../../reissue/reissue.repository.js';
import { ReissueService } from '../../reissue/reissue.service.js';
import type { JobDeviceRef, JobRunContext } from '../job-action.js';
import { JobRunLog } from '../job-run-log.js';
import { clockSyncAction } from './clock-sync.js';

const COMMANDS = { timeoutMs: 400, retries: 1 };

describe('job action: clock sync', () => {
  const t = useTestApp({ gateway: { commandOptions: COMMANDS } });
  const station = useStationClients(t);
  let handle: ReturnType<typeof openDatabase>;
  let reissue: ReissueService;
  let commands: StationCommands;

  beforeAll(() => {
    handle = openDatabase(t().config.database);
    const gateway = t().app.stations?.gateway;
    if (!gateway) throw new Error('gateway not running');
    commands = localStationCommands(gateway);
    reissue = new ReissueService(new ReissueRepository(handle.db, 'job-test'), () => commands, t().clock, {
      warn: () => undefined,
    });
  });
  afterAll(async () => {
    await handle.db.destroy();
  });

  const action = () =>
    clockSyncAction({
      stationCommands: () => commands,
      stations: (ids) => reissue.stations(ids),
      clock: t().clock,
      commandOptions: COMMANDS,
    });

  function runContext(devices: JobDeviceRef[]): JobRunContext<Record<string, never>> {
    return {
      jobId: 2,
      jobName: 'daily clock sync',
      timeZone: 'Asia/Shanghai',
      params: {},
      devices,
      at: t().clock.now(),
      signal: new AbortController().signal,
      log: new JobRunLog(t().clock),
    };
  }

  const logOf = (run: JobRunContext<unknown>) => run.log.lines().map((line) => line.replace(/^\S+ /, ''));

  async function device(mn: string, name: string, fields: { password?: string; deviceType?: string } = {}) {
    const deviceId = await registerStation(t(), { deviceCode: mn, deviceName: name, ...fields });
    return { deviceId, deviceCode: mn, deviceName: name } satisfies JobDeviceRef;
  }

  /** A raw station that has spoken once (so the gateway holds it) and answers requests by hand. */
  async function rawStation(mn: string): Promise<StationClient> {
    const client = await station();
    await client.write(packet({ mn, qn: '20260301000000001', dataTime: '20260301000000' }));
    await client.waitFor((m) => m.cn === '9014');
    return client;
  }

  const reply = (client: StationClient, mn: string, request: Hj212Message, cn: string, cp: Record<string, string>) =>
    client.write(packet({ mn, cn, st: '91', flag: 4, qn: request.qn, cp }));

  it('sets a simulated station’s clock to the platform time; one refusing and one not connected are logged', async () => {
    const [spec] = simulatedStationSpecs(1, 'CLKJOB');
    if (!spec) throw new Error('no station spec');
    const sim = await device(spec.mn, '模拟站', { password: spec.pw, deviceType: spec.st });
    const refusing = await device('CLKJOB-RAW-0001', '拒绝站');
    const off = await device('CLKJOB-OFF-0001', '离线站');
    // The simulated station's clock runs five hours behind.
    const simulated = new SimulatedStation({
      mn: spec.mn,
      pw: spec.pw,
      kind: spec.kind,
      seed: spec.seed,
      host: '127.0.0.1',
      port: t().app.stations?.port ?? 0,
      rtdIntervalMs: 3_600_000,
      clock: () => Date.now() - 5 * HOUR_MS,
    });
    const received: Hj212Message[] = [];
    simulated.on('command', (m: Hj212Message) => received.push(m));
    simulated.start();
    try {
      expect(await simulated.sendNow('2011', Date.now())).toBe(true);
      const client = await rawStation(refusing.deviceCode);
      // The platform's clock (a ManualClock) is two minutes ahead of the machine's: the station is set to it.
      t().clock.advance(120_000);

      const run = runContext([sim, refusing, off]);
      const result = action()(run);
      const request = await client.waitFor((m) => m.cn === '1012');
      expect(request.cp).toEqual({ SystemTime: formatHj212Time(t().clock.now(), 480) });
      await reply(client, refusing.deviceCode, request, '9011', { QnRtn: '2' });

      expect(await result).toEqual({ summary: '1 station set, 1 not connected, 1 failed' });
      expect(received.filter((m) => m.cn === '1012').map((m) => m.cp)).toEqual([
        { SystemTime: formatHj212Time(t().clock.now(), 480) },
      ]);
      // Set to the second (HJ 212 times have no milliseconds): within a second and a bit of the platform's clock.
      expect(Math.abs(simulated.now() - t().clock.now())).toBeLessThan(2_000);
      // The stations are set side by side: their lines come in any order, the summary last.
      const log = logOf(run);
      expect(log.at(-1)).toBe('1 station set, 1 not connected, 1 failed');
      expect(log.slice(0, -1).sort()).toEqual(
        [
          `拒绝站 (CLKJOB-RAW-0001): 1012 SystemTime=${formatHj212Time(t().clock.now(), 480)} refused (QnRtn 2)`,
          '离线站 (CLKJOB-OFF-0001): not connected, skipped',
        ].sort(),
      );
    } finally {
      await simulated.stop();
    }
  });

  it('fails the run only when every connected station failed', async () => {
    const silent = await device('CLKJOB-RAW-0002', '无应答站');
    const off = await device('CLKJOB-OFF-0002', '离线站二');
    const client = await rawStation(silent.deviceCode);
    const run = runContext([silent, off]);
    // Unanswered: sent, resent once after 400 ms, then given up.
    await expect(action()(run)).rejects.toThrow(
      'every connected station failed: 0 stations set, 1 not connected, 1 failed',
    );
    expect(client.received.filter((m) => m.cn === '1012')).toHaveLength(2);
    expect(logOf(run)).toContain(
      `无应答站 (CLKJOB-RAW-0002): 1012 SystemTime=${formatHj212Time(t().clock.now(), 480)} timeout`,
    );

    // Nothing connected is no failure: nothing was there to set.
    const quiet = runContext([off]);
    expect(await action()(quiet)).toEqual({ summary: '0 stations set, 1 not connected, 0 failed' });
  });
});
