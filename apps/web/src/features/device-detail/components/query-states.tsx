import { Alert, Button, Empty, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Loading, error (with retry) or the content, for tabs that are not a table (antd tables show their own). */
export function QueryStates<T>({
  data,
  error,
  isPending,
  onRetry,
  children,
}: {
  data: T | undefined;
  error: Error | null;
  isPending: boolean;
  onRetry: () => void;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (data !== undefined) return <>{children(data)}</>;
  if (error) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('common.states.loadFailed')}
        description={error.message}
        action={
          <Button size="small" onClick={onRetry}>
            {t('common.actions.retry')}
          </Button>
        }
      />
    );
  }
  if (isPending) return <Spin style={{ display: 'block', padding: 24 }} />;
  return <Empty description={t('deviceDetail.states.empty')} />;
}
