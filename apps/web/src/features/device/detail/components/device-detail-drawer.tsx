import type { Device } from '@envmon/shared';
import { Drawer, Tabs, type TabsProps, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../../components/can';
import { DEVICE_WRITE, DRAWER_WIDTH } from './constants';
import { DeployTab } from './deploy-tab';
import { FactorTab } from './factor-tab';
import { LatestValuesTab } from './latest-values-tab';
import { OperateLogTab } from './operate-log-tab';
import { SettingTab } from './setting-tab';
import { SummaryTab } from './summary-tab';
import { SyncTab } from './sync-tab';
import { VirtualDevicesTab } from './virtual-devices-tab';

export interface DeviceDetailDrawerProps {
  device: Device | null;
  open: boolean;
  onClose: () => void;
}

export const DETAIL_TABS = ['data', 'operateLog', 'setting', 'summary', 'sync', 'virtual', 'deploy', 'factor'] as const;
export type DetailTab = (typeof DETAIL_TABS)[number];

function tabContent(tab: DetailTab, device: Device) {
  switch (tab) {
    case 'data':
      return <LatestValuesTab device={device} />;
    case 'operateLog':
      return <OperateLogTab device={device} />;
    case 'setting':
      return <SettingTab device={device} />;
    case 'summary':
      return <SummaryTab device={device} />;
    case 'sync':
      return <SyncTab device={device} />;
    case 'virtual':
      return <VirtualDevicesTab device={device} />;
    case 'deploy':
      return <DeployTab device={device} />;
    case 'factor':
      return <FactorTab device={device} />;
  }
}

function DeviceTabs({ device }: { device: Device }) {
  const { t } = useTranslation();
  const canWrite = useCan(DEVICE_WRITE);
  const [active, setActive] = useState<DetailTab>('data');
  // Syncing is all the sync tab does, and only writers may.
  const tabs = canWrite ? DETAIL_TABS : DETAIL_TABS.filter((tab) => tab !== 'sync');
  const items: TabsProps['items'] = tabs.map((tab) => ({
    key: tab,
    label: t(`deviceDetail.tabs.${tab}`),
    children: tabContent(tab, device),
  }));
  return (
    <Tabs
      activeKey={active}
      onChange={(key) => setActive(key as DetailTab)}
      items={items}
      // A hidden tab stops polling and refetches when shown again.
      destroyOnHidden
    />
  );
}

/** A device in detail (SPEC section 2: data, operation, setting, summary, sync, virtual device, deploy and factor tabs). */
export function DeviceDetailDrawer({ device, open, onClose }: DeviceDetailDrawerProps) {
  const { t } = useTranslation();
  return (
    <Drawer
      open={open && device !== null}
      onClose={onClose}
      size={DRAWER_WIDTH}
      destroyOnHidden
      title={
        device ? (
          <span>
            {t('deviceDetail.title', { name: device.deviceName })}{' '}
            <Typography.Text type="secondary" copyable={{ text: device.deviceCode }}>
              {device.deviceCode}
            </Typography.Text>
          </span>
        ) : null
      }
    >
      {/* Keyed by device: another device starts again on the data tab. */}
      {device ? <DeviceTabs key={device.id} device={device} /> : null}
    </Drawer>
  );
}
