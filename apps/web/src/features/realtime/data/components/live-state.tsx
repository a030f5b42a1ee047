import { Badge } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LiveConnectionState } from '../../../../lib/live';

const STATUS = { open: 'success', connecting: 'processing', closed: 'error' } as const;

/** Whether the live push is connected (the values stop moving when it is not). */
export function LiveState({ connection }: { connection: LiveConnectionState }) {
  const { t } = useTranslation();
  return (
    <Badge status={STATUS[connection]} text={t(`realtime.live.${connection}`)} data-testid="realtime-live-state" />
  );
}
