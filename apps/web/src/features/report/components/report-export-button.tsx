import { ExportButton } from '../../../components/crud/export-button';
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
  return (
    <ExportButton
      disabled={params === null}
      onExport={() => (params === null ? Promise.resolve() : exportThroughLink(url, params))}
      testId={testId}
    />
  );
}
