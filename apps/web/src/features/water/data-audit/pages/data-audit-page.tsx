import {
  type AuditCell,
  type AuditDataKind,
  AUDIT_DATA_KINDS,
  type DataAuditGrid,
  formatStationTime,
  writeCode,
} from '@envmon/shared';
import {
  CheckCircleOutlined,
  CloseCircleOutlined,
  EditOutlined,
  HistoryOutlined,
  SafetyCertificateOutlined,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, DatePicker, Empty, Flex, Form, Radio, Select, Spin, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../../components/can';
import { QueryErrorAlert, RefreshButton } from '../../../../components/crud/table-parts';
import { useVocabularyLang } from '../../../../components/vocabulary/use-vocabulary-lang';
import { dayjs } from '../../../../lib/dayjs';
import { getSelectedProjectId } from '../../../../lib/project';
import { auditGridQueryOptions, useAddAudit } from '../api/data-audit-api';
import { type AuditStation, auditStationsQueryOptions } from '../api/audit-stations';
import { AuditDialog, type CellAction } from '../components/audit-dialog';
import { AuditGrid } from '../components/audit-grid';
import { AuditTrailDrawer } from '../components/audit-trail-drawer';
import { AUDIT_PERIODS, type AuditPeriod, auditRange, HOURS_PER_DAY, stationDayStart } from '../utils/audit-range';
import {
  emptySelection,
  type GridSelection,
  nextSelection,
  selectedCells,
  type SelectionEvent,
} from '../utils/grid-selection';

/** The workbench's resource code and the write its audits need. */
export const WATER_DATA_AUDIT_PAGE = 'water.data-audit';
const WRITE = writeCode(WATER_DATA_AUDIT_PAGE);

const STATION_ID = 'data-audit-station';
const DATE_ID = 'data-audit-date';
const STATION_WIDTH = 300;
/** Rows a PageUp/PageDown moves over days: a week. */
const DAYS_PER_PAGE = 7;

type Factor = DataAuditGrid['factors'][number];

const factorName = (factor: Factor, lang: 'zh' | 'en') =>
  (lang === 'en' ? (factor.factorNameEn ?? factor.factorName) : factor.factorName) ?? factor.factorCode;

type Opened =
  { kind: 'dialog'; action: CellAction } | { kind: 'trail'; factorCode: string; dataTime: number; subject: string };

/** One station's grid for one kind and period, with its selection and actions (keyed by them: a new one starts clean). */
function Workbench({
  station,
  kind,
  from,
  to,
  canWrite,
}: {
  station: AuditStation;
  kind: AuditDataKind;
  from: number;
  to: number;
  canWrite: boolean;
}) {
  const { t } = useTranslation();
  const lang = useVocabularyLang();
  const { modal } = App.useApp();
  const grid = useQuery(auditGridQueryOptions(station.id, kind, from, to));
  const [selection, setSelection] = useState<GridSelection>(emptySelection);
  const [opened, setOpened] = useState<Opened | null>(null);
  const approve = useAddAudit();
  const data = grid.data;
  const dims = useMemo(() => ({ rows: data?.rows.length ?? 0, cols: data?.factors.length ?? 0 }), [data]);
  const onSelect = useCallback(
    (event: SelectionEvent) => setSelection((state) => nextSelection(state, event, dims) ?? state),
    [dims],
  );

  const time = (dataTime: number) =>
    formatStationTime(dataTime, station.utcOffsetMinutes, kind === 'hour' ? 'minute' : 'day');

  /** The chosen cells that hold a value (an empty cell has nothing to audit). */
  const cells = useMemo((): AuditCell[] => {
    if (!data) return [];
    return selectedCells(selection).flatMap(({ row, col }) => {
      const r = data.rows[row];
      const factor = data.factors[col];
      return r && factor && r.cells[factor.factorCode] ? [{ factorCode: factor.factorCode, dataTime: r.dataTime }] : [];
    });
  }, [data, selection]);

  const focusRow = data?.rows[Math.min(selection.focus.row, dims.rows - 1)];
  const focusFactor = data?.factors[Math.min(selection.focus.col, dims.cols - 1)];
  const focusCell = focusRow && focusFactor ? focusRow.cells[focusFactor.factorCode] : undefined;
  const describe = (factor: Factor, dataTime: number) =>
    t('dataAudit.subject.one', { station: station.name, factor: factorName(factor, lang), time: time(dataTime) });
  const single = cells.length === 1 ? cells[0] : undefined;
  const singleFactor = single ? data?.factors.find((f) => f.factorCode === single.factorCode) : undefined;
  const singleCell = single
    ? data?.rows.find((r) => r.dataTime === single.dataTime)?.cells[single.factorCode]
    : undefined;
  const subject =
    single && singleFactor
      ? describe(singleFactor, single.dataTime)
      : t('dataAudit.subject.many', { station: station.name, count: cells.length });

  const day = focusRow ? stationDayStart(focusRow.dataTime, station.utcOffsetMinutes) : undefined;
  const dayText = day === undefined ? '' : formatStationTime(day, station.utcOffsetMinutes, 'day');
  const confirmApprove = () => {
    if (day === undefined) return;
    modal.confirm({
      title: t('dataAudit.approve.title'),
      content: t('dataAudit.approve.confirm', { station: station.name, day: dayText }),
      okText: t('dataAudit.approve.ok'),
      cancelText: t('common.actions.cancel'),
      onOk: () =>
        approve
          .mutateAsync({ deviceId: station.id, kind: 'hour', action: 'approve', day, remark: null, cells: [] })
          .then(() => undefined),
    });
  };

  const open = (action: CellAction) => setOpened({ kind: 'dialog', action });
  const none = cells.length === 0;

  return (
    <Card variant="borderless" data-testid="data-audit-workbench">
      <Flex vertical gap="middle">
        <Flex gap="small" wrap align="center" role="toolbar" aria-label={t('dataAudit.toolbar.label')}>
          <Typography.Text data-testid="data-audit-selected">
            {t('dataAudit.toolbar.selected', { count: cells.length })}
          </Typography.Text>
          {canWrite ? (
            <>
              <Button danger icon={<CloseCircleOutlined />} disabled={none} onClick={() => open('invalid')}>
                {t('dataAudit.actions.invalid')}
              </Button>
              <Button icon={<CheckCircleOutlined />} disabled={none} onClick={() => open('valid')}>
                {t('dataAudit.actions.valid')}
              </Button>
              <Button icon={<EditOutlined />} disabled={!single} onClick={() => open('replace')}>
                {t('dataAudit.actions.replace')}
              </Button>
              {kind === 'hour' ? (
                <Button
                  type="primary"
                  icon={<SafetyCertificateOutlined />}
                  disabled={day === undefined}
                  loading={approve.isPending}
                  onClick={confirmApprove}
                  data-testid="data-audit-approve"
                >
                  {day === undefined
                    ? t('dataAudit.actions.approve')
                    : t('dataAudit.actions.approveDay', { day: dayText })}
                </Button>
              ) : null}
            </>
          ) : null}
          <Button
            icon={<HistoryOutlined />}
            disabled={!focusCell || !focusRow || !focusFactor}
            onClick={() =>
              focusRow &&
              focusFactor &&
              setOpened({
                kind: 'trail',
                factorCode: focusFactor.factorCode,
                dataTime: focusRow.dataTime,
                subject: describe(focusFactor, focusRow.dataTime),
              })
            }
            data-testid="data-audit-trail-open"
          >
            {t('dataAudit.actions.trail')}
          </Button>
          <Button type="text" disabled={selection.selected.size === 0} onClick={() => onSelect({ type: 'clear' })}>
            {t('dataAudit.actions.clear')}
          </Button>
          <span style={{ marginInlineStart: 'auto' }}>
            <RefreshButton loading={grid.isFetching} onClick={() => void grid.refetch()} />
          </span>
        </Flex>
        <Typography.Text type="secondary">{t('dataAudit.keyboardHint')}</Typography.Text>
        <QueryErrorAlert error={grid.error} onRetry={() => void grid.refetch()} />
        {grid.isPending ? (
          <Flex justify="center">
            <Spin />
          </Flex>
        ) : data && data.rows.length > 0 && data.factors.length > 0 ? (
          <AuditGrid
            grid={data}
            utcOffsetMinutes={station.utcOffsetMinutes}
            selection={selection}
            onSelect={onSelect}
            pageRows={kind === 'hour' ? HOURS_PER_DAY : DAYS_PER_PAGE}
            label={t('dataAudit.grid.label', { station: station.name })}
          />
        ) : data ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dataAudit.grid.empty')} />
        ) : null}
      </Flex>
      {opened?.kind === 'dialog' ? (
        <AuditDialog
          action={opened.action}
          deviceId={station.id}
          kind={kind}
          cells={opened.action === 'replace' && single ? [single] : cells}
          currentValue={singleCell?.effectiveValue ?? singleCell?.value ?? null}
          decimals={singleFactor?.decimals ?? null}
          subject={subject}
          onClose={() => setOpened(null)}
        />
      ) : null}
      {opened?.kind === 'trail' ? (
        <AuditTrailDrawer
          deviceId={station.id}
          kind={kind}
          factorCode={opened.factorCode}
          dataTime={opened.dataTime}
          subject={opened.subject}
          canWrite={canWrite}
          onClose={() => setOpened(null)}
        />
      ) : null}
    </Card>
  );
}

/**
 * Water station › data audit (数据审核), for water and air stations: a station's hour or day values over a day
 * or a month as a grid with their station and platform flags and audit states. The auditor selects values
 * (mouse or keyboard) and marks them valid or invalid with a reason, replaces one, or approves a day; each
 * value's trail shows its audits, which may be revoked there. Who may only read sees the grid and the trails.
 */
export default function DataAuditPage() {
  const { t } = useTranslation();
  const canWrite = useCan(WRITE);
  const stations = useQuery(auditStationsQueryOptions(getSelectedProjectId() ?? undefined));
  const [stationId, setStationId] = useState<number | null>(null);
  const [kind, setKind] = useState<AuditDataKind>('hour');
  const [period, setPeriod] = useState<AuditPeriod>('day');
  const [date, setDate] = useState<Dayjs>(() => dayjs().subtract(1, 'day'));
  const list = stations.data ?? [];
  const station = list.find((s) => s.id === stationId) ?? null;
  const range = station
    ? auditRange({ year: date.year(), month: date.month(), day: date.date() }, period, station.utcOffsetMinutes)
    : null;

  return (
    <Flex vertical gap="middle" data-testid="data-audit-page">
      <Card variant="borderless" title={t('dataAudit.title')}>
        <Flex vertical gap="middle">
          <Typography.Text type="secondary">{t('dataAudit.description')}</Typography.Text>
          <Form layout="inline" component="div" style={{ rowGap: 8 }}>
            <Form.Item label={t('dataAudit.fields.station')} htmlFor={STATION_ID}>
              <Select<number>
                id={STATION_ID}
                showSearch={{ optionFilterProp: 'label' }}
                allowClear
                loading={stations.isPending}
                value={station?.id}
                onChange={(id) => setStationId(id ?? null)}
                placeholder={t('dataAudit.station.placeholder')}
                options={list.map((s) => ({ value: s.id, label: `${s.name} (${s.code})` }))}
                style={{ width: STATION_WIDTH }}
                data-testid="data-audit-station"
              />
            </Form.Item>
            <Form.Item label={t('dataAudit.fields.kind')}>
              <Radio.Group
                optionType="button"
                value={kind}
                onChange={(event) => setKind(event.target.value as AuditDataKind)}
                options={AUDIT_DATA_KINDS.map((k) => ({ value: k, label: t(`dataAudit.kind.${k}`) }))}
                aria-label={t('dataAudit.fields.kind')}
              />
            </Form.Item>
            <Form.Item label={t('dataAudit.fields.period')}>
              <Radio.Group
                optionType="button"
                value={period}
                onChange={(event) => setPeriod(event.target.value as AuditPeriod)}
                options={AUDIT_PERIODS.map((p) => ({ value: p, label: t(`dataAudit.period.${p}`) }))}
                aria-label={t('dataAudit.fields.period')}
              />
            </Form.Item>
            <Form.Item label={t(`dataAudit.period.${period}`)} htmlFor={DATE_ID}>
              <DatePicker
                id={DATE_ID}
                picker={period === 'month' ? 'month' : 'date'}
                allowClear={false}
                value={date}
                onChange={(value) => value && setDate(value)}
                data-testid="data-audit-date"
              />
            </Form.Item>
          </Form>
          <QueryErrorAlert error={stations.error} onRetry={() => void stations.refetch()} />
          {!stations.isPending && !station ? (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={list.length === 0 ? t('dataAudit.station.none') : t('dataAudit.station.choose')}
            />
          ) : null}
        </Flex>
      </Card>
      {station && range ? (
        <Workbench
          key={`${station.id}-${kind}-${range.from}-${range.to}`}
          station={station}
          kind={kind}
          from={range.from}
          to={range.to}
          canWrite={canWrite}
        />
      ) : null}
    </Flex>
  );
}
