import { DEVOPS_LIMITS, devopsEndpoints, type DevopsFile, devopsFileType } from '@envmon/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { callEndpoint } from '../../../../lib/endpoint';
import { DEVOPS_URLS } from './urls';

/** Why a file cannot be attached, as an i18n key, before it is sent (the server checks the same). */
export function attachmentProblem(file: { name: string; size: number }, attached: number): string | null {
  if (attached >= DEVOPS_LIMITS.maxFiles) return 'devops.files.full';
  if (!devopsFileType(file.name)) return 'devops.files.unsupported';
  if (file.size > DEVOPS_LIMITS.fileMaxBytes) return 'common.messages.fileTooLarge';
  return null;
}

export function useUploadDevopsFile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ recordId, file }: { recordId: number; file: File }) =>
      api.upload<DevopsFile>(DEVOPS_URLS.upload, file, { fileName: file.name, fields: { recordId: String(recordId) } }),
    onSuccess: () => client.invalidateQueries({ queryKey: devopsEndpoints.list.key }),
  });
}

export function useDeleteDevopsFile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(devopsEndpoints.removeFile, { query: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: devopsEndpoints.list.key }),
  });
}

/** Downloads one attachment (fetched with the token in its header) and has the browser save it. */
export function downloadDevopsFile(id: number): Promise<void> {
  return api.download(DEVOPS_URLS.file, { id });
}
