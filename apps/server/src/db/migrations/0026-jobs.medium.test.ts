import { describe, expect, it } from 'vitest';
import { insertDevice } from '../../modules/deploy/device-panel.test-support.js';
import { query, useTestApp } from '../../test/harness.js';
import { jobs } from './0026-jobs.js';
import { jobRunFiles } from './0027-job-run-files.js';

describe('migration 0026: jobs', () => {
  const t = useTestApp();

  const job = {
    jobGroup: 'DEFAULT',
    name: 'nightly gaps',
    type: 'gapFill',
    cron: '0 2 * * *',
    timeZone: 'Asia/Shanghai',
    status: 'paused',
    misfirePolicy: 'runOnce',
    concurrent: 0,
    timeoutSeconds: 600,
    params: '{}',
    createTime: 1,
    updateTime: 1,
  };

  it('keeps a device once per job, a planned time once per job (runs by hand unlimited), and drops its tables', async () => {
    const device = await insertDevice(t(), 'MIG-JOB');
    const { id: jobId } = await query(t(), (db) =>
      db.insertInto('jobs').values(job).returning('id').executeTakeFirstOrThrow(),
    );
    await expect(query(t(), (db) => db.insertInto('jobs').values(job).execute())).rejects.toThrow();

    const jobDevice = { jobId, deviceId: device, createTime: 1 };
    await query(t(), (db) => db.insertInto('jobDevices').values(jobDevice).execute());
    await expect(query(t(), (db) => db.insertInto('jobDevices').values(jobDevice).execute())).rejects.toThrow();

    const run = { jobId, plannedTime: 1000, startTime: 1000, startedBy: null, nodeId: 'a' };
    await query(t(), (db) => db.insertInto('jobRuns').values(run).execute());
    // A second scheduler reaching the same planned time cannot record it again.
    await expect(
      query(t(), (db) =>
        db
          .insertInto('jobRuns')
          .values({ ...run, nodeId: 'b' })
          .execute(),
      ),
    ).rejects.toThrow();
    const byHand = { jobId, plannedTime: null, startTime: 2000, startedBy: 'admin', nodeId: 'a' };
    await query(t(), (db) => db.insertInto('jobRuns').values([byHand, byHand]).execute());
    const runs = await query(t(), (db) =>
      db.selectFrom('jobRuns').select(['plannedTime', 'summary', 'log']).orderBy('id').execute(),
    );
    expect(runs).toEqual([
      { plannedTime: 1000, summary: '', log: '' },
      { plannedTime: null, summary: '', log: '' },
      { plannedTime: null, summary: '', log: '' },
    ]);

    // Removing the job removes its devices and runs.
    await query(t(), (db) => db.deleteFrom('jobs').where('id', '=', jobId).execute());
    expect(await query(t(), (db) => db.selectFrom('jobRuns').select('id').execute())).toEqual([]);
    expect(await query(t(), (db) => db.selectFrom('jobDevices').select('id').execute())).toEqual([]);

    await query(t(), (db) => jobRunFiles(t().dialect).down!(db.withoutPlugins()));
    await query(t(), (db) => jobs(t().dialect).down!(db.withoutPlugins()));
    await expect(query(t(), (db) => db.selectFrom('jobs').select('id').execute())).rejects.toThrow();
  });
});
