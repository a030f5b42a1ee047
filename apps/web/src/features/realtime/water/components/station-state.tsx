import { Badge } from 'antd';
import { useTranslation } from 'react-i18next';

/** A station's connection state, as the real-time table shows it. */
export function StationState({ online }: { online: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge
      status={online ? 'success' : 'default'}
      text={online ? t('realtime.data.state.online') : t('realtime.data.state.offline')}
    />
  );
}
