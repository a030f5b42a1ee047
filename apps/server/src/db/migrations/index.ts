import { type Kysely, type Migration, type MigrationProvider, type MigrationResultSet, Migrator } from 'kysely';
import type { Dialect } from '../connection.js';
import type { Database } from '../schema.js';
import { initial } from './0001-initial.js';
import { stationData } from './0002-station-data.js';
import { unknownStationIndex } from './0003-unknown-station-index.js';
import { devicePanel } from './0004-device-panel.js';
import { alarms } from './0005-alarms.js';
import { wxAlarm } from './0006-wx-alarm.js';
import { factorCategory } from './0007-factor-category.js';
import { cameras } from './0008-cameras.js';
import { historyIndexes } from './0009-history-indexes.js';
import { rollupsFromValidDays } from './0010-rollups-from-valid-days.js';
import { noDimensionlessUnit } from './0011-no-dimensionless-unit.js';
import { reissueTasks } from './0012-reissue-tasks.js';
import { iotCards } from './0013-iot-cards.js';
import { devops } from './0014-devops.js';
import { loginThrottle } from './0015-login-throttle.js';
import { monthlyPartitions } from './0016-monthly-partitions.js';
import { clusterState } from './0017-cluster-state.js';
import { dashboards } from './0018-dashboards.js';
import { stationControl } from './0019-station-control.js';
import { outlierIntervals } from './0020-outlier-intervals.js';
import { dataRules } from './0021-data-rules.js';
import { dataAudit } from './0022-data-audit.js';
import { transferFormat } from './0023-transfer-format.js';
import { statePacketIndex } from './0024-state-packet-index.js';
import { forwardErrorKind } from './0025-forward-error-kind.js';
import { jobs } from './0026-jobs.js';
import { jobRunFiles } from './0027-job-run-files.js';
import { measurementTiles } from './0028-measurement-tiles.js';
import { historyIndexWithoutMinutes } from './0029-history-index-without-minutes.js';

export { noDimensionlessUnit, rollupsFromValidDays };

/**
 * Every migration in the order it runs. The names are what the kysely_migration table records, so an
 * existing database recognises what it has run: never rename one; a new migration is a new file, appended.
 */
function migrations(dialect: Dialect): Record<string, Migration> {
  return {
    '0001_initial': initial(dialect),
    '0002_station_data': stationData(dialect),
    '0003_unknown_station_index': unknownStationIndex(),
    '0004_device_panel': devicePanel(dialect),
    '0005_alarms': alarms(dialect),
    '0006_wx_alarm': wxAlarm(),
    '0007_factor_category': factorCategory(),
    '0008_cameras': cameras(dialect),
    '0009_history_indexes': historyIndexes(dialect),
    '0010_rollups_from_valid_days': rollupsFromValidDays(),
    '0011_no_dimensionless_unit': noDimensionlessUnit(),
    '0012_reissue_tasks': reissueTasks(dialect),
    '0013_iot_cards': iotCards(dialect),
    '0014_devops': devops(dialect),
    '0015_login_throttle': loginThrottle(dialect),
    '0016_monthly_partitions': monthlyPartitions(dialect),
    '0017_cluster_state': clusterState(),
    '0018_dashboards': dashboards(dialect),
    '0019_station_control': stationControl(dialect),
    '0020_outlier_intervals': outlierIntervals(dialect),
    '0021_data_rules': dataRules(dialect),
    '0022_data_audit': dataAudit(dialect),
    '0023_transfer_format': transferFormat(dialect),
    '0024_state_packet_index': statePacketIndex(),
    '0025_forward_error_kind': forwardErrorKind(),
    '0026_jobs': jobs(dialect),
    '0027_job_run_files': jobRunFiles(dialect),
    '0028_measurement_tiles': measurementTiles(dialect),
    '0029_history_index_without_minutes': historyIndexWithoutMinutes(dialect),
  };
}

class InCodeMigrations implements MigrationProvider {
  constructor(private readonly dialect: Dialect) {}

  getMigrations(): Promise<Record<string, Migration>> {
    return Promise.resolve(migrations(this.dialect));
  }
}

/** Brings the schema up to date; throws with the failing migration's error. */
export async function migrateToLatest(db: Kysely<Database>, dialect: Dialect): Promise<void> {
  await migrate(db, dialect, (migrator) => migrator.migrateToLatest());
}

/** Brings the schema up to (or down to) the named migration: tests give a migration data written before it. */
export async function migrateTo(db: Kysely<Database>, dialect: Dialect, name: string): Promise<void> {
  await migrate(db, dialect, (migrator) => migrator.migrateTo(name));
}

async function migrate(
  db: Kysely<Database>,
  dialect: Dialect,
  run: (migrator: Migrator) => Promise<MigrationResultSet>,
): Promise<void> {
  // Migrations spell snake_case names themselves, so they run without the CamelCasePlugin.
  const migrator = new Migrator({ db: db.withoutPlugins(), provider: new InCodeMigrations(dialect) });
  const { error } = await run(migrator);
  if (error) throw error instanceof Error ? error : new Error('migration failed', { cause: error });
}
