import type { OriginalFilter, OriginalPacket } from '@envmon/shared';
import { ExportOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../../components/crud/paged-table';
import { RefreshButton } from '../../../../components/crud/table-parts';
import { useFilteredPagedQuery } from '../../../../components/crud/use-paged-query';
import { exportOriginal, originalPageQueryOptions } from '../api/original-api';
import { defaultOriginalForm, OriginalFilterBar } from '../components/original-filter-bar';
import { ParsedPacket } from '../components/parsed-packet';
import { formatDataTime } from '../../../../lib/data-time';
import { getSelectedProjectId } from '../../../../lib/project';
import { toOriginalFilter } from '../utils/original-filter';

/**
 * The original-packet query (SPEC section 2 'queries: original'): every packet the gateway received, newest
 * first, with its remote address, MN, CN and whether it was accepted (or why not); a row opens to show the
 * raw text and its fields, parsed on demand.
 */
export default function QueryOriginalPage() {
  const { t } = useTranslation();
  // Packets of the header's project's devices (the server adds unknown stations' for administrators).
  const withProject = (form: OriginalFilter) => ({ ...form, projectId: getSelectedProjectId() ?? undefined });
  const {
    list: packets,
    filters: form,
    search,
    table,
  } = useFilteredPagedQuery(
    () => toOriginalFilter(defaultOriginalForm()),
    (values, page) => originalPageQueryOptions(withProject(values), page.pageNum, page.pageSize),
  );
  const filter = withProject(form);
  const [exporting, setExporting] = useState(false);

  const exportList = () => {
    setExporting(true);
    exportOriginal(filter)
      .catch(() => undefined)
      .finally(() => setExporting(false));
  };

  return (
    <Card variant="borderless" data-testid="query-original-page">
      <Flex vertical gap="middle">
        <Typography.Text type="secondary">{t('original.help')}</Typography.Text>
        <OriginalFilterBar onSearch={(next) => search(toOriginalFilter(next))} />
        <Flex gap="small" justify="end">
          <Button icon={<ExportOutlined />} loading={exporting} onClick={exportList} data-testid="original-export">
            {t('common.actions.export')}
          </Button>
          <RefreshButton loading={packets.isFetching} onClick={() => void packets.refetch()} />
        </Flex>
        <PagedTable<OriginalPacket>
          {...table}
          size="middle"
          scrollX={false}
          scrollY="auto"
          empty={t('original.empty')}
          expandable={{ expandedRowRender: (packet) => <ParsedPacket packet={packet} /> }}
          columns={[
            {
              title: t('original.fields.receivedAt'),
              dataIndex: 'receivedAt',
              width: 180,
              render: (ms: number, p) => formatDataTime(ms, p.utcOffsetMinutes),
            },
            { title: t('original.fields.remote'), dataIndex: 'remote', width: 170 },
            { title: t('original.fields.device'), dataIndex: 'deviceName', render: (v: string | null) => v ?? '-' },
            { title: 'MN', dataIndex: 'mn', render: (v: string | null) => v ?? '-' },
            { title: 'CN', dataIndex: 'cn', width: 80, render: (v: string | null) => v ?? '-' },
            {
              title: t('original.fields.status'),
              render: (_: unknown, p) =>
                p.accepted ? (
                  <Tag color="success">{t('original.status.accepted')}</Tag>
                ) : (
                  <Flex gap="small" wrap>
                    <Tag color="error">{t('original.status.rejected')}</Tag>
                    {p.reason ? <Typography.Text type="secondary">{p.reason}</Typography.Text> : null}
                  </Flex>
                ),
            },
          ]}
        />
      </Flex>
    </Card>
  );
}
