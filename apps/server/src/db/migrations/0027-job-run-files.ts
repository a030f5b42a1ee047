import { type Migration, sql } from 'kysely';
import type { Dialect } from '../connection.js';
import { type AnyDb, notNull, withId } from './builders.js';

/**
 * The file a job run wrote (a scheduled report's xlsx, issue 21), kept in the database (blob / bytea) so any HTTP
 * process serves it, in a table of its own so that listing runs never reads the files. Goes with its run.
 * And the default jobs, once per database (new or upgraded), so that deleting one later is respected: nightly gap
 * filling, daily clock sync and weekly retention running; the daily report and the offline check, which send
 * messages outside, paused until someone configures and resumes them.
 */
export function jobRunFiles(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      await withId(dialect, db.schema.createTable('job_run_files'))
        .addColumn('run_id', 'integer', (c) => c.notNull().unique().references('job_runs.id').onDelete('cascade'))
        .addColumn('file_name', 'text', notNull)
        .addColumn('size', 'integer', notNull)
        .addColumn('content', dialect === 'postgres' ? 'bytea' : 'blob', notNull)
        .execute();
      // A migration has no clock of its own: the schedules count from the moment the database gets them.
      const now = Date.now();
      for (const job of DEFAULT_JOBS) {
        await sql`insert into jobs (job_group, name, type, cron, time_zone, status, misfire_policy, concurrent,
            timeout_seconds, params, remark, last_planned_time, created_by, create_time, update_time)
          values ('DEFAULT', ${job.name}, ${job.type}, ${job.cron}, 'Asia/Shanghai', ${job.status}, 'runOnce', 0,
            ${job.timeoutSeconds}, ${JSON.stringify(job.params)}, ${job.remark}, ${now}, null, ${now}, ${now})
          on conflict (job_group, name) do nothing`.execute(db);
      }
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('job_run_files').execute();
      for (const job of DEFAULT_JOBS)
        await sql`delete from jobs where job_group = 'DEFAULT' and name = ${job.name}`.execute(db);
    },
  };
}

/** The default jobs as this migration writes them (frozen here: later changes to the job types do not alter it). */
const DEFAULT_JOBS = [
  {
    name: '夜间补数',
    type: 'gapFill',
    cron: '0 2 * * *',
    status: 'running',
    timeoutSeconds: 3600,
    params: { windowHours: 48, granules: ['hour'] },
    remark: '每晚向站点补要近 48 小时缺失的小时数据',
  },
  {
    name: '每日校时',
    type: 'clockSync',
    cron: '0 3 * * *',
    status: 'running',
    timeoutSeconds: 600,
    params: {},
    remark: '每天向在线站点下发 1012 校准时间',
  },
  {
    name: '数据保留清理',
    type: 'retention',
    cron: '30 3 * * 0',
    status: 'running',
    timeoutSeconds: 3600,
    params: { originalDays: 180, minuteDays: 365 },
    remark: '每周清理 180 天前的原始报文和 365 天前的分钟数据，小时、日、月数据不清理',
  },
  {
    name: '日汇总报表',
    type: 'report',
    cron: '0 8 * * *',
    status: 'paused',
    timeoutSeconds: 600,
    params: { reportKind: 'summary', period: 'day', sendWebhook: true },
    remark: '每天 8 点生成前一天的汇总报表，配置企业微信后启用',
  },
  {
    name: '离线与传输率检查',
    type: 'offlineCheck',
    cron: '0 9 * * *',
    status: 'paused',
    timeoutSeconds: 600,
    params: { periodHours: 24, minTransmissionRate: 90 },
    remark: '每天检查离线站点和传输率低于 90% 的站点，配置企业微信后启用',
  },
];
