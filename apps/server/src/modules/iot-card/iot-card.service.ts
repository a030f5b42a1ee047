import type { IotCard, IotCardInput, IotCardListQuery, IotCardUpdate, Page } from '@envmon/shared';
import type { Clock } from '../../lib/clock.js';
import { DomainError } from '../../lib/errors.js';
import { type ScopeReader, scopeOf } from '../device/device-scope.js';
import { toIotCard } from './iot-card.mapper.js';
import type { IotCardRepository } from './iot-card.repository.js';

/** Settings › IoT card: which card is in which station, and when it expires. */
export class IotCardService {
  constructor(
    private readonly repo: IotCardRepository,
    private readonly clock: Clock,
  ) {}

  async list(query: IotCardListQuery, reader: ScopeReader): Promise<Page<IotCard>> {
    const { rows, total } = await this.repo.list(query, scopeOf(query, reader), this.clock.now());
    return { list: rows.map(toIotCard), total, pageNum: query.pageNum, pageSize: query.pageSize };
  }

  async get(id: number): Promise<IotCard> {
    const row = await this.repo.find(id);
    if (!row) throw new DomainError('notFound');
    return toIotCard(row);
  }

  async add(input: IotCardInput): Promise<IotCard> {
    await this.check(input, null);
    return this.get(await this.repo.insert(input, this.clock.now()));
  }

  async update({ id, ...input }: IotCardUpdate): Promise<IotCard> {
    await this.get(id);
    await this.check(input, id);
    await this.repo.update(id, input, this.clock.now());
    return this.get(id);
  }

  async remove(id: number): Promise<void> {
    await this.get(id);
    await this.repo.delete(id);
  }

  /** The device exists, the number is no other card's, and the device holds no other card. */
  private async check(input: IotCardInput, self: number | null): Promise<void> {
    const other = (id: number | null) => id !== null && id !== self;
    if (input.deviceId !== null && !(await this.repo.deviceExists(input.deviceId))) throw new DomainError('notFound');
    if (other(await this.repo.idOf({ cardNo: input.cardNo }))) throw new DomainError('iotCardTaken');
    if (input.deviceId !== null && other(await this.repo.idOf({ deviceId: input.deviceId })))
      throw new DomainError('iotCardDeviceTaken');
  }
}
