import { DEVICE_FILE_PATHS, LIMITS } from '@envmon/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api, isApiError } from '../../../../lib/api';
import { i18n } from '../../../../lib/i18n';
import { notifier } from '../../../../lib/notify';
import { deviceKeys } from '../../../../lib/device-list';

/** One thing wrong with one row of an upload: the server names the row, the field and the rule broken. */
export const importProblemSchema = z.object({
  row: z.number().int(),
  field: z.string(),
  /** The column's header text in the file. */
  column: z.string().optional(),
  /** An i18n key ('device.rules.contactPhonePattern') or the server's own text. */
  message: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type ImportProblem = z.infer<typeof importProblemSchema>;

/** A refused import's failure envelope lists every problem in data. */
const importRefusalSchema = z.array(importProblemSchema);

/** Why an upload wrote nothing: the server's desc, and the row report when rows were at fault. */
export interface ImportRefusal {
  desc: string;
  problems: ImportProblem[];
}

export class ImportRefusedError extends Error {
  override readonly name = 'ImportRefusedError';
  constructor(readonly refusal: ImportRefusal) {
    super(refusal.desc);
  }
}

/**
 * Sends an import file (SPEC section 7 'batAdd': every row is checked and, if any is wrong,
 * nothing is written). A refusal comes back as ImportRefusedError with the row report for the
 * dialog; other failures (file too large, network) are told as toasts.
 */
export async function uploadImport<T>(url: string, file: File): Promise<T> {
  try {
    // Silent: the server's success desc is Chinese with the count inside; the caller says it in the console's language.
    return await api.upload<T>(url, file, { fileName: file.name, quiet: true, silent: true });
  } catch (error) {
    if (isApiError(error) && error.kind === 'body') {
      const parsed = importRefusalSchema.safeParse(error.data);
      throw new ImportRefusedError({ desc: error.desc, problems: parsed.success ? parsed.data : [] });
    }
    // Quiet was for the row report only: anything else (too large, network) is told as usual.
    if (isApiError(error) && error.kind !== 'unauthorized') notifier.error(error.desc, LIMITS.toastDurationMs);
    throw error;
  }
}

/** Batch import of devices; the tree and lists reload with them. */
export function useImportDevices() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadImport<{ count: number }>(DEVICE_FILE_PATHS.batAdd, file),
    onSuccess: ({ count }) => {
      notifier.success(i18n.t('device.import.done', { count }));
      return client.invalidateQueries({ queryKey: deviceKeys.all });
    },
  });
}

export const isTooLarge = (file: Blob): boolean => file.size > LIMITS.uploadMaxBytes;

/** The import template: a workbook with the importer's columns, saved by the browser. */
export function downloadTemplate(): void {
  // A failure has been told by the api client.
  void api.download(DEVICE_FILE_PATHS.template).catch(() => undefined);
}
