import type {
  DeployClassify,
  DeployClassifyInput,
  DeployClassifyListQuery,
  DeviceDeploy,
  DeviceDeployInput,
  DeviceDeployQuery,
  Page,
} from '@envmon/shared';
import type { Clock } from '../../lib/clock.js';
import { DomainError } from '../../lib/errors.js';
import { type ScopeReader, scopeOf } from '../device/device-scope.js';
import { toDeployClassify, toDeviceDeploy } from './deploy.mapper.js';
import type { DeployClassifyRepository, DeviceDeployRepository } from './deploy.repository.js';

/** Device groupings; deployType 1 are the projects of the header's project selector, 2 addresses. */
export class DeployClassifyService {
  constructor(
    private readonly repo: DeployClassifyRepository,
    private readonly clock: Clock,
  ) {}

  async findAll(deployType: number | undefined): Promise<DeployClassify[]> {
    return (await this.repo.findAll(deployType)).map(toDeployClassify);
  }

  async list(query: DeployClassifyListQuery): Promise<Page<DeployClassify>> {
    const { rows, total } = await this.repo.list(query);
    return { list: rows.map(toDeployClassify), total, pageNum: query.pageNum, pageSize: query.pageSize };
  }

  async get(id: number): Promise<DeployClassify> {
    const row = await this.repo.find(id);
    if (!row) throw new DomainError('notFound');
    return toDeployClassify(row);
  }

  async add(input: DeployClassifyInput): Promise<DeployClassify> {
    if (await this.repo.nameTaken(input.deployName, input.deployType, null)) throw new DomainError('deployNameTaken');
    return this.get(await this.repo.insert(input, this.clock.now()));
  }

  async update(id: number, input: DeployClassifyInput): Promise<DeployClassify> {
    const current = await this.get(id);
    if (await this.repo.nameTaken(input.deployName, input.deployType, id)) throw new DomainError('deployNameTaken');
    // Its devices may already sit in a group of the other type.
    if (input.deployType !== current.deployType && (await this.repo.countDevices(id)) > 0) {
      throw new DomainError('deployTypeLocked');
    }
    await this.repo.update(id, input);
    return this.get(id);
  }

  /** A group that still holds devices is kept: the operator moves them first. */
  async remove(id: number): Promise<void> {
    await this.get(id);
    if ((await this.repo.countDevices(id)) > 0) throw new DomainError('inUse');
    await this.repo.delete(id);
  }
}

/** Grouping records: which group of each type a device sits in (at most one per type). */
export class DeviceDeployService {
  constructor(
    private readonly repo: DeviceDeployRepository,
    private readonly classify: DeployClassifyService,
  ) {}

  /** Reads cover the records of the devices in the reader's scope (device-scope.ts). */
  async list(query: DeviceDeployQuery, reader: ScopeReader): Promise<DeviceDeploy[]> {
    const rows = await this.repo.list({
      deployType: query.deployType,
      deployId: query.deployId,
      scope: scopeOf({ ifFilter: query.ifFilter }, reader),
    });
    return rows.map(toDeviceDeploy);
  }

  /** Without a reader: any device's (the writes' own reads). */
  async get(id: number, reader?: ScopeReader): Promise<DeviceDeploy> {
    const [row] = await this.repo.list({ id, scope: reader ? scopeOf({}, reader) : {} });
    if (!row) throw new DomainError('notFound');
    return toDeviceDeploy(row);
  }

  async byDevice(deviceId: number, reader: ScopeReader): Promise<DeviceDeploy[]> {
    return (await this.repo.list({ deviceId, scope: scopeOf({}, reader) })).map(toDeviceDeploy);
  }

  async add(input: DeviceDeployInput): Promise<DeviceDeploy> {
    const group = await this.checked(input, null);
    return this.get(await this.repo.insert(input.deviceId, group.id, group.deployType));
  }

  async update(id: number, input: DeviceDeployInput): Promise<DeviceDeploy> {
    const current = await this.repo.find(id);
    if (!current) throw new DomainError('notFound');
    const group = await this.checked(input, id);
    await this.repo.update(current, input.deviceId, group.id, group.deployType);
    return this.get(id);
  }

  async remove(id: number): Promise<void> {
    const current = await this.repo.find(id);
    if (!current) throw new DomainError('notFound');
    await this.repo.delete(current);
  }

  private async checked(input: DeviceDeployInput, exceptId: number | null): Promise<DeployClassify> {
    const group = await this.classify.get(input.deployId);
    if (!(await this.repo.deviceExists(input.deviceId))) throw new DomainError('notFound');
    if (await this.repo.findOfType(input.deviceId, group.deployType, exceptId)) {
      throw new DomainError('deviceAlreadyGrouped');
    }
    return group;
  }
}
