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
import { scopeOf } from '../device/device-scope.js';
import type { Access } from '../session/permission.js';
import { toCamera } from './camera.mapper.js';
import type { CameraRepository } from './camera.repository.js';

/** Cameras attached to devices: their settings (video ys) and what the video query may play. */
export class CameraService {
  constructor(
    private readonly repo: CameraRepository,
    private readonly clock: Clock,
  ) {}

  async list(query: CameraListQuery, callerId: number): Promise<Page<Camera>> {
    const { rows, total } = await this.repo.list(query, scopeOf(query, callerId));
    return { list: rows.map(toCamera), total, pageNum: query.pageNum, pageSize: query.pageSize };
  }

  async get(id: number): Promise<Camera> {
    const row = await this.repo.find(id);
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
  async playable(query: VideoQuery, caller: { userId: number } & Access): Promise<Camera[]> {
    const rows = await this.repo.playable(
      scopeOf(query, caller.userId),
      query.deviceId,
      caller.isAdmin ? null : caller.userId,
    );
    return rows.map(toCamera);
  }
}
