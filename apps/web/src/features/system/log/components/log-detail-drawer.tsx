import { type OperationLog, SUCCESS_STATUS } from '@envmon/shared';
import { Descriptions, Drawer, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { UserName } from '../../../../components/user-name';
import { formatDateTime } from '../../../../lib/dayjs';
import { prettyJson } from './log-query';

/** Wide enough for indented JSON parameters. */
const DRAWER_WIDTH = 640;

export function LogOutcomeTag({ status }: { status: number }) {
  const { t } = useTranslation();
  return status === SUCCESS_STATUS ? (
    <Tag color="success">{t('system.log.succeeded')}</Tag>
  ) : (
    <Tag color="error">{t('system.log.failed')}</Tag>
  );
}

function JsonBlock({ text }: { text: string | null }) {
  const shown = prettyJson(text);
  if (shown === '') return <Typography.Text type="secondary">-</Typography.Text>;
  return (
    <Typography.Paragraph copyable={{ text: shown }} style={{ marginBottom: 0 }}>
      <pre style={{ margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>{shown}</pre>
    </Typography.Paragraph>
  );
}

/** One operation in full: who, what, with which parameters, and what the server answered. */
export function LogDetailDrawer({ log, onClose }: { log: OperationLog | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Drawer open={log !== null} onClose={onClose} size={DRAWER_WIDTH} title={t('system.log.details')} destroyOnHidden>
      {log ? (
        <Descriptions
          column={1}
          bordered
          size="small"
          items={[
            { key: 'createTime', label: t('system.log.createTime'), children: formatDateTime(log.createTime) },
            { key: 'userName', label: t('system.log.userName'), children: <UserName userName={log.userName} /> },
            { key: 'method', label: t('system.log.method'), children: log.method },
            { key: 'url', label: t('system.log.url'), children: <Typography.Text code>{log.url}</Typography.Text> },
            { key: 'status', label: t('system.log.status'), children: <LogOutcomeTag status={log.status} /> },
            { key: 'ip', label: t('system.log.ip'), children: log.ip ?? '-' },
            {
              key: 'duration',
              label: t('system.log.duration'),
              children: t('system.log.durationMs', { ms: log.durationMs }),
            },
            { key: 'params', label: t('system.log.params'), children: <JsonBlock text={log.params} /> },
            { key: 'result', label: t('system.log.result'), children: <JsonBlock text={log.result} /> },
          ]}
        />
      ) : null}
    </Drawer>
  );
}
