import { lazy, Suspense, useState } from 'react';
import { Badge } from 'antd';
import { BugOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useErrorLog } from '../../../lib/error-log';
import { HeaderTooltipButton } from './header-button';

/**
 * The list (antd's Table and Modal, and the error screens beside it in the errors domain) loads with the first
 * error caught, not with the console: most sessions never show it.
 */
const ErrorLogModal = lazy(async () => ({ default: (await import('../../../features/errors')).ErrorLogModal }));

/** Pulls the count onto the icon rather than past the button edge. */
const BADGE_OFFSET: [number, number] = [-6, 6];

/** Appears once the console has caught a UI error; opens the list. */
export function ErrorLogButton() {
  const { t } = useTranslation();
  const entries = useErrorLog();
  const [open, setOpen] = useState(false);
  if (entries.length === 0 && !open) return null;
  return (
    <>
      <Badge count={entries.length} size="small" offset={BADGE_OFFSET}>
        <HeaderTooltipButton
          icon={<BugOutlined />}
          label={t('layout.header.errorLog')}
          onClick={() => setOpen(true)}
          data-testid="error-log-button"
        />
      </Badge>
      <Suspense fallback={null}>
        <ErrorLogModal open={open} onClose={() => setOpen(false)} />
      </Suspense>
    </>
  );
}
