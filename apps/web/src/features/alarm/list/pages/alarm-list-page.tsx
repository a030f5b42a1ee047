import { type Alarm, type AlarmFilter } from '@envmon/shared';
import { ExportOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, Flex, Tabs } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { QueryErrorAlert, RefreshButton } from '../../../../components/crud/table-parts';
import { useFilteredPagedQuery } from '../../../../components/crud/use-paged-query';
import { liveClient } from '../../../../lib/live';
import { getSelectedProjectId } from '../../../../lib/project';
import { exportAlarms } from '../api/export-alarms';
import { alarmPageQueryOptions, currentAlarmsQueryOptions } from '../api/get-alarms';
import { alarmListKeys } from '../api/keys';
import { AlarmFilterBar, type AlarmFilterValues } from '../components/alarm-filter-bar';
import { type AlarmTab, AlarmTable } from '../components/alarm-table';
import { WorkOrderDrawer } from '../components/work-order-drawer';

/** The address parameter the header's alarm badge names an alarm with. */
export const ALARM_ID_PARAM = 'alarmId';

/** Current alarms are the active ones; the history holds those that have recovered. */
const ACTIVE: Record<AlarmTab, number> = { current: 1, history: 0 };

/** The alarm named in the address, once it is known: null while loading, undefined when absent. */
function useLinkedAlarm(alarmId: number | null, projectId: number | undefined, rows: readonly Alarm[]) {
  // The badge links current alarms only, so they are where it is looked for.
  const current = useQuery({ ...currentAlarmsQueryOptions(projectId), enabled: alarmId !== null });
  if (alarmId === null) return undefined;
  const found = rows.find((a) => a.id === alarmId) ?? current.data?.find((a) => a.id === alarmId);
  if (found) return found;
  return current.isPending ? null : undefined;
}

/**
 * The alarm screen (SPEC section 2 'Alarm'): current and history alarms of the project chosen in
 * the header, filtered and paged, with their work orders and the xlsx export. Pushed alarms
 * refresh what is shown; the header's badge opens a work order here with ?alarmId=.
 */
export default function AlarmListPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const projectId = getSelectedProjectId() ?? undefined;
  const [tab, setTab] = useState<AlarmTab>('current');
  const [open, setOpen] = useState<Alarm | null>(null);
  const [exporting, setExporting] = useState(false);

  const filterOf = (values: AlarmFilterValues): AlarmFilter => ({ ...values, projectId, active: ACTIVE[tab] });
  const {
    list: alarms,
    filters,
    search,
    setPage,
    table: { pagination },
  } = useFilteredPagedQuery({}, (values: AlarmFilterValues, page) =>
    alarmPageQueryOptions(filterOf(values), page.pageNum, page.pageSize),
  );
  const filter = filterOf(filters);

  // A pushed alarm (raised, updated or cleared) may change any row or move it between the tabs.
  // A load under way is kept rather than restarted, so a burst of pushes cannot keep the table loading.
  useEffect(
    () =>
      liveClient.onAlarms(
        () => void client.invalidateQueries({ queryKey: alarmListKeys.all }, { cancelRefetch: false }),
      ),
    [client],
  );

  const rawId = params.get(ALARM_ID_PARAM);
  const linkedId = rawId !== null && /^\d+$/.test(rawId) ? Number(rawId) : null;
  const linked = useLinkedAlarm(linkedId, projectId, alarms.data?.list ?? []);
  // Opened once per link (set while rendering, as React advises for state following props), so a
  // move or a refetch does not reopen it; a later badge link names another id, or the same one anew.
  const [linkOpened, setLinkOpened] = useState<number | null>(null);
  if (linkedId !== null && linked && linkOpened !== linkedId) {
    setLinkOpened(linkedId);
    setOpen(linked);
  }
  const forgetLink = useCallback(
    () =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          next.delete(ALARM_ID_PARAM);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  useEffect(() => {
    if (linkedId === null || linked !== undefined) return;
    void message.warning(t('alarmList.workOrder.notFound'));
    forgetLink();
  }, [linkedId, linked, message, t, forgetLink]);

  const close = () => {
    setOpen(null);
    setLinkOpened(null);
    forgetLink();
  };

  const exportList = () => {
    setExporting(true);
    exportAlarms(filter)
      .catch(() => undefined)
      .finally(() => setExporting(false));
  };

  const empty = alarms.data?.total === 0 && !alarms.isFetching;
  const table = (which: AlarmTab) =>
    empty ? (
      <Empty description={t(`alarmList.empty.${which}`)} />
    ) : (
      <AlarmTable
        tab={which}
        alarms={alarms.data?.list ?? []}
        loading={alarms.isPending || (alarms.isFetching && alarms.isPlaceholderData)}
        pagination={pagination}
        onOpen={setOpen}
      />
    );

  return (
    <Card variant="borderless" data-testid="alarm-list-page">
      <Flex vertical gap="middle">
        <AlarmFilterBar onSearch={search} />
        <Tabs
          activeKey={tab}
          onChange={(key) => {
            setTab(key as AlarmTab);
            setPage((current) => ({ ...current, pageNum: 1 }));
          }}
          tabBarExtraContent={
            <Flex gap="small">
              <Button icon={<ExportOutlined />} loading={exporting} onClick={exportList} data-testid="alarm-export">
                {t('common.actions.export')}
              </Button>
              <RefreshButton loading={alarms.isFetching} onClick={() => void alarms.refetch()} />
            </Flex>
          }
          items={(['current', 'history'] as const).map((key) => ({
            key,
            label: t(`alarmList.tabs.${key}`),
            children: (
              <Flex vertical gap="middle">
                <QueryErrorAlert error={alarms.error} onRetry={() => void alarms.refetch()} />
                {key === tab ? table(key) : null}
              </Flex>
            ),
          }))}
        />
      </Flex>
      <WorkOrderDrawer alarm={open} onClose={close} onMoved={setOpen} />
    </Card>
  );
}
