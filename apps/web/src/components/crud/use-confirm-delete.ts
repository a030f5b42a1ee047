import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PageRequest } from './table-parts';

/**
 * Deleting a table row after the user confirms: the server's refusal (built in, in use) has been shown by
 * the api client, so the dialog just closes; deleting the last row of a later page steps back a page
 * rather than leaving an empty one.
 */
export function useConfirmDelete<K>({
  remove,
  rowsOnPage,
  page,
  setPage,
}: {
  remove: (key: K) => Promise<unknown>;
  rowsOnPage: number;
  page: PageRequest;
  setPage: (page: PageRequest) => void;
}): (key: K) => void {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  return (key) => {
    modal.confirm({
      title: t('common.messages.deleteConfirmTitle'),
      content: t('common.messages.deleteConfirm'),
      okButtonProps: { danger: true },
      onOk: () =>
        remove(key).then(
          () => {
            if (rowsOnPage === 1 && page.pageNum > 1) setPage({ ...page, pageNum: page.pageNum - 1 });
          },
          () => undefined,
        ),
    });
  };
}
