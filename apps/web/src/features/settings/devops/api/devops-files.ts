import { DEVOPS_FILE_PATHS, DEVOPS_LIMITS, devopsEndpoints, type DevopsFile, devopsFileType } from '@envmon/shared';
import { useListWrite } from '../../../../components/crud/api/list-mutations';
import { api } from '../../../../lib/api';
import { callEndpoint } from '../../../../lib/endpoint';

/** Why a file cannot be attached, as an i18n key, before it is sent (the server checks the same). */
export function attachmentProblem(file: { name: string; size: number }, attached: number): string | null {
  if (attached >= DEVOPS_LIMITS.maxFiles) return 'devops.files.full';
  if (!devopsFileType(file.name)) return 'devops.files.unsupported';
  if (file.size > DEVOPS_LIMITS.fileMaxBytes) return 'common.messages.fileTooLarge';
  return null;
}

/** A file write refreshes the records' reads, which carry their attachments. */
const RECORD_READS = { keyRoot: devopsEndpoints.list.key };

export const useUploadDevopsFile = () =>
  useListWrite(RECORD_READS, ({ recordId, file }: { recordId: number; file: File }) =>
    api.upload<DevopsFile>(DEVOPS_FILE_PATHS.upload, file, {
      fileName: file.name,
      fields: { recordId: String(recordId) },
    }),
  );

export const useDeleteDevopsFile = () =>
  useListWrite(RECORD_READS, (id: number) => callEndpoint(devopsEndpoints.removeFile, { query: { id } }));

/** Downloads one attachment (fetched with the token in its header) and has the browser save it. */
export function downloadDevopsFile(id: number): Promise<void> {
  return api.download(DEVOPS_FILE_PATHS.file, { id });
}
