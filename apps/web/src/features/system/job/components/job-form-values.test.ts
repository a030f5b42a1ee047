import { type Job, JOB_LIMITS, jobInputSchema } from '@envmon/shared';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TIME_ZONE,
  defaultParams,
  formIssues,
  PARAM_NAMES,
  paramsForType,
  toFormValues,
  toInput,
} from './job-form-values';

const JOB: Job = {
  jobId: 4,
  jobGroup: 'REPORTS',
  name: '日报',
  cron: '0 2 * * *',
  timeZone: 'Asia/Urumqi',
  status: 'running',
  misfirePolicy: 'skip',
  concurrent: false,
  timeoutSeconds: 900,
  remark: null,
  nextRunTime: 1,
  lastRun: null,
  deviceCount: 2,
  type: 'report',
  params: { reportKind: 'multi', period: 'month', sendWebhook: true },
};

describe('job form values', () => {
  it('start a new job paused, on Beijing time, as a single-station daily report', () => {
    const values = toFormValues(undefined);
    expect(values).toMatchObject({
      type: 'report',
      status: 'paused',
      timeZone: DEFAULT_TIME_ZONE,
      timeoutSeconds: JOB_LIMITS.defaultTimeoutSeconds,
      reportKind: 'single',
      period: 'day',
      sendWebhook: false,
    });
    const parsed = jobInputSchema.safeParse(toInput({ ...values, name: '日报' }));
    expect(parsed.success).toBe(true);
  });

  it("round-trip a job: its parameters flat in the form, nested again under params, the other types' dropped", () => {
    const values = { ...toFormValues(JOB), windowHours: 12 };
    expect(values).toMatchObject({ reportKind: 'multi', period: 'month', sendWebhook: true, windowHours: 12 });
    const input = jobInputSchema.parse(toInput(values));
    expect(input).toMatchObject({
      name: '日报',
      jobGroup: 'REPORTS',
      cron: '0 2 * * *',
      timeZone: 'Asia/Urumqi',
      misfirePolicy: 'skip',
      timeoutSeconds: 900,
      type: 'report',
      params: { reportKind: 'multi', period: 'month', sendWebhook: true },
    });
  });

  it("reset the parameters to the new type's defaults when the type changes", () => {
    const changed = { ...toFormValues(JOB), type: 'retention' as const, ...paramsForType('retention') };
    expect(changed.reportKind).toBeUndefined();
    expect(changed).toMatchObject({ originalDays: 180, minuteDays: 365 });
    expect(jobInputSchema.parse(toInput(changed))).toMatchObject({
      type: 'retention',
      params: { originalDays: 180, minuteDays: 365 },
    });
    expect(
      jobInputSchema.parse(toInput({ ...changed, type: 'clockSync', ...paramsForType('clockSync') })),
    ).toMatchObject({ type: 'clockSync', params: {} });
  });

  it('take every parameter name from the schemas', () => {
    expect(PARAM_NAMES).toEqual({
      gapFill: ['windowHours', 'granules'],
      report: ['reportKind', 'period', 'sendWebhook'],
      clockSync: [],
      retention: ['originalDays', 'minuteDays'],
      offlineCheck: ['periodHours', 'minTransmissionRate'],
    });
    expect(defaultParams('gapFill')).toEqual({ windowHours: 48, granules: ['hour'] });
    expect(defaultParams('offlineCheck')).toEqual({ periodHours: 24, minTransmissionRate: 90 });
  });

  it("name a parameter's error by its field, and ask for a cleared parameter rather than defaulting it", () => {
    const values = { ...toFormValues(undefined), name: 'x', type: 'gapFill' as const, ...paramsForType('gapFill') };
    const parsed = jobInputSchema.safeParse(toInput({ ...values, windowHours: null, cron: '61 * * * *' }));
    expect(parsed.success).toBe(false);
    const paths = formIssues(parsed.error?.issues ?? []).map((issue) => issue.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['windowHours', 'cron']));
    expect(paths).not.toContain('params.windowHours');
  });

  it('give a cleared time-out its default', () => {
    const values = { ...toFormValues(undefined), name: 'x', timeoutSeconds: null };
    expect(jobInputSchema.parse(toInput(values)).timeoutSeconds).toBe(JOB_LIMITS.defaultTimeoutSeconds);
  });
});
