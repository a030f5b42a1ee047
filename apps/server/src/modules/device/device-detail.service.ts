import {
  DAY_MS,
  type DeviceLatestValue,
  type DeviceSummary,
  type OperationLog,
  type Page,
  type PageQuery,
} from '@envmon/shared';
import type { Clock } from '../../lib/clock.js';
import { toOperationLog } from '../log/log.mapper.js';
import { toDeviceLatestValue } from './device-detail.mapper.js';
import type { ScopeReader } from './device-scope.js';
import type { DeviceDetailRepository } from './device-detail.repository.js';
import type { DeviceStatusRepository } from './device-status.repository.js';
import { type DeviceService, type DeviceViewer, forViewer } from './device.service.js';

/** Start of the day containing `now` on a clock `utcOffsetMinutes` ahead of UTC, as epoch ms. */
export function localDayStart(now: number, utcOffsetMinutes: number): number {
  const offset = utcOffsetMinutes * 60_000;
  return Math.floor((now + offset) / DAY_MS) * DAY_MS - offset;
}

/** The device detail tabs: summary, operation log, live data. */
export class DeviceDetailService {
  constructor(
    private readonly repo: DeviceDetailRepository,
    private readonly statuses: DeviceStatusRepository,
    private readonly devices: DeviceService,
    private readonly clock: Clock,
  ) {}

  /** "Today" is the station's own day (its UTC offset), the day its data times are written in. */
  async summary(deviceId: number, viewer: DeviceViewer): Promise<DeviceSummary> {
    await this.devices.assertVisible(deviceId, viewer);
    const device = forViewer(await this.devices.get(deviceId), viewer);
    const dayStart = localDayStart(this.clock.now(), device.utcOffsetMinutes);
    const status = await this.statuses.find(deviceId);
    const measurementsToday = await this.repo.countMeasurements(deviceId, dayStart, dayStart + DAY_MS);
    const packets = await this.repo.countPackets(deviceId, device.deviceCode, dayStart);
    const factorsReporting = await this.repo.countLatest(deviceId);
    const range = await this.repo.dataTimeRange(deviceId);
    return {
      device,
      online: status?.online === 1,
      changedAt: status?.changedAt ?? null,
      lastPacketAt: status?.lastPacketAt ?? null,
      dayStart,
      measurementsToday,
      packetsToday: packets.total,
      rejectedToday: packets.rejected,
      factorsReporting,
      firstDataTime: range.first,
      lastDataTime: range.last,
    };
  }

  async operationLog(deviceId: number, page: PageQuery, reader: ScopeReader): Promise<Page<OperationLog>> {
    await this.devices.assertVisible(deviceId, reader);
    const device = await this.devices.get(deviceId);
    const { rows, total } = await this.repo.operationLogs(device.id, device.deviceCode, page);
    return { list: rows.map(toOperationLog), total, ...page };
  }

  async latest(deviceId: number, reader: ScopeReader): Promise<DeviceLatestValue[]> {
    await this.devices.assertVisible(deviceId, reader);
    return (await this.repo.latest(deviceId)).map(toDeviceLatestValue);
  }
}
