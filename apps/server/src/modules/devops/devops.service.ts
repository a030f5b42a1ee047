import {
  DEVOPS_LIMITS,
  devopsFileType,
  type DevopsFile,
  type DevopsListQuery,
  type DevopsRecord,
  type DevopsRecordInput,
  type DevopsRecordUpdate,
  type Page,
} from '@envmon/shared';
import type { Clock } from '../../lib/clock.js';
import { DomainError } from '../../lib/errors.js';
import { type ScopeReader, scopeOf } from '../device/device-scope.js';
import { toDevopsFile, toDevopsRecord } from './devops.mapper.js';
import type { DevopsFileContent, DevopsRepository } from './devops.repository.js';

/** An uploaded attachment as the route read it. */
export interface DevopsUpload {
  recordId: number;
  fileName: string;
  content: Buffer;
}

/** Settings › DevOps: maintenance records of the stations and their attachments. */
export class DevopsService {
  constructor(
    private readonly repo: DevopsRepository,
    private readonly clock: Clock,
  ) {}

  async list(query: DevopsListQuery, reader: ScopeReader): Promise<Page<DevopsRecord>> {
    const { rows, total } = await this.repo.list(query, scopeOf(query, reader));
    const files = await this.repo.files(rows.map((r) => r.id));
    return {
      list: rows.map((row) => toDevopsRecord(row, files)),
      total,
      pageNum: query.pageNum,
      pageSize: query.pageSize,
    };
  }

  async get(id: number): Promise<DevopsRecord> {
    const row = await this.repo.find(id);
    if (!row) throw new DomainError('notFound');
    return toDevopsRecord(row, await this.repo.files([id]));
  }

  async add(input: DevopsRecordInput, createdBy: string): Promise<DevopsRecord> {
    if (!(await this.repo.deviceExists(input.deviceId))) throw new DomainError('notFound');
    return this.get(await this.repo.insert(input, createdBy, this.clock.now()));
  }

  async update({ id, ...input }: DevopsRecordUpdate): Promise<DevopsRecord> {
    if (!(await this.repo.find(id))) throw new DomainError('notFound');
    if (!(await this.repo.deviceExists(input.deviceId))) throw new DomainError('notFound');
    await this.repo.update(id, input, this.clock.now());
    return this.get(id);
  }

  async remove(id: number): Promise<void> {
    if (!(await this.repo.find(id))) throw new DomainError('notFound');
    await this.repo.delete(id);
  }

  /** Adds an attachment: an accepted kind (by extension), not empty, and at most DEVOPS_LIMITS.maxFiles a record. */
  async upload(upload: DevopsUpload): Promise<DevopsFile> {
    const fileName = baseName(upload.fileName);
    const mimeType = devopsFileType(fileName);
    if (!mimeType || fileName.length > DEVOPS_LIMITS.fileNameMax) throw new DomainError('devopsFileType');
    if (upload.content.length === 0) throw new DomainError('devopsFileMissing');
    if (!(await this.repo.find(upload.recordId))) throw new DomainError('notFound');
    const id = await this.repo.insertFile(
      { recordId: upload.recordId, fileName, mimeType, content: upload.content },
      DEVOPS_LIMITS.maxFiles,
      this.clock.now(),
    );
    if (id === 'full') throw new DomainError('devopsFileLimit');
    const row = await this.repo.file(id);
    if (!row) throw new DomainError('notFound');
    return toDevopsFile(row);
  }

  async file(id: number, reader: ScopeReader): Promise<DevopsFileContent> {
    const file = await this.repo.fileContent(id, scopeOf({}, reader));
    if (!file) throw new DomainError('notFound');
    return file;
  }

  async removeFile(id: number): Promise<void> {
    if (!(await this.repo.file(id))) throw new DomainError('notFound');
    await this.repo.deleteFile(id);
  }
}

/** The name without any folder a browser may have sent with it. */
function baseName(name: string): string {
  return name.split(/[\\/]/).pop()?.trim() ?? '';
}
