import { formatInZone, JOB_LIMITS } from '@envmon/shared';
import { Flex, Form, Typography, theme } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { cronPreview } from './cron-preview';
import type { JobFormValues } from './job-form-values';

/**
 * Under the cron and time zone: the next planned times as the scheduler will fire them, on the wall clock of the
 * chosen zone, or why there are none (the same message the save would give). Follows every keystroke; `now`: the
 * time the next runs are counted from.
 */
export function CronHelper({ now }: { now: number }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const form = Form.useFormInstance<JobFormValues>();
  const cron = Form.useWatch('cron', form) ?? '';
  const timeZone = Form.useWatch('timeZone', form) ?? '';
  const preview = useMemo(() => cronPreview(cron, timeZone, now), [cron, timeZone, now]);
  return (
    <Flex vertical gap={2} style={{ marginBottom: token.marginMD }} data-testid="job-cron-preview" aria-live="polite">
      <Typography.Text type="secondary">
        {t('job.form.cronPreview', { runs: JOB_LIMITS.previewRuns, timeZone: timeZone.trim() })}
      </Typography.Text>
      {preview.kind === 'invalid' ? (
        <Typography.Text type="danger" data-testid="job-cron-invalid">
          {t(preview.key, preview.values)}
        </Typography.Text>
      ) : preview.times.length === 0 ? (
        <Typography.Text>{t('job.form.cronNever')}</Typography.Text>
      ) : (
        <ol style={{ margin: 0, paddingInlineStart: token.paddingLG }}>
          {preview.times.map((time) => (
            <li key={time}>
              <Typography.Text code>{formatInZone(time, timeZone.trim())}</Typography.Text>
            </li>
          ))}
        </ol>
      )}
    </Flex>
  );
}
