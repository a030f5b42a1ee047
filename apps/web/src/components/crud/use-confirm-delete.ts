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
}): (key: K, wording?: { title: string; confirm: string; ok: string }) => void {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  return (key, wording) => {
    modal.confirm({
      title: t(wording?.title ?? 'common.messages.deleteConfirmTitle'),
      content: t(wording?.confirm ?? 'common.messages.deleteConfirm'),
      ...(wording ? { okText: t(wording.ok), cancelText: t('common.actions.cancel') } : {}),
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
