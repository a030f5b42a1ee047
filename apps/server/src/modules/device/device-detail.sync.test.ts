import type { Device } from '@envmon/shared';
import { describe, expect, it } from 'vitest';
import type { CommandOutcome, CommandRequest } from '../../gateway/command-channel.js';
import type { StationCommands } from '../../gateway/station-commands.js';
import { ManualClock } from '../../lib/clock.js';
import { DomainError } from '../../lib/errors.js';
import { localDayStart } from './device-detail.service.js';
import { DeviceSyncService } from './device-detail.sync.js';
import type { DeviceService } from './device.service.js';

const device = { id: 7, deviceCode: 'MN-7', intervalTime: 300, utcOffsetMinutes: 480, password: 'pw7' } as Device;
const devices = {
  get: (id: number) => (id === 7 ? Promise.resolve(device) : Promise.reject(new DomainError('notFound'))),
};

/** A gateway whose station answers each command with the outcome given for its CN. */
function gateway(connected: boolean, outcomes: Record<string, CommandOutcome>) {
  const sent: CommandRequest[] = [];
  const commands: StationCommands = {
    isConnected: () => Promise.resolve(connected),
    sendCommand: (_code, request) => {
      sent.push(request);
      const outcome = outcomes[request.cn];
      return outcome ? Promise.resolve(outcome) : Promise.reject(new Error(`unexpected ${request.cn}`));
    },
  };
  return { commands, sent };
}

const failed = (
  reason: 'offline' | 'timeout' | 'rejected' | 'failed',
  qnRtn: number | null = null,
): CommandOutcome => ({
  ok: false,
  qn: 'q',
  reason,
  qnRtn,
  exeRtn: reason === 'failed' ? 2 : null,
  attempts: 1,
});

describe('device sync', () => {
  const clock = new ManualClock(Date.UTC(2026, 4, 1, 16, 30, 5));
  const service = (g: StationCommands | null) =>
    new DeviceSyncService(devices as unknown as DeviceService, () => g, clock);

  it('sends 1062, 1012 and 1072 in that order and maps every outcome', async () => {
    const g = gateway(true, {
      '1062': { ok: true, qn: 'q', qnRtn: 1, exeRtn: 1, attempts: 1 },
      '1012': failed('offline'),
      '1072': failed('rejected', 3),
    });
    const results = await service(g.commands).sync(7, ['password', 'time', 'intervalTime']);
    expect(results.map((r) => [r.item, r.cn, r.outcome, r.qnRtn])).toEqual([
      ['intervalTime', '1062', 'ok', 1],
      ['time', '1012', 'notConnected', null],
      ['password', '1072', 'refused', 3],
    ]);
    // 16:30:05 UTC is 00:30:05 the next day in Beijing.
    expect(g.sent).toEqual([
      { cn: '1062', cp: { RtdInterval: '300' } },
      { cn: '1012', cp: { SystemTime: '20260502003005' } },
      { cn: '1072', cp: { NewPW: 'pw7' } },
    ]);
  });

  it('maps a timeout and a failed execution', async () => {
    const g = gateway(true, { '1012': failed('timeout'), '1062': failed('failed', 1) });
    expect((await service(g.commands).sync(7, ['time', 'intervalTime'])).map((r) => [r.outcome, r.exeRtn])).toEqual([
      ['failed', 2],
      ['timeout', null],
    ]);
  });

  it('refuses when the station is not connected or no gateway runs here, before sending anything', async () => {
    const g = gateway(false, {});
    await expect(service(g.commands).sync(7, ['time'])).rejects.toMatchObject({ reason: 'deviceNotConnected' });
    await expect(service(null).sync(7, ['time'])).rejects.toMatchObject({ reason: 'gatewayNotRunning' });
    await expect(service(g.commands).sync(8, ['time'])).rejects.toMatchObject({ reason: 'notFound' });
    expect(g.sent).toEqual([]);
  });
});

describe('localDayStart', () => {
  it("starts the day at the station's midnight", () => {
    expect(localDayStart(Date.UTC(2026, 4, 1, 16, 30), 480)).toBe(Date.UTC(2026, 4, 1, 16));
    expect(localDayStart(Date.UTC(2026, 4, 1, 15, 59), 480)).toBe(Date.UTC(2026, 3, 30, 16));
    expect(localDayStart(Date.UTC(2026, 4, 1, 0, 0), 0)).toBe(Date.UTC(2026, 4, 1));
    expect(localDayStart(Date.UTC(2026, 4, 1, 3), -300)).toBe(Date.UTC(2026, 3, 30, 5));
  });
});
