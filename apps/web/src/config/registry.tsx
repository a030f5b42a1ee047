import type { ComponentType, LazyExoticComponent } from 'react';
import { AppstoreOutlined } from '@ant-design/icons';
import { AlarmListPage } from '../features/alarm';
import { DevicePage } from '../features/device';
import {
  QueryAiPage,
  QueryGatherPage,
  QueryHistoryPage,
  QueryOriginalPage,
  QueryOtherPage,
  QueryVideoPage,
} from '../features/query';
import { RealtimeChartPage, RealtimeDataPage, RealtimeOverflowPage, RealtimeWaterPage } from '../features/realtime';
import {
  ReportContrastPage,
  ReportFactorBarPage,
  ReportIsotopePage,
  ReportMultiStationPage,
  ReportOdorRosePage,
  ReportRadarPage,
  ReportSingleStationPage,
  ReportSummaryPage,
  ReportTransmissionPage,
} from '../features/report';
import {
  CounterControlSettingsPage,
  DashboardSettingsPage,
  DataAuditSettingsPage,
  DeviceParametersSettingsPage,
  DevopsSettingsPage,
  DynamicCodeSettingsPage,
  FactorSettingsPage,
  IotCardSettingsPage,
  RegularSettingsPage,
  ReissueSettingsPage,
  ThresholdSettingsPage,
  TransferFormatSettingsPage,
  VideoSettingsPage,
  WxAlarmSettingsPage,
} from '../features/settings';
import { DictionaryPage, JobPage, LogPage, ResourcePage, RolePage, ServerLogPage, UserPage } from '../features/system';
import { OutlierIntervalPage, WaterControlPage, WaterDataAuditPage } from '../features/water';
import * as RESOURCE_ICONS from './resource-icons';

/**
 * The client-owned half of the server-driven menu (STYLE.md rule 10): resource code → what the
 * console shows for it. The server decides who sees a code; this file decides what it is.
 * Codes missing here are dropped from the menu. A code `<domain>.<screen>` is built in
 * features/<domain>/<screen>/ (system screens too: features/system/<screen>/; system.device is in
 * features/device); each domain's index.ts names its screens, loaded on demand.
 */
export interface PageEntry {
  /** The screen, loaded on demand. Absent: the screen is not built yet and says so. */
  component?: LazyExoticComponent<ComponentType>;
  /** The menu item opens this fixed route in a new browser tab instead of a page in the layout. */
  opensInNewTab?: string;
  /** Roles allowed besides admin; absent means any role that holds the resource. */
  roles?: readonly string[];
}

export const DASHBOARD_PATH = '/dashboard/index';

export const PAGE_REGISTRY: Readonly<Record<string, PageEntry>> = {
  'realtime.dashboard': { opensInNewTab: DASHBOARD_PATH },
  'realtime.data': { component: RealtimeDataPage },
  'realtime.chart': { component: RealtimeChartPage },
  'realtime.overflow': { component: RealtimeOverflowPage },
  'realtime.water': { component: RealtimeWaterPage },

  'query.history': { component: QueryHistoryPage },
  'query.original': { component: QueryOriginalPage },
  'query.gather': { component: QueryGatherPage },
  'query.ai': { component: QueryAiPage },
  'query.other': { component: QueryOtherPage },
  'query.video': { component: QueryVideoPage },

  'report.single-station': { component: ReportSingleStationPage },
  'report.multi-station': { component: ReportMultiStationPage },
  'report.contrast': { component: ReportContrastPage },
  'report.transmission': { component: ReportTransmissionPage },
  'report.isotope': { component: ReportIsotopePage },
  'report.odor-rose': { component: ReportOdorRosePage },
  'report.factor-bar': { component: ReportFactorBarPage },
  'report.radar': { component: ReportRadarPage },
  'report.summary': { component: ReportSummaryPage },

  'alarm.list': { component: AlarmListPage },

  'settings.threshold': { component: ThresholdSettingsPage },
  'settings.factor': { component: FactorSettingsPage },
  'settings.device-parameters': { component: DeviceParametersSettingsPage },
  'settings.counter-control': { component: CounterControlSettingsPage },
  'settings.dashboard': { component: DashboardSettingsPage },
  'settings.data-audit': { component: DataAuditSettingsPage },
  'settings.devops': { component: DevopsSettingsPage },
  'settings.dynamic-code': { component: DynamicCodeSettingsPage },
  'settings.iot-card': { component: IotCardSettingsPage },
  'settings.regular': { component: RegularSettingsPage },
  'settings.reissue': { component: ReissueSettingsPage },
  'settings.transfer-format': { component: TransferFormatSettingsPage },
  'settings.wx-alarm': { component: WxAlarmSettingsPage },
  'settings.video-ys': { component: VideoSettingsPage },

  'system.device': { component: DevicePage },
  'system.user': { component: UserPage },
  'system.role': { component: RolePage },
  'system.resource': { component: ResourcePage },
  'system.dictionary': { component: DictionaryPage },
  'system.job': { component: JobPage },
  'system.log': { component: LogPage },
  'system.server-log': { component: ServerLogPage },

  'water.control': { component: WaterControlPage },
  'water.data-audit': { component: WaterDataAuditPage },
  'water.outlier-interval': { component: OutlierIntervalPage },
};

export function isRegistered(code: string): boolean {
  return Object.hasOwn(PAGE_REGISTRY, code);
}

export function pageEntry(code: string): PageEntry | undefined {
  return isRegistered(code) ? PAGE_REGISTRY[code] : undefined;
}

/** Resources name their icon (`iconfont`); only those of resource-icons.ts are bundled, anything else gets the generic one. */
const ICONS: Readonly<Record<string, ComponentType>> = RESOURCE_ICONS;

export function ResourceIcon({ name }: { name: string | null | undefined }) {
  const Icon = (name && Object.hasOwn(ICONS, name) ? ICONS[name] : undefined) ?? AppstoreOutlined;
  return <Icon />;
}
