import type { RealtimeFactor } from '@envmon/shared';
import { Badge, Empty } from 'antd';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { VirtualTable, type VirtualTableColumns } from '../../../../components/virtual-table';
import { formatDataTime } from '../../../../lib/data-time';
import { useVocabularyLang } from '../../../../components/vocabulary/use-vocabulary-lang';
import { useToneColors } from '../hooks/use-tone-colors';
import type { LiveRow } from '../utils/live-rows';
import { ValueCell } from './value-cell';

const WIDTH = { device: 200, state: 90, time: 170, value: 130 } as const;

interface RealtimeTableProps {
  rows: readonly LiveRow[];
  /** The columns: every factor with a value, by code. */
  factors: readonly RealtimeFactor[];
  height: number;
  loading: boolean;
  emptyText: string;
}

/**
 * Devices as rows, factors as columns (units in the headers). The virtual table renders only the
 * rows in view, and the memoised cells re-render only when their value object changed.
 */
export function RealtimeTable({ rows, factors, height, loading, emptyText }: RealtimeTableProps) {
  const { t } = useTranslation();
  const lang = useVocabularyLang();
  const colors = useToneColors();
  const describe = useCallback((flag: string, quality: string) => t('realtime.data.flagTitle', { flag, quality }), [t]);

  const columns = useMemo<VirtualTableColumns<LiveRow>>(() => {
    const factorColumns: VirtualTableColumns<LiveRow> = factors.map((factor) => {
      const name =
        (lang === 'en' ? (factor.factorNameEn ?? factor.factorName) : factor.factorName) ?? factor.factorCode;
      return {
        key: factor.factorCode,
        title: factor.unit ? `${name} (${factor.unit})` : name,
        width: WIDTH.value,
        align: 'right',
        render: (_value, row) => (
          <ValueCell
            cell={row.values[factor.factorCode]}
            decimals={factor.decimals}
            columnUnit={factor.unit}
            colors={colors}
            lang={lang}
            describe={describe}
          />
        ),
      };
    });
    return [
      {
        key: 'device',
        dataIndex: 'deviceName',
        title: t('realtime.data.columns.device'),
        width: WIDTH.device,
        fixed: 'left',
        ellipsis: true,
        render: (name: string, row) => <span title={row.deviceCode}>{name}</span>,
      },
      {
        key: 'state',
        dataIndex: 'online',
        title: t('realtime.data.columns.state'),
        width: WIDTH.state,
        render: (online: boolean) => (
          <Badge
            status={online ? 'success' : 'default'}
            text={online ? t('realtime.data.state.online') : t('realtime.data.state.offline')}
          />
        ),
      },
      {
        key: 'dataTime',
        dataIndex: 'dataTime',
        title: t('realtime.data.columns.dataTime'),
        width: WIDTH.time,
        render: (time: number | null, row) => formatDataTime(time, row.utcOffsetMinutes),
      },
      ...factorColumns,
    ];
  }, [factors, lang, colors, describe, t]);

  const scrollX = WIDTH.device + WIDTH.state + WIDTH.time + factors.length * WIDTH.value;

  return (
    <VirtualTable<LiveRow>
      rowKey="deviceId"
      columns={columns}
      rows={rows}
      loading={loading}
      scroll={{ x: scrollX, y: height }}
      emptyText={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />}
      data-testid="realtime-table"
    />
  );
}
