import type {
  Camera,
  CameraInput,
  CameraListQuery,
  CameraPolicy,
  CameraUpdate,
  Page,
  VideoQuery,
} from '@envmon/shared';
import type { Clock } from '../../lib/clock.js';
import { DomainError } from '../../lib/errors.js';
import { type ScopeReader, scopeOf } from '../device/device-scope.js';
import { toCamera } from './camera.mapper.js';
import type { CameraRepository } from './camera.repository.js';

/** Cameras attached to devices: their settings (video ys) and what the video query may play. */
export class CameraService {
  constructor(
    private readonly repo: CameraRepository,
    private readonly clock: Clock,
  ) {}

  async list(query: CameraListQuery, reader: ScopeReader): Promise<Page<Camera>> {
    const { rows, total } = await this.repo.list(query, scopeOf(query, reader));
    return { list: rows.map(toCamera), total, pageNum: query.pageNum, pageSize: query.pageSize };
  }

  /** Without a reader: any device's (the writes' own reads). */
  async get(id: number, reader?: ScopeReader): Promise<Camera> {
    const row = await this.repo.find(id, reader ? scopeOf({}, reader) : {});
    if (!row) throw new DomainError('notFound');
    return toCamera(row);
  }

  async add(input: CameraInput): Promise<Camera> {
    if (!(await this.repo.deviceExists(input.deviceId))) throw new DomainError('notFound');
    return this.get(await this.repo.insert(input, this.clock.now()));
  }

  async update({ id, ...input }: CameraUpdate): Promise<Camera> {
    await this.get(id);
    if (!(await this.repo.deviceExists(input.deviceId))) throw new DomainError('notFound');
    await this.repo.update(id, input, this.clock.now());
    return this.get(id);
  }

  async policySet(policy: CameraPolicy): Promise<Camera> {
    await this.get(policy.id);
    await this.repo.setPolicy(policy, this.clock.now());
    return this.get(policy.id);
  }

  async remove(id: number): Promise<void> {
    await this.get(id);
    await this.repo.delete(id);
  }

  /**
   * The video query: enabled cameras of the devices in the caller's scope; a camera whose policy is `bound`
   * only for users bound to its device (administrators see every camera).
   */
  async playable(query: VideoQuery, caller: ScopeReader): Promise<Camera[]> {
    const rows = await this.repo.playable(
      scopeOf(query, caller),
      query.deviceId,
      caller.isAdmin ? null : caller.userId,
    );
    return rows.map(toCamera);
  }
}
