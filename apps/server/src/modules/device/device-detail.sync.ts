import { formatHj212Time } from '@envmon/hj212';
import type { Device, DeviceSyncItem, DeviceSyncOutcome, DeviceSyncResult } from '@envmon/shared';
import { type CommandOptions, type CommandOutcome, commandFailure } from '../../gateway/command-channel.js';
import type { StationCommands } from '../../gateway/station-commands.js';
import type { Clock } from '../../lib/clock.js';
import { DomainError } from '../../lib/errors.js';
import type { DeviceService } from './device.service.js';

/**
 * Waits for one sync: the console gives up on a request after 20 s (SPEC section 9), so the
 * items go out together and each may wait 5 s for an answer, resent once — and 5 s more for the
 * result once the station has accepted — rather than HJ 212's default 10 s × 3 retries.
 */
export const SYNC_COMMAND_OPTIONS: CommandOptions = { timeoutMs: 5_000, retries: 1 };

/** The HJ 212 command of each item (HJ212.md §9); the password goes last, as the station may switch to it at once. */
const COMMAND_OF: Record<DeviceSyncItem, string> = { intervalTime: '1062', time: '1012', password: '1072' };
const ORDER: readonly DeviceSyncItem[] = ['intervalTime', 'time', 'password'];

const outcomeOf = (outcome: CommandOutcome): DeviceSyncOutcome => (outcome.ok ? 'ok' : commandFailure(outcome));

/** Setting → sync: pushes a device's settings to its connected station and reports each answer. */
export class DeviceSyncService {
  constructor(
    private readonly devices: DeviceService,
    private readonly gateway: () => StationCommands | null,
    private readonly clock: Clock,
    private readonly options: CommandOptions = SYNC_COMMAND_OPTIONS,
  ) {}

  async sync(deviceId: number, items: readonly DeviceSyncItem[]): Promise<DeviceSyncResult[]> {
    const device = await this.devices.get(deviceId);
    const gateway = this.gateway();
    if (!gateway) throw new DomainError('gatewayNotRunning');
    if (!(await gateway.isConnected(device.deviceCode))) throw new DomainError('deviceNotConnected');
    const wanted = ORDER.filter((item) => items.includes(item));
    return Promise.all(wanted.map((item) => this.push(gateway, device, item)));
  }

  private async push(gateway: StationCommands, device: Device, item: DeviceSyncItem): Promise<DeviceSyncResult> {
    const cn = COMMAND_OF[item];
    const cp = this.parameters(device, item);
    if (!cp) return { item, cn, outcome: 'skipped', qnRtn: null, exeRtn: null };
    const outcome = await gateway.sendCommand(device.deviceCode, { cn, cp }, this.options);
    return { item, cn, outcome: outcomeOf(outcome), qnRtn: outcome.qnRtn, exeRtn: outcome.exeRtn };
  }

  /** The command's CP fields, or null when the device has nothing to push (no password set). */
  private parameters(device: Device, item: DeviceSyncItem): Record<string, string> | null {
    switch (item) {
      case 'intervalTime':
        // RtdInterval is in seconds (HJ212.md §6), like the device's report interval.
        return { RtdInterval: String(device.intervalTime) };
      case 'time':
        return { SystemTime: formatHj212Time(this.clock.now(), device.utcOffsetMinutes) };
      case 'password':
        return device.password ? { NewPW: device.password } : null;
    }
  }
}
