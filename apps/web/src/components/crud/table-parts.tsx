import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, type TablePaginationConfig, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@envmon/shared';
import { PAGE_SIZE_OPTIONS } from './constants';

/**
 * Parts every paged admin table shares: CRUD pages and the read-only log screens (the filter form's buttons are
 * ./filter-actions.tsx, so that a screen without a form, such as the first screen after sign-in, loads no antd Form).
 */
export interface PageRequest {
  pageNum: number;
  pageSize: number;
}

export const FIRST_PAGE: PageRequest = { pageNum: 1, pageSize: LIMITS.defaultPageSize };

/** A load failure stays visible above the table (the toast fades) with a way to try again. */
export function QueryErrorAlert({ error, onRetry }: { error: Error | null; onRetry: () => void }) {
  const { t } = useTranslation();
  if (!error) return null;
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

export function RefreshButton({ loading, onClick }: { loading: boolean; onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('common.actions.refresh')}>
      <Button icon={<ReloadOutlined />} aria-label={t('common.actions.refresh')} loading={loading} onClick={onClick} />
    </Tooltip>
  );
}

/** Server-side paging; changing the page size starts again from page 1. */
export function usePagination(
  page: PageRequest,
  setPage: (next: PageRequest) => void,
  total: number | undefined,
): TablePaginationConfig {
  const { t } = useTranslation();
  return {
    current: page.pageNum,
    pageSize: page.pageSize,
    total: total ?? 0,
    showSizeChanger: true,
    pageSizeOptions: [...PAGE_SIZE_OPTIONS],
    showTotal: (count) => t('common.table.total', { total: count }),
    onChange: (pageNum, pageSize) => setPage({ pageNum: pageSize === page.pageSize ? pageNum : 1, pageSize }),
  };
}
