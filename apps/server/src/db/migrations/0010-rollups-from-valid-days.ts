import { type Migration, sql } from 'kysely';
import type { AnyDb } from './builders.js';

/** The valid-days aggregate as it stood then (the ingest's ROLLUP_AGGREGATES has since learned audits, whose columns come later). */
const VALID_DAY = "value is not null and coalesce(flag, 'N') = 'N' and quality = 'N'";
const ROLLUP_AGGREGATES = `avg(case when ${VALID_DAY} then value end), min(case when ${VALID_DAY} then coalesce(min, value) end),
  max(case when ${VALID_DAY} then coalesce(max, value) end), sum(cou)`;

/**
 * Month and year values were averaged over every day value, fault days included; they now come from the
 * valid days only (ROLLUP_AGGREGATES). Each stored month and year is recomputed from its days, in its
 * station's calendar. Nothing to undo: the old averages are not kept.
 */
export function rollupsFromValidDays(): Migration {
  return {
    async up(db: AnyDb) {
      const { rows } = await sql<{
        deviceId: number;
        factorCode: string;
        kind: 'month' | 'year';
        from: number;
        offset: number;
      }>`
        select m.device_id as "deviceId", m.factor_code as "factorCode", m.kind as "kind", m.data_time as "from",
               d.utc_offset_minutes as "offset"
        from measurements m join devices d on d.id = m.device_id
        where m.kind in ('month', 'year')`.execute(db);
      for (const row of rows) {
        const from = Number(row.from);
        const offset = Number(row.offset) * 60_000;
        const local = new Date(from + offset);
        const to =
          row.kind === 'month'
            ? Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + 1, 1) - offset
            : Date.UTC(local.getUTCFullYear() + 1, 0, 1) - offset;
        await sql`
          update measurements set (value, min, max, cou) = (
            select ${sql.raw(ROLLUP_AGGREGATES)} from measurements
            where device_id = ${row.deviceId} and factor_code = ${row.factorCode} and kind = 'day'
              and data_time >= ${from} and data_time < ${to})
          where device_id = ${row.deviceId} and factor_code = ${row.factorCode} and kind = ${row.kind}
            and data_time = ${from}`.execute(db);
      }
    },
    async down() {},
  };
}
