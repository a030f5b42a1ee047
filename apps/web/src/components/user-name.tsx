import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Who did something; what the platform does itself (the forwarding's state changes, a scheduled job's gap filling)
 * has no user and reads as 'System' rather than a blank.
 */
export function UserName({ userName }: { userName: string | null }) {
  const { t } = useTranslation();
  if (userName !== null) return userName;
  return (
    <Typography.Text type="secondary" title={t('system.log.systemUserHint')}>
      {t('system.log.systemUser')}
    </Typography.Text>
  );
}
