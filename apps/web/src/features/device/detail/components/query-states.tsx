import { Empty, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryErrorAlert } from '../../../../components/crud/table-parts';

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
  if (error) return <QueryErrorAlert error={error} onRetry={onRetry} />;
  if (isPending) return <Spin style={{ display: 'block', padding: 24 }} />;
  return <Empty description={t('deviceDetail.states.empty')} />;
}
