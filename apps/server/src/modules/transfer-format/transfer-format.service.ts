import type {
  Page,
  TransferFormatDelete,
  Upstream,
  UpstreamDevice,
  UpstreamDeviceListQuery,
  UpstreamDevicesUpdate,
  UpstreamInput,
  UpstreamListQuery,
} from '@envmon/shared';
import type { Clock } from '../../lib/clock.js';
import { DomainError, forbidden } from '../../lib/errors.js';
import { MASK } from '../../lib/mask.js';
import type { Actor } from '../session/permission.js';
import { type DeviceScopeReader, type ScopeReader, scopeOf } from '../device/device-scope.js';
import type { ForwardHistory } from './forward-history.js';
import { toUpstream, toUpstreamDevice } from './transfer-format.mapper.js';
import type { TransferFormatRepository } from './transfer-format.repository.js';

/** Who calls: recorded on writes; what they may reach; whether they may see the passwords (they may edit). */
export type TransferFormatCaller = Pick<Actor, 'userName'> & ScopeReader & { seesPasswords: boolean };

/**
 * A user bound to some devices works on those only: an upstream serves every station forwarded to it, so adding,
 * editing or deleting one is for the others.
 */
const restricted = (caller: ScopeReader) => caller.hasBoundDevices && !caller.isAdmin;

/**
 * Settings › transfer format: the upstream platforms and what each device sends there. Every change tells the
 * forwarders (config topic 'transferFormat') before the call answers.
 */
export class TransferFormatService {
  constructor(
    private readonly repo: TransferFormatRepository,
    private readonly scopes: DeviceScopeReader,
    private readonly clock: Clock,
    private readonly changed: () => Promise<void>,
    /** Queues the stored uploads a device's settings bring into scope (fromTime in the past). */
    private readonly history: Pick<ForwardHistory, 'queueSince'>,
  ) {}

  async list(query: UpstreamListQuery, caller: TransferFormatCaller): Promise<Page<Upstream>> {
    const { rows, total } = await this.repo.listUpstreams(query);
    return {
      list: rows.map((row) => toUpstream(row, caller.seesPasswords)),
      total,
      pageNum: query.pageNum,
      pageSize: query.pageSize,
    };
  }

  /** Adds (no id) or edits an upstream; the masked password sent back keeps the saved one. */
  async save({ id, ...input }: UpstreamInput, caller: TransferFormatCaller): Promise<Upstream> {
    if (restricted(caller)) throw forbidden();
    const saved = id === undefined ? undefined : await this.repo.findUpstream(id);
    if (id !== undefined && !saved) throw new DomainError('notFound');
    if (await this.repo.nameTaken(input.name, id)) throw new DomainError('upstreamNameTaken');
    if (input.password === MASK && !saved) throw new DomainError('invalidInput');
    const columns = {
      name: input.name,
      host: input.host,
      port: input.port,
      protocol: input.protocol,
      st: input.st,
      password: input.password === MASK && saved ? saved.password : input.password,
      ackRequired: input.ackRequired ? 1 : 0,
      overTimeSeconds: input.overTimeSeconds,
      reCount: input.reCount,
      enabled: input.enabled ? 1 : 0,
      remark: input.remark,
    };
    const now = this.clock.now();
    let upstreamId = id;
    if (upstreamId === undefined) upstreamId = await this.repo.insertUpstream(columns, caller.userName, now);
    else await this.repo.updateUpstream(upstreamId, columns, now);
    await this.changed();
    const row = await this.repo.findUpstream(upstreamId);
    if (!row) throw new DomainError('notFound');
    return toUpstream(row, caller.seesPasswords);
  }

  /** The upstream's devices in the caller's scope, with settings and status. */
  async devices(query: UpstreamDeviceListQuery, caller: TransferFormatCaller): Promise<Page<UpstreamDevice>> {
    if (!(await this.repo.findUpstream(query.upstreamId))) throw new DomainError('notFound');
    const { rows, total } = await this.repo.listDevices(query.upstreamId, scopeOf(query, caller), query);
    return {
      list: rows.map((row) => toUpstreamDevice(row, caller.seesPasswords)),
      total,
      pageNum: query.pageNum,
      pageSize: query.pageSize,
    };
  }

  /** Sets many devices of one upstream at once: all in the caller's scope, or none is saved. */
  async saveDevices(input: UpstreamDevicesUpdate, caller: TransferFormatCaller): Promise<{ saved: number }> {
    if (!(await this.repo.findUpstream(input.upstreamId))) throw new DomainError('notFound');
    const ids = input.devices.map((d) => d.deviceId);
    const visible = await this.scopes.visibleOf(ids, scopeOf({}, caller));
    if (visible.length < ids.length) throw new DomainError('notFound');
    const taken = await this.repo.mnsTaken(
      input.upstreamId,
      input.devices.map((d) => d.upstreamMn),
      ids,
    );
    if (taken.length > 0) throw new DomainError('upstreamMnTaken', { mns: taken });
    const saved = new Map((await this.repo.deviceSettings(input.upstreamId, ids)).map((row) => [row.deviceId, row]));
    const rows = input.devices.map((d) => {
      const before = saved.get(d.deviceId);
      if (d.upstreamPassword === MASK && !before) throw new DomainError('invalidInput');
      return {
        deviceId: d.deviceId,
        upstreamMn: d.upstreamMn,
        upstreamPassword: d.upstreamPassword === MASK && before ? before.upstreamPassword : d.upstreamPassword,
        cns: JSON.stringify(d.cns),
        factors: JSON.stringify(d.factors),
        valueSource: d.valueSource,
        fromTime: d.fromTime,
        enabled: d.enabled ? 1 : 0,
      };
    });
    const now = this.clock.now();
    await this.repo.saveDevices(input.upstreamId, rows, now);
    try {
      await this.history.queueSince(await this.repo.deviceSettings(input.upstreamId, ids), saved, now);
    } finally {
      // The forwarders re-read the settings (a paused device resumes) and drain what was queued.
      await this.changed();
    }
    return { saved: rows.length };
  }

  /** Deletes an upstream (not for a user bound to devices), or stops forwarding one device in scope to it. */
  async remove({ id, deviceId }: TransferFormatDelete, caller: TransferFormatCaller): Promise<void> {
    if (!(await this.repo.findUpstream(id))) throw new DomainError('notFound');
    if (deviceId === undefined) {
      if (restricted(caller)) throw forbidden();
      await this.repo.deleteUpstream(id);
    } else {
      const [visible] = await this.scopes.visibleOf([deviceId], scopeOf({}, caller));
      if (visible === undefined || !(await this.repo.deleteDevice(id, deviceId))) throw new DomainError('notFound');
    }
    await this.changed();
  }
}
