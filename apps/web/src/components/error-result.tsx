import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ErrorFallbackProps } from './error-boundary';

/** The error boundary's screen: antd's Result with the error's message, a retry and a reload. */
export default function ErrorResult({ error, onRetry }: ErrorFallbackProps) {
  const { t } = useTranslation();
  return (
    <Result
      status="error"
      title={t('common.errorBoundary.title')}
      subTitle={error.message}
      extra={[
        <Button key="retry" type="primary" onClick={onRetry}>
          {t('common.actions.retry')}
        </Button>,
        <Button key="reload" onClick={() => window.location.reload()}>
          {t('common.actions.reload')}
        </Button>,
      ]}
    />
  );
}
