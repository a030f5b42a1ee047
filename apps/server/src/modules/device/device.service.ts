import {
  DEPLOY_TYPE,
  DEVICE_FAILURE_REASON,
  type Device,
  type DeviceInput,
  type DeviceQuery,
  type DeviceStatus,
  type DeviceUser,
  type Page,
  type QueryScope,
} from '@envmon/shared';
import type { Clock } from '../../lib/clock.js';
import { DomainError } from '../../lib/errors.js';
import { type ScopeReader, scopeOf } from './device-scope.js';
import { toDevice, toDeviceFields, toDeviceStatus, toDeviceUser } from './device.mapper.js';
import {
  type DeviceFilter,
  type DevicePlacement,
  type DeviceRepository,
  isUniqueViolation,
} from './device.repository.js';

/**
 * The gateway's cache of stations by code, when this process runs the gateway: an edited or
 * deleted device must be read again on its next packet, not after the cache's lifetime.
 */
export interface StationCache {
  forget(deviceCode: string): void;
}

/** Who reads: device lists scope by the user's bound devices and show the station password only to editors. */
export interface DeviceViewer extends ScopeReader {
  /** May edit devices (system.device:write): sees the station password (deviceSchema). */
  mayEdit: boolean;
}

/** The device as a viewer may see it. */
export function forViewer(device: Device, viewer: Pick<DeviceViewer, 'mayEdit'>): Device {
  return viewer.mayEdit ? device : { ...device, password: null };
}

const uniqueness = { reason: DEVICE_FAILURE_REASON.uniqueness };
const consistency = { reason: DEVICE_FAILURE_REASON.consistency };

/** The device list and its edits (SPEC section 7 'Device', section 8 device errors). */
export class DeviceService {
  constructor(
    private readonly repo: DeviceRepository,
    private readonly clock: Clock,
    private readonly stations: () => StationCache | null,
  ) {}

  /** getAll: the devices in the viewer's scope (device-scope.ts), filtered. */
  async list(query: DeviceQuery, viewer: DeviceViewer): Promise<Page<Device>> {
    const { pageNum, pageSize, ifFilter: _ifFilter, ...filter } = query;
    const { rows, total } = await this.repo.list(this.scope(filter, query, viewer), { pageNum, pageSize });
    return { list: rows.map((row) => forViewer(toDevice(row), viewer)), total, pageNum, pageSize };
  }

  async get(id: number): Promise<Device> {
    const row = await this.repo.find(id);
    if (!row) throw new DomainError('notFound');
    return toDevice(row);
  }

  async add(input: DeviceInput): Promise<Device> {
    if (await this.repo.codeTaken(input.deviceCode, null)) throw new DomainError('deviceCodeTaken', uniqueness);
    const placement = await this.placement(input);
    let id: number;
    try {
      id = await this.repo.insert(toDeviceFields(input), placement, this.clock.now());
    } catch (err) {
      // Another add of the same code got in between the check and the insert.
      if (isUniqueViolation(err)) throw new DomainError('deviceCodeTaken', uniqueness);
      throw err;
    }
    // A station that called before it was registered is cached as unknown.
    this.forget(input.deviceCode);
    return this.get(id);
  }

  /**
   * A bound device stays editable, but not its identity: users' device codes and a station's
   * monitor factors refer to the station the code (MN) and type (ST) name, so changing either
   * while bound would silently hand those bindings to another station.
   */
  async update(id: number, input: DeviceInput): Promise<Device> {
    const current = await this.get(id);
    if (await this.repo.codeTaken(input.deviceCode, id)) throw new DomainError('deviceUpdateTaken', uniqueness);
    const identityChanged = input.deviceCode !== current.deviceCode || input.deviceType !== current.deviceType;
    if (identityChanged && (await this.isBound(current))) throw new DomainError('deviceUpdateBound', consistency);
    const placement = await this.placement(input);
    try {
      await this.repo.update(id, toDeviceFields(input), placement, this.clock.now());
    } catch (err) {
      if (isUniqueViolation(err)) throw new DomainError('deviceUpdateTaken', uniqueness);
      throw err;
    }
    this.forget(current.deviceCode);
    this.forget(input.deviceCode);
    return this.get(id);
  }

  async remove(id: number): Promise<void> {
    const current = await this.get(id);
    if (await this.isBound(current)) throw new DomainError('deviceDeleteBound', consistency);
    await this.repo.delete(id);
    this.forget(current.deviceCode);
  }

  /** 'list users': who has the device among their device codes; none for a device outside the reader's scope. */
  async users(deviceCode: string, reader: ScopeReader): Promise<DeviceUser[]> {
    if (!(await this.repo.inScope({ deviceCode }, scopeOf({}, reader)))) return [];
    return (await this.repo.usersOf(deviceCode)).map(toDeviceUser);
  }

  /** A device outside the reader's scope is not found, as a missing one. */
  async assertVisible(deviceId: number, reader: ScopeReader): Promise<void> {
    if (!(await this.repo.inScope({ id: deviceId }, scopeOf({}, reader)))) throw new DomainError('notFound');
  }

  /** The connection state of every device the caller sees (map marker colours). */
  async statuses(query: QueryScope, reader: ScopeReader): Promise<DeviceStatus[]> {
    return (await this.repo.statuses(this.scope({ projectId: query.projectId }, query, reader))).map(toDeviceStatus);
  }

  /** getInstalledDevs: the devices bound to the caller. */
  async installed(viewer: DeviceViewer): Promise<Device[]> {
    return (await this.repo.boundTo(viewer.userId)).map((row) => forViewer(toDevice(row), viewer));
  }

  /** The form's project and address group, each a group of its own type (the shared schema checked the ids' form). */
  private async placement(input: DeviceInput): Promise<DevicePlacement> {
    const placement: DevicePlacement = {};
    const fields = [
      ['projectId', DEPLOY_TYPE.project],
      ['addressId', DEPLOY_TYPE.address],
    ] as const;
    for (const [field, deployType] of fields) {
      const deployId = input[field];
      if (deployId === undefined) continue;
      if (deployId !== null && (await this.repo.groupType(deployId)) !== deployType) {
        throw new DomainError('deviceGroupUnknown');
      }
      placement[field] = deployId;
    }
    return placement;
  }

  private scope(filter: DeviceFilter, query: QueryScope, reader: ScopeReader): DeviceFilter {
    const { boundTo } = scopeOf(query, reader);
    return boundTo === undefined ? filter : { ...filter, boundTo };
  }

  private async isBound(device: Device): Promise<boolean> {
    return (await this.repo.boundToCustomUser(device.deviceCode)) || this.repo.boundToFactors(device.id);
  }

  private forget(deviceCode: string): void {
    this.stations()?.forget(deviceCode);
  }
}
