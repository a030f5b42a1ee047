import type { ReissueStatus } from '@envmon/shared';
import { Tag, type TagProps } from 'antd';
import { useTranslation } from 'react-i18next';

/** antd's status colours, which follow the light and dark themes. */
const STATUS_COLORS = {
  running: 'processing',
  done: 'success',
  failed: 'error',
  complete: 'default',
} as const satisfies Record<ReissueStatus, TagProps['color']>;

export function ReissueStatusTag({ status }: { status: ReissueStatus }) {
  const { t } = useTranslation();
  return <Tag color={STATUS_COLORS[status]}>{t(`reissue.statuses.${status}`)}</Tag>;
}
