import { VIRTUAL_DEVICE_FILE_PATHS } from '@envmon/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { i18n } from '../../../../lib/i18n';
import { notifier } from '../../../../lib/notify';
import { uploadImport } from '../../list/api/import-devices';
import { isVirtualKey } from './keys';

/** batAdd of virtual devices: all rows or none, refused with the row report as the device import is. */
export function useImportVirtualDevices() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadImport<{ added: number }>(VIRTUAL_DEVICE_FILE_PATHS.batAdd, file),
    onSuccess: ({ added }) => {
      notifier.success(i18n.t('deviceDetail.virtual.imported', { count: added }));
      // The file names its stations by code, so any device's list may have grown, not only this one's.
      return client.invalidateQueries({ predicate: (query) => isVirtualKey(query.queryKey) });
    },
  });
}

/** The import template, opened in a new window with the token. */
export function downloadVirtualTemplate(): void {
  // A failure has been told by the api client.
  void api.download(VIRTUAL_DEVICE_FILE_PATHS.template).catch(() => undefined);
}
