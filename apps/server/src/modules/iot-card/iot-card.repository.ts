import { IOT_CARD_SOON_MS, type IotCardInput, type IotCardListQuery } from '@envmon/shared';
import type { ExpressionBuilder, Kysely, Selectable } from 'kysely';
import type { Database, IotCardsTable } from '../../db/schema.js';
import { containsText, selectPage } from '../../db/sql.js';
import { type DeviceScope, devicesInScope } from '../../db/queries/device-scope.js';

export type IotCardRow = Selectable<IotCardsTable> & { deviceName: string | null; deviceCode: string | null };

const COLUMNS = [
  'iotCards.id',
  'iotCards.cardNo',
  'iotCards.msisdn',
  'iotCards.operator',
  'iotCards.deviceId',
  'devices.deviceName',
  'devices.deviceCode',
  'iotCards.plan',
  'iotCards.dataLimitMb',
  'iotCards.activateDate',
  'iotCards.expireDate',
  'iotCards.remark',
  'iotCards.createTime',
  'iotCards.updateTime',
] as const;

type CardsAndDevices = ExpressionBuilder<Database, 'iotCards' | 'devices'>;

/** The expiry filter, as `iotCardExpiry` buckets a card: a card without an expiry date is valid. */
function expiryIs(eb: CardsAndDevices, expiry: NonNullable<IotCardListQuery['expiry']>, now: number) {
  switch (expiry) {
    case 'expired':
      return eb('iotCards.expireDate', '<', now);
    case 'soon':
      return eb.and([eb('iotCards.expireDate', '>=', now), eb('iotCards.expireDate', '<=', now + IOT_CARD_SOON_MS)]);
    case 'valid':
      return eb.or([eb('iotCards.expireDate', 'is', null), eb('iotCards.expireDate', '>', now + IOT_CARD_SOON_MS)]);
  }
}

/** The iot_cards table (settings › IoT card), read with the device each card is in. */
export class IotCardRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private joined() {
    return this.db.selectFrom('iotCards').leftJoin('devices', 'devices.id', 'iotCards.deviceId');
  }

  private base() {
    return this.joined().select(COLUMNS);
  }

  /**
   * A page of the cards in scope, soonest expiry first (cards without an expiry date last). A card in no device
   * is in no project and bound to nobody: the scope's conditions leave it out, and no scope keeps it.
   */
  list(query: IotCardListQuery, scope: DeviceScope, now: number): Promise<{ rows: IotCardRow[]; total: number }> {
    let filtered = this.joined().where((eb) => devicesInScope(eb, scope));
    const cardNo = query.cardNo;
    if (cardNo) filtered = filtered.where((eb) => containsText(eb.ref('iotCards.cardNo'), cardNo));
    if (query.deviceId !== undefined) filtered = filtered.where('iotCards.deviceId', '=', query.deviceId);
    if (query.operator !== undefined) filtered = filtered.where('iotCards.operator', '=', query.operator);
    const expiry = query.expiry;
    if (expiry !== undefined) filtered = filtered.where((eb) => expiryIs(eb, expiry, now));
    return selectPage(filtered, query, (q) =>
      q
        .select(COLUMNS)
        .orderBy((eb) => eb.case().when('iotCards.expireDate', 'is', null).then(1).else(0).end())
        .orderBy('iotCards.expireDate')
        .orderBy('iotCards.id'),
    );
  }

  async find(id: number): Promise<IotCardRow | null> {
    return (await this.base().where('iotCards.id', '=', id).executeTakeFirst()) ?? null;
  }

  /** The id of the card with this number, or of the card in this device (null: none). */
  async idOf(by: { cardNo: string } | { deviceId: number }): Promise<number | null> {
    const query = this.db.selectFrom('iotCards').select('id');
    const row = await (
      'cardNo' in by ? query.where('cardNo', '=', by.cardNo) : query.where('deviceId', '=', by.deviceId)
    ).executeTakeFirst();
    return row?.id ?? null;
  }

  async deviceExists(deviceId: number): Promise<boolean> {
    return (
      (await this.db.selectFrom('devices').select('id').where('id', '=', deviceId).executeTakeFirst()) !== undefined
    );
  }

  async insert(input: IotCardInput, now: number): Promise<number> {
    const { id } = await this.db
      .insertInto('iotCards')
      .values({ ...input, createTime: now, updateTime: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  async update(id: number, input: IotCardInput, now: number): Promise<void> {
    await this.db
      .updateTable('iotCards')
      .set({ ...input, updateTime: now })
      .where('id', '=', id)
      .execute();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('iotCards').where('id', '=', id).execute();
  }
}
