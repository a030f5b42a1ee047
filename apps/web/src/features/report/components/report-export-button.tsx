import { ExportOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { QueryParams } from '../../../lib/api';
import { exportThroughLink } from '../../../lib/export-link';

/**
 * Exports what the report shows (the same filters, the console's language) through the two-step ticketed
 * link; disabled until there is something to export. A refusal is shown by exportThroughLink.
 */
export function ReportExportButton({
  url,
  params,
  testId,
}: {
  url: string;
  params: QueryParams | null;
  testId?: string;
}) {
  const { t } = useTranslation();
  const [exporting, setExporting] = useState(false);
  return (
    <Button
      icon={<ExportOutlined />}
      loading={exporting}
      disabled={params === null}
      data-testid={testId}
      onClick={() => {
        if (params === null) return;
        setExporting(true);
        exportThroughLink(url, params)
          .catch(() => undefined)
          .finally(() => setExporting(false));
      }}
    >
      {t('common.actions.export')}
    </Button>
  );
}
