import { Alert, Modal, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ImportProblem, ImportRefusal } from '../api/import-devices';

const REPORT_WIDTH = 760;
const REPORT_HEIGHT = 360;

/**
 * Why an import wrote nothing: the server's word and, row by row, what to fix in the file.
 * `fieldsKey` is where the i18n labels of the file's fields live (the column header otherwise).
 */
export function ImportReportModal({
  refusal,
  onClose,
  fieldsKey = 'device.fields',
}: {
  refusal: ImportRefusal;
  onClose: () => void;
  fieldsKey?: string;
}) {
  const { t, i18n } = useTranslation();
  // Messages are i18n keys of the shared schema's rules; anything else is the server's own text.
  const text = (problem: ImportProblem) =>
    i18n.exists(problem.message) ? t(problem.message, problem.params ?? {}) : problem.message;
  const columns: TableColumnsType<ImportProblem> = [
    { key: 'row', dataIndex: 'row', title: t('device.import.row'), width: 90 },
    {
      key: 'field',
      title: t('device.import.field'),
      width: 180,
      render: (_value, problem) =>
        i18n.exists(`${fieldsKey}.${problem.field}`)
          ? t(`${fieldsKey}.${problem.field}`)
          : (problem.column ?? problem.field),
    },
    { key: 'message', title: t('device.import.message'), render: (_value, problem) => text(problem) },
  ];
  return (
    <Modal
      open
      title={t('device.import.reportTitle')}
      width={REPORT_WIDTH}
      onCancel={onClose}
      onOk={onClose}
      cancelButtonProps={{ style: { display: 'none' } }}
      data-testid="device-import-report"
    >
      <Alert type="error" showIcon title={t('device.import.nothingWritten')} description={refusal.desc} />
      {refusal.problems.length > 0 ? (
        <Table<ImportProblem>
          style={{ marginBlockStart: 16 }}
          size="small"
          rowKey={(problem) => `${problem.row}:${problem.field}:${problem.message}`}
          columns={columns}
          dataSource={refusal.problems}
          pagination={false}
          scroll={{ y: REPORT_HEIGHT }}
          data-testid="device-import-problems"
        />
      ) : null}
    </Modal>
  );
}
