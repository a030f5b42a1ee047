import type { RealtimeFactor } from '@envmon/shared';
import { useQuery } from '@tanstack/react-query';
import { Card, Flex, Segmented, Select, Typography } from 'antd';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryErrorAlert, RefreshButton } from '../../../../components/crud/table-parts';
import { useTableHeight } from '../../../../components/use-table-height';
import { useVocabularyLabel } from '../../../../components/vocabulary/vocabulary-tag';
import { getSelectedProjectId } from '../../../../lib/project';
import { realtimeLatestQueryOptions } from '../api/get-latest';
import { FlagLegend } from '../components/flag-legend';
import { LiveState } from '../components/live-state';
import { RealtimeTable } from '../components/realtime-table';
import { useLiveRows } from '../hooks/use-live-rows';
import { filterRows } from '../utils/live-rows';
import { SearchInput } from '../../../../components/search-input';

type StateFilter = 'all' | 'online' | 'offline';

/** Header, tabs, toolbar, legend and table header above the table body. */
const TABLE_OFFSET = 360;
const SEARCH_WIDTH = 240;
const TYPE_WIDTH = 160;

const ONLINE: Record<StateFilter, boolean | null> = { all: null, online: true, offline: false };

/** A factor first seen in a live message, before a reload brings its catalogue entry. */
const uncatalogued = (factorCode: string): RealtimeFactor => ({
  factorCode,
  factorName: null,
  factorNameEn: null,
  unit: null,
  decimals: null,
});

/**
 * Real-time data (SPEC section 2): the latest value of every factor of the project's devices,
 * coloured by its data flags, with online state and data time, kept current by the live push.
 */
export default function RealtimeDataPage() {
  const { t } = useTranslation();
  const typeLabel = useVocabularyLabel();
  const projectId = getSelectedProjectId();
  const latest = useQuery(realtimeLatestQueryOptions(projectId));
  const refetch = () => void latest.refetch();
  const { rows, extraFactors, connection } = useLiveRows('realtime-data', latest.data, refetch);

  const [text, setText] = useState('');
  const [deviceType, setDeviceType] = useState<string | null>(null);
  const [state, setState] = useState<StateFilter>('all');
  // Typing stays responsive while the table filters 1,000 rows behind it.
  const term = useDeferredValue(text);
  const shown = useMemo(
    () => filterRows(rows, { text: term, deviceType, online: ONLINE[state] }),
    [rows, term, deviceType, state],
  );

  const factors = useMemo(
    () => [...(latest.data?.factors ?? []), ...extraFactors.map(uncatalogued)],
    [latest.data, extraFactors],
  );
  const types = useMemo(() => [...new Set(latest.data?.devices.map((d) => d.deviceType) ?? [])].sort(), [latest.data]);
  const height = useTableHeight(TABLE_OFFSET);
  const total = rows.size;

  return (
    <Card data-testid="realtime-data-page">
      <Flex vertical gap="small">
        <Flex justify="space-between" align="center" wrap gap="small">
          <Flex gap="small" wrap align="center">
            <SearchInput
              label={t('realtime.data.search')}
              value={text}
              onChange={setText}
              style={{ width: SEARCH_WIDTH }}
              testId="realtime-search"
            />
            <Select<string>
              allowClear
              value={deviceType ?? undefined}
              onChange={(value) => setDeviceType(value ?? null)}
              placeholder={t('realtime.data.allTypes')}
              aria-label={t('realtime.data.deviceType')}
              style={{ width: TYPE_WIDTH }}
              options={types.map((type) => ({ value: type, label: typeLabel('deviceType', type) }))}
              data-testid="realtime-device-type"
            />
            <Segmented<StateFilter>
              value={state}
              onChange={setState}
              options={[
                { value: 'all', label: t('realtime.data.state.all') },
                { value: 'online', label: t('realtime.data.state.online') },
                { value: 'offline', label: t('realtime.data.state.offline') },
              ]}
              data-testid="realtime-state-filter"
            />
          </Flex>
          <Flex gap="middle" align="center">
            <Typography.Text type="secondary" data-testid="realtime-count">
              {t('realtime.data.count', { shown: shown.length, total })}
            </Typography.Text>
            <LiveState connection={connection} />
            <RefreshButton loading={latest.isFetching} onClick={refetch} />
          </Flex>
        </Flex>
        <FlagLegend />
        <QueryErrorAlert error={latest.error} onRetry={refetch} />
        <RealtimeTable
          rows={shown}
          factors={factors}
          height={height}
          loading={latest.isPending}
          emptyText={total === 0 ? t('realtime.data.empty') : t('realtime.data.noMatch')}
        />
      </Flex>
    </Card>
  );
}
