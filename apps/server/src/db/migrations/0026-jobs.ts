import type { Migration } from 'kysely';
import type { Dialect } from '../connection.js';
import { type AnyDb, notNull, withId } from './builders.js';

/**
 * Scheduled jobs (issue 21, System › job): the jobs (cron read in a time zone, status, misfire policy, concurrency,
 * time-out, parameters as JSON validated per type by the shared schema); the devices of each job; and every run
 * with its outcome, summary and bounded log.
 */
export function jobs(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      await withId(dialect, db.schema.createTable('jobs'))
        .addColumn('job_group', 'text', notNull)
        .addColumn('name', 'text', notNull)
        .addColumn('type', 'text', notNull)
        .addColumn('cron', 'text', notNull)
        .addColumn('time_zone', 'text', notNull)
        .addColumn('status', 'text', notNull)
        .addColumn('misfire_policy', 'text', notNull)
        .addColumn('concurrent', 'integer', notNull)
        .addColumn('timeout_seconds', 'integer', notNull)
        .addColumn('params', 'text', notNull)
        .addColumn('remark', 'text')
        // The planned time last fired (or skipped): after downtime the misfire decision starts from it.
        .addColumn('last_planned_time', 'bigint')
        .addColumn('created_by', 'text')
        .addColumn('create_time', 'bigint', notNull)
        .addColumn('update_time', 'bigint', notNull)
        .addUniqueConstraint('jobs_group_name', ['job_group', 'name'])
        .execute();

      await withId(dialect, db.schema.createTable('job_devices'))
        .addColumn('job_id', 'integer', (c) => c.notNull().references('jobs.id').onDelete('cascade'))
        .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
        .addColumn('create_time', 'bigint', notNull)
        .addUniqueConstraint('job_devices_job_device', ['job_id', 'device_id'])
        .execute();
      await db.schema.createIndex('job_devices_device_idx').on('job_devices').column('device_id').execute();

      await withId(dialect, db.schema.createTable('job_runs'))
        .addColumn('job_id', 'integer', (c) => c.notNull().references('jobs.id').onDelete('cascade'))
        // Null for a run by hand. Unique per job, so two schedulers on one database that both reach a planned time
        // record (and run) it once: the second insert fails.
        .addColumn('planned_time', 'bigint')
        .addColumn('start_time', 'bigint', notNull)
        .addColumn('end_time', 'bigint')
        .addColumn('outcome', 'text')
        .addColumn('summary', 'text', (c) => c.notNull().defaultTo(''))
        // Lines joined by newlines, at most JOB_LIMITS.logLinesMax × logLineMax characters.
        .addColumn('log', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('started_by', 'text')
        .addColumn('node_id', 'text')
        .addUniqueConstraint('job_runs_planned', ['job_id', 'planned_time'])
        .execute();
      await db.schema.createIndex('job_runs_job_start_idx').on('job_runs').columns(['job_id', 'start_time']).execute();
    },
    async down(db: AnyDb) {
      for (const table of ['job_runs', 'job_devices', 'jobs']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
