import type { DeviceQuery } from '@envmon/shared';
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, DevicesTable } from '../../db/schema.js';
import { type ScopeReader, scopeOf } from './device-scope.js';
import { matchingDevices } from './device.repository.js';

/** The filters of the device list, without paging: what an export narrows by. */
export type DeviceExportFilter = Omit<DeviceQuery, 'pageNum' | 'pageSize'>;

/** A device row as the export writes it: the maintainer by name. */
export type DeviceExportRow = Selectable<DevicesTable> & { maintainName: string | null };

/** A user an import may name as maintainer. */
export interface MaintainerCandidate {
  id: number;
  userName: string;
}

/**
 * Rows per statement: a device has about 25 columns, so 400 rows stay inside SQLite's 32,766
 * and PostgreSQL's 65,535 parameters.
 */
const CHUNK = 400;

function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** The SQL of batch import and export (the device form's own queries are in device.repository.ts). */
export class DeviceTransferRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Which of `codes` devices already have. */
  async existingCodes(codes: readonly string[]): Promise<Set<string>> {
    const found = new Set<string>();
    for (const part of chunks([...new Set(codes)])) {
      const rows = await this.db.selectFrom('devices').select('deviceCode').where('deviceCode', 'in', part).execute();
      for (const row of rows) found.add(row.deviceCode);
    }
    return found;
  }

  /** Users whose name is one of `names` or whose id is one of `ids`. */
  async usersNamed(names: readonly string[], ids: readonly number[]): Promise<MaintainerCandidate[]> {
    const users: MaintainerCandidate[] = [];
    for (const part of chunks([...new Set(names)])) {
      users.push(
        ...(await this.db.selectFrom('users').select(['id', 'userName']).where('userName', 'in', part).execute()),
      );
    }
    for (const part of chunks([...new Set(ids)])) {
      users.push(...(await this.db.selectFrom('users').select(['id', 'userName']).where('id', 'in', part).execute()));
    }
    return users;
  }

  /** All devices in one transaction: every one is stored, or (on any error) none. */
  async insertAll(devices: readonly Insertable<DevicesTable>[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      for (const part of chunks(devices)) await trx.insertInto('devices').values(part).execute();
    });
  }

  /**
   * One page of the export in id order after `afterId` (keyset paging: later pages cost the same
   * as the first), of the devices in the reader's scope.
   */
  exportPage(
    filter: DeviceExportFilter,
    reader: ScopeReader,
    afterId: number,
    limit: number,
  ): Promise<DeviceExportRow[]> {
    const { ifFilter: _ifFilter, ...filters } = filter;
    const { boundTo } = scopeOf(filter, reader);
    const query = matchingDevices(this.db, boundTo === undefined ? filters : { ...filters, boundTo })
      .leftJoin('users', 'users.id', 'devices.maintainId')
      .selectAll('devices')
      .select('users.userName as maintainName')
      .where('devices.id', '>', afterId);
    return query.orderBy('devices.id').limit(limit).execute();
  }
}
