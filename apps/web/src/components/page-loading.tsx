import { Flex, Spin } from 'antd';
import { useTranslation } from 'react-i18next';

/** Tall enough that the spinner sits where the screen's content will appear. */
const INLINE_MIN_HEIGHT = 240;

/** What a screen shows while its code or its first data is on the way. */
export function PageLoading({ fullscreen = false }: { fullscreen?: boolean }) {
  const { t } = useTranslation();
  return (
    <Flex align="center" justify="center" data-testid="page-loading" style={{ minHeight: fullscreen ? '100vh' : INLINE_MIN_HEIGHT, width: '100%' }}>
      <Spin size="large" description={t('common.loading')} />
    </Flex>
  );
}
