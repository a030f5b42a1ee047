import { Button, Modal, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/dayjs';
import { errorLog, useErrorLog, type ErrorLogEntry, type ErrorSource } from '../../../lib/error-log';

const SOURCE_COLORS: Record<ErrorSource, string> = { render: 'red', error: 'volcano', rejection: 'orange' };

/** Modal wide enough for a stack trace line without wrapping every frame. */
const MODAL_WIDTH = 960;
const TIME_COLUMN_WIDTH = 170;
const SOURCE_COLUMN_WIDTH = 110;
/** The modal stays inside a laptop screen however many errors there are. */
const LIST_HEIGHT = 400;

/** The UI errors caught in this session; each was also sent to the server log. */
export function ErrorLogModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const entries = useErrorLog();
  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={t('layout.errorLog.title')}
      width={MODAL_WIDTH}
      footer={[
        <Button key="clear" danger disabled={entries.length === 0} onClick={() => errorLog.clear()}>
          {t('layout.errorLog.clear')}
        </Button>,
        <Button key="close" type="primary" onClick={onClose}>
          {t('common.actions.close')}
        </Button>,
      ]}
    >
      <Typography.Paragraph type="secondary">{t('layout.errorLog.description')}</Typography.Paragraph>
      <Table<ErrorLogEntry>
        rowKey="id"
        size="small"
        dataSource={[...entries]}
        pagination={false}
        scroll={{ y: LIST_HEIGHT }}
        locale={{ emptyText: t('layout.errorLog.empty') }}
        expandable={{
          rowExpandable: (entry) => Boolean(entry.stack),
          expandedRowRender: (entry) => <pre className="app-error-stack">{entry.stack}</pre>,
        }}
        columns={[
          { key: 'time', title: t('layout.errorLog.time'), width: TIME_COLUMN_WIDTH, render: (_, entry) => formatDateTime(entry.time) },
          {
            key: 'source',
            title: t('layout.errorLog.source'),
            width: SOURCE_COLUMN_WIDTH,
            render: (_, entry) => <Tag color={SOURCE_COLORS[entry.source]}>{t(`layout.errorLog.sources.${entry.source}`)}</Tag>,
          },
          { key: 'message', title: t('layout.errorLog.message'), dataIndex: 'message' },
          { key: 'url', title: t('layout.errorLog.url'), dataIndex: 'url', ellipsis: true },
        ]}
      />
    </Modal>
  );
}
