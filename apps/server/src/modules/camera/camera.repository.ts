import type { CameraInput, CameraListQuery, CameraPolicy } from '@envmon/shared';
import type { Kysely, Selectable } from 'kysely';
import type { CamerasTable, Database } from '../../db/schema.js';
import { containsText, selectPage } from '../../db/sql.js';
import { boundDeviceCodes, type DeviceScope, devicesInScope } from '../../db/queries/device-scope.js';

export type CameraRow = Selectable<CamerasTable> & { deviceName: string | null };

/** The cameras table (settings 'video ys') and the video query's read of it. */
export class CameraRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private base() {
    return this.db
      .selectFrom('cameras')
      .innerJoin('devices', 'devices.id', 'cameras.deviceId')
      .select([
        'cameras.id',
        'cameras.deviceId',
        'devices.deviceName',
        'cameras.name',
        'cameras.hlsUrl',
        'cameras.enabled',
        'cameras.visibility',
        'cameras.maxPlaySeconds',
        'cameras.createTime',
        'cameras.updateTime',
      ]);
  }

  async list(query: CameraListQuery, scope: DeviceScope): Promise<{ rows: CameraRow[]; total: number }> {
    let filtered = this.db
      .selectFrom('cameras')
      .innerJoin('devices', 'devices.id', 'cameras.deviceId')
      .where((eb) => devicesInScope(eb, scope));
    if (query.deviceId !== undefined) filtered = filtered.where('cameras.deviceId', '=', query.deviceId);
    const name = query.name;
    if (name) filtered = filtered.where((eb) => containsText(eb.ref('cameras.name'), name));
    const { rows: ids, total } = await selectPage(filtered, query, (q) =>
      q.select('cameras.id').orderBy('cameras.deviceId').orderBy('cameras.id'),
    );
    const rows =
      ids.length === 0
        ? []
        : await this.base()
            .where(
              'cameras.id',
              'in',
              ids.map((r) => r.id),
            )
            .orderBy('cameras.deviceId')
            .orderBy('cameras.id')
            .execute();
    return { rows, total: Number(total) };
  }

  async find(id: number, scope: DeviceScope = {}): Promise<CameraRow | null> {
    const row = await this.base()
      .where('cameras.id', '=', id)
      .where((eb) => devicesInScope(eb, scope))
      .executeTakeFirst();
    return row ?? null;
  }

  /**
   * The enabled cameras of the devices in scope (of one device when given); a `bound` camera only when
   * `boundUserId` is bound to its device, or for everyone when `boundUserId` is null (administrators).
   */
  playable(scope: DeviceScope, deviceId: number | undefined, boundUserId: number | null): Promise<CameraRow[]> {
    let query = this.base()
      .where('cameras.enabled', '=', 1)
      .where((eb) => devicesInScope(eb, scope));
    if (deviceId !== undefined) query = query.where('cameras.deviceId', '=', deviceId);
    if (boundUserId !== null) {
      query = query.where((eb) =>
        eb.or([
          eb('cameras.visibility', '<>', 'bound'),
          eb('devices.deviceCode', 'in', boundDeviceCodes(eb, boundUserId)),
        ]),
      );
    }
    return query.orderBy('cameras.deviceId').orderBy('cameras.id').execute();
  }

  async deviceExists(deviceId: number): Promise<boolean> {
    return (
      (await this.db.selectFrom('devices').select('id').where('id', '=', deviceId).executeTakeFirst()) !== undefined
    );
  }

  async insert(input: CameraInput, now: number): Promise<number> {
    const { id } = await this.db
      .insertInto('cameras')
      .values({
        deviceId: input.deviceId,
        name: input.name,
        hlsUrl: input.hlsUrl,
        enabled: input.enabled ? 1 : 0,
        createTime: now,
        updateTime: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  async update(id: number, input: CameraInput, now: number): Promise<void> {
    await this.db
      .updateTable('cameras')
      .set({
        deviceId: input.deviceId,
        name: input.name,
        hlsUrl: input.hlsUrl,
        enabled: input.enabled ? 1 : 0,
        updateTime: now,
      })
      .where('id', '=', id)
      .execute();
  }

  async setPolicy(policy: CameraPolicy, now: number): Promise<void> {
    await this.db
      .updateTable('cameras')
      .set({ visibility: policy.visibility, maxPlaySeconds: policy.maxPlaySeconds, updateTime: now })
      .where('id', '=', policy.id)
      .execute();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('cameras').where('id', '=', id).execute();
  }
}
