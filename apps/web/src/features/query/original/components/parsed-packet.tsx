import type { OriginalPacket } from '@envmon/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, Flex, Spin, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { QueryErrorAlert } from '../../../../components/crud/table-parts';
import { originalParsedQueryOptions } from '../api/original-api';
import { getSelectedProjectId } from '../../../../lib/project';

const fieldItems = (fields: Record<string, string>) =>
  Object.entries(fields).map(([key, value]) => ({ key, label: key, children: value }));

/** An expanded row: the raw text (monospace, copyable) and its fields, parsed when the row is opened. */
export function ParsedPacket({ packet }: { packet: OriginalPacket }) {
  const { t } = useTranslation();
  const parsed = useQuery(originalParsedQueryOptions(packet.id, getSelectedProjectId() ?? undefined));
  const stored = parsed.data?.stored;
  return (
    <Flex vertical gap="small" data-testid={`original-parsed-${packet.id}`}>
      <Typography.Paragraph code copyable style={{ wordBreak: 'break-all', marginBottom: 0 }}>
        {packet.raw}
      </Typography.Paragraph>
      <QueryErrorAlert error={parsed.error} onRetry={() => void parsed.refetch()} />
      {parsed.isPending ? <Spin /> : null}
      {parsed.data && !parsed.data.ok ? (
        <Alert
          type="warning"
          showIcon
          message={t('original.parsed.failed')}
          description={`${parsed.data.error?.code ?? ''} ${parsed.data.error?.detail ?? ''}`}
        />
      ) : null}
      {parsed.data?.ok ? (
        <>
          <Descriptions
            size="small"
            bordered
            title={t('original.parsed.header')}
            items={fieldItems(parsed.data.header)}
          />
          {Object.keys(parsed.data.cp).length > 0 ? (
            <Descriptions size="small" bordered title={t('original.parsed.cp')} items={fieldItems(parsed.data.cp)} />
          ) : null}
          {parsed.data.factors.length > 0 ? (
            <Table
              size="small"
              rowKey="code"
              pagination={false}
              dataSource={parsed.data.factors}
              columns={[
                { title: t('original.parsed.factor'), dataIndex: 'code', width: 120 },
                {
                  title: t('original.parsed.values'),
                  render: (_: unknown, f: { code: string; values: Record<string, string> }) =>
                    Object.entries(f.values)
                      .map(([k, v]) => `${k}=${v}`)
                      .join(', '),
                },
                // What was stored where a data rule changed the station's value.
                ...(stored
                  ? [
                      {
                        title: t('original.parsed.stored'),
                        width: 160,
                        render: (_: unknown, f: { code: string }) =>
                          f.code in stored ? (stored[f.code] ?? t('original.parsed.storedNone')) : '-',
                      },
                    ]
                  : []),
              ]}
            />
          ) : null}
        </>
      ) : null}
    </Flex>
  );
}
