import { type Device, DEPLOY_TYPE } from '@envmon/shared';
import { ExportOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Empty, Flex, Tabs, Tooltip } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../../app/session-context';
import { Can, useCan } from '../../../../components/can';
import { QueryErrorAlert } from '../../../../components/crud/table-parts';
import { DeviceTree, type TreeGroup, type TreeGrouping } from '../../../../components/device-tree';
import type { DeviceMapDevice } from '../../../../components/map';
import { getSelectedProjectId } from '../../../../lib/project';
import { useAlarmedDeviceIds } from '../../../alarm';
import { DeviceDetailDrawer } from '../../detail/components/device-detail-drawer';
import { useDeleteDevice } from '../api/delete-device';
import { exportDevices } from '../api/export-devices';
import { deployGroupsQueryOptions } from '../../../../lib/deploy-groups';
import { deployRecordsQueryOptions } from '../api/get-deploy-records';
import { deviceStatusQueryOptions } from '../api/get-device-status';
import { allDevicesQueryOptions, type DeviceFilters, devicePageQueryOptions } from '../api/get-devices';
import { downloadTemplate, useImportDevices } from '../api/import-devices';
import { DeviceFilterBar } from '../components/device-filter-bar';
import { DeviceFormModal } from '../components/device-form-modal';
import { DeviceMapPanel } from '../components/device-map-panel';
import { DeviceTable } from '../components/device-table';
import { ImportActions } from '../components/import-actions';
import { ALARM_LIST, DEVICE_WRITE } from '../components/permissions';
import { PANEL_BOTTOM_GAP, usePanelHeight } from '../hooks/use-panel-height';

const TREE_WIDTH = 340;
/** The tree's search box and switches above its list (and the match count while searching). */
const TREE_CONTROLS_HEIGHT = 110;

type Editing = { mode: 'create' } | { mode: 'update'; device: Device };
type PanelTab = 'map' | 'list';

/**
 * The device management panel (SPEC section 2): the device tree on the left; on the right the map
 * (markers coloured by the gateway's online state) and the device list, with add, edit, delete,
 * batch import and export. The project chosen in the header scopes all of it.
 */
export default function DevicePage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const session = useSession();
  const projectId = getSelectedProjectId() ?? undefined;
  const [grouping, setGrouping] = useState<TreeGrouping>(DEPLOY_TYPE.project);
  const [tab, setTab] = useState<PanelTab>('map');
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [checkedIds, setCheckedIds] = useState<number[]>([]);
  const [filters, setFilters] = useState<Omit<DeviceFilters, 'projectId'>>({});
  const [pageNum, setPageNum] = useState(1);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [exporting, setExporting] = useState(false);
  const [details, setDetails] = useState<Device | null>(null);

  const every = useQuery({ ...allDevicesQueryOptions(projectId), placeholderData: keepPreviousData });
  const status = useQuery(deviceStatusQueryOptions(projectId));
  const projects = useQuery(deployGroupsQueryOptions(DEPLOY_TYPE.project));
  const addresses = useQuery(deployGroupsQueryOptions(DEPLOY_TYPE.address));
  const records = useQuery(deployRecordsQueryOptions(grouping));
  const listFilters: DeviceFilters = { ...filters, projectId };
  const page = useQuery(devicePageQueryOptions(pageNum, listFilters));
  const remove = useDeleteDevice();
  const upload = useImportDevices();

  const treeTop = useRef<HTMLDivElement>(null);
  const treeHeight = usePanelHeight(treeTop, TREE_CONTROLS_HEIGHT + PANEL_BOTTOM_GAP);

  const devices = useMemo(() => every.data ?? [], [every.data]);
  const groups = useMemo<TreeGroup[]>(
    () => [...(projects.data ?? []), ...(addresses.data ?? [])],
    [projects.data, addresses.data],
  );
  const boundCodes = useMemo(() => new Set(session.user.deviceCodes), [session.user.deviceCodes]);

  // Markers of devices in alarm take the alarm colour (alarms are read only by users who may see them).
  const mayReadAlarms = useCan(ALARM_LIST);
  const alarmed = useAlarmedDeviceIds(mayReadAlarms);
  const markers = useMemo<DeviceMapDevice[]>(() => {
    const shown = checkedIds.length > 0 ? new Set(checkedIds) : null;
    return devices
      .filter((device) => !shown || shown.has(device.id))
      .map((device) => ({
        id: device.id,
        deviceName: device.deviceName,
        deviceCode: device.deviceCode,
        deviceType: device.deviceType,
        lng: device.lng,
        lat: device.lat,
        state: alarmed.has(device.id) ? 'alarm' : status.data?.get(device.id) ? 'online' : 'offline',
      }));
  }, [devices, checkedIds, status.data, alarmed]);

  const confirmDelete = (device: Device) => {
    modal.confirm({
      title: t('common.messages.deleteConfirmTitle'),
      content: t('common.messages.deleteConfirm'),
      okButtonProps: { danger: true },
      onOk: () =>
        remove.mutateAsync(device.id).then(
          () => {
            if (selectedId === device.id) setSelectedId(null);
            // Deleting the last row of a later page would leave an empty page behind.
            if (page.data?.list.length === 1 && pageNum > 1) setPageNum(pageNum - 1);
          },
          // The api client has shown the reason (bound to users or factors); the dialog just closes.
          () => undefined,
        ),
    });
  };

  const exportList = () => {
    setExporting(true);
    exportDevices({ ...listFilters })
      .catch(() => undefined)
      .finally(() => setExporting(false));
  };

  const refresh = () => {
    void every.refetch();
    void status.refetch();
    void records.refetch();
    void page.refetch();
  };

  const selected = (device: Device | null) => setSelectedId(device?.id ?? null);

  const toolbar = (
    <Flex gap="small" wrap align="center">
      <Can code={DEVICE_WRITE}>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setEditing({ mode: 'create' })}
          data-testid="device-add"
        >
          {t('common.actions.add')}
        </Button>
        <ImportActions
          upload={upload}
          downloadTemplate={downloadTemplate}
          importLabel={t('device.actions.import')}
          templateLabel={t('device.actions.template')}
          testId="device"
        />
      </Can>
      <Flex gap="small" style={{ marginInlineStart: 'auto' }}>
        <Button icon={<ExportOutlined />} loading={exporting} onClick={exportList} data-testid="device-export">
          {t('common.actions.export')}
        </Button>
        <Tooltip title={t('common.actions.refresh')}>
          <Button
            icon={<ReloadOutlined />}
            aria-label={t('common.actions.refresh')}
            loading={every.isFetching || page.isFetching}
            onClick={refresh}
          />
        </Tooltip>
      </Flex>
    </Flex>
  );

  const treeError = every.error ?? records.error ?? projects.error ?? addresses.error;

  return (
    <Flex gap="middle" align="stretch" data-testid="device-page">
      <Card
        variant="borderless"
        title={t('device.tree.title')}
        style={{ width: TREE_WIDTH, flex: 'none' }}
        styles={{ body: { paddingBlockStart: 12 } }}
      >
        <QueryErrorAlert error={treeError} onRetry={refresh} />
        <div ref={treeTop}>
          <DeviceTree<Device>
            devices={devices}
            groups={groups}
            memberships={records.data ?? []}
            grouping={grouping}
            onGroupingChange={setGrouping}
            boundCodes={boundCodes}
            height={treeHeight}
            checkable
            checkedIds={checkedIds}
            onCheck={setCheckedIds}
            selectedId={selectedId}
            onSelect={selected}
            loading={every.isPending}
          />
        </div>
      </Card>
      <Card variant="borderless" style={{ flex: 1, minWidth: 0 }}>
        <Flex vertical gap="middle">
          {toolbar}
          <Tabs
            activeKey={tab}
            onChange={(key) => setTab(key as PanelTab)}
            items={[
              {
                key: 'map',
                label: t('device.tabs.map'),
                children: (
                  <Flex vertical gap="small">
                    {status.error ? <Alert type="warning" showIcon title={t('device.map.statusFailed')} /> : null}
                    {checkedIds.length > 0 ? (
                      <Alert type="info" showIcon title={t('device.map.checkedOnly', { count: checkedIds.length })} />
                    ) : null}
                    <DeviceMapPanel devices={markers} selectedId={selectedId} onSelect={setSelectedId} />
                  </Flex>
                ),
              },
              {
                key: 'list',
                label: t('device.tabs.list'),
                children: (
                  <Flex vertical gap="middle">
                    <DeviceFilterBar
                      onSearch={(next) => {
                        setFilters(next);
                        setPageNum(1);
                      }}
                    />
                    <QueryErrorAlert error={page.error} onRetry={() => void page.refetch()} />
                    {page.data && page.data.total === 0 && !page.isFetching ? (
                      <Empty description={t('device.list.empty')} />
                    ) : (
                      <DeviceTable
                        devices={page.data?.list ?? []}
                        total={page.data?.total ?? 0}
                        pageNum={pageNum}
                        onPage={setPageNum}
                        loading={page.isPending || (page.isFetching && page.isPlaceholderData)}
                        online={status.data}
                        selectedId={selectedId}
                        onEdit={(device) => setEditing({ mode: 'update', device })}
                        onDelete={confirmDelete}
                        onDetails={setDetails}
                        onSelect={(device) => setSelectedId(device.id)}
                      />
                    )}
                  </Flex>
                ),
              },
            ]}
          />
        </Flex>
      </Card>
      {editing ? (
        <DeviceFormModal
          device={editing.mode === 'update' ? editing.device : undefined}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <DeviceDetailDrawer device={details} open={details !== null} onClose={() => setDetails(null)} />
    </Flex>
  );
}
