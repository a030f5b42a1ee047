import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import type { UseMutationResult } from '@tanstack/react-query';
import { App, Button, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ImportRefusal, ImportRefusedError, isTooLarge } from '../api/import-devices';
import { ImportReportModal } from './import-report-modal';

export interface ImportActionsProps {
  /** The import mutation (useImportDevices, useImportVirtualDevices). */
  upload: Pick<UseMutationResult<unknown, Error, File>, 'mutate' | 'isPending'>;
  downloadTemplate: () => void;
  importLabel: string;
  templateLabel: string;
  /** Test ids of the two buttons: `${testId}-import`, `${testId}-template`. */
  testId: string;
  /** Where the row report finds the labels of the file's fields. */
  fieldsKey?: string;
}

/**
 * Batch import by xlsx with its template: a file over the upload limit is refused here, a file the
 * server refuses opens the row report (SPEC section 7 'batAdd'), success is the import's toast.
 */
export function ImportActions({
  upload,
  downloadTemplate,
  importLabel,
  templateLabel,
  testId,
  fieldsKey,
}: ImportActionsProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [refusal, setRefusal] = useState<ImportRefusal | null>(null);

  const importFile = (file: File) => {
    if (isTooLarge(file)) {
      void message.error(t('common.messages.fileTooLarge'));
      return;
    }
    upload.mutate(file, {
      onError: (error) => {
        if (error instanceof ImportRefusedError) setRefusal(error.refusal);
      },
    });
  };

  return (
    <>
      <Upload
        accept=".xlsx"
        showUploadList={false}
        beforeUpload={(file) => {
          importFile(file);
          // The mutation uploads it; antd must not post it on its own.
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={upload.isPending} data-testid={`${testId}-import`}>
          {importLabel}
        </Button>
      </Upload>
      <Button type="link" icon={<DownloadOutlined />} onClick={downloadTemplate} data-testid={`${testId}-template`}>
        {templateLabel}
      </Button>
      {refusal ? <ImportReportModal refusal={refusal} onClose={() => setRefusal(null)} fieldsKey={fieldsKey} /> : null}
    </>
  );
}
