// The alarm benchmark's background thresholds (bench/alarm.ts): every background station gets thresholds on
// its ten factors that its values never break, so the engine judges every value and raises nothing. Written
// straight into the database, before the probes' thresholds go through the route that reloads them all.
import { THRESHOLD_OPERATOR } from '@envmon/shared';
import { openDatabase } from '@envmon/server/dist/db/connection.js';
import type { benchConfig } from './bench-server-side.js';
import { FACTORS, stationCode } from './ingest-common.js';

/** A threshold each background value stays well inside: pH out of (6, 9), dissolved oxygen under 2, others over 4× their level. */
function backgroundRule(code: string, level: number) {
  if (code === 'w01001') return { operator: THRESHOLD_OPERATOR.notIn, limit1: 6, limit2: 9 };
  if (code === 'w01009') return { operator: THRESHOLD_OPERATOR.lt, limit1: 2, limit2: null };
  return { operator: THRESHOLD_OPERATOR.gt, limit1: level * 4, limit2: null };
}

export async function addBackgroundThresholds(
  config: ReturnType<typeof benchConfig>,
  deviceIds: Record<string, number>,
  stations: number,
): Promise<void> {
  const { db } = openDatabase(config.database);
  try {
    const now = Date.now();
    const rows = Array.from({ length: stations }, (_, i) => deviceIds[stationCode('load', i)] ?? 0).flatMap(
      (deviceId) =>
        FACTORS.map((f) => ({
          deviceId,
          factorCode: f.code,
          overflowType: 0,
          ...backgroundRule(f.code, f.level),
          limitId: null,
          alarmLevel: 1,
          enabled: 1,
          updateTime: now,
        })),
    );
    for (let i = 0; i < rows.length; i += 500)
      await db
        .insertInto('thresholds')
        .values(rows.slice(i, i + 500))
        .execute();
  } finally {
    await db.destroy();
  }
}
