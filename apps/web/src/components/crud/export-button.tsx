import { ExportOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Exports the rows the screen shows, spinning until the file is on its way. A failure has already said
 * why (exportThroughLink's toast), so it only stops the spinner.
 */
export function ExportButton({
  disabled,
  onExport,
  testId,
}: {
  disabled?: boolean;
  onExport: () => Promise<void>;
  testId?: string;
}) {
  const { t } = useTranslation();
  const [exporting, setExporting] = useState(false);
  return (
    <Button
      icon={<ExportOutlined />}
      loading={exporting}
      disabled={disabled}
      onClick={() => {
        setExporting(true);
        onExport()
          .catch(() => undefined)
          .finally(() => setExporting(false));
      }}
      data-testid={testId}
    >
      {t('common.actions.export')}
    </Button>
  );
}
