import { type ComponentType, type LazyExoticComponent, Suspense, use } from 'react';
import AntdIcon from '@ant-design/icons/es/components/AntdIconLight';
import type { IconDefinition } from '@ant-design/icons-svg/lib/types';
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
import { RESOURCE_ICONS } from './resource-icons';

/**
 * The client-owned half of the server-driven menu (STYLE.md rule 10): resource code → what the
 * console shows for it. The server decides who sees a code; this file decides what it is.
 * Codes missing here are dropped from the menu. A code `<domain>.<screen>` is built in
 * features/<domain>/<screen>/ (system screens too: features/system/<screen>/; system.device is in
 * features/device); each domain's index.ts names its screens, loaded on demand.
 */
export type PageEntry = (
  | {
      /** The screen, loaded on demand. */
      component: LazyExoticComponent<ComponentType>;
      opensInNewTab?: undefined;
    }
  | {
      component?: undefined;
      /** The menu item opens this fixed route in a new browser tab instead of a page in the layout. */
      opensInNewTab: string;
    }
) & {
  /** Roles allowed besides admin; absent means any role that holds the resource. */
  roles?: readonly string[];
};

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

/** The generic icon of a resource that names none, or one resource-icons.ts does not bundle. */
const GENERIC_ICON = 'AppstoreOutlined';

const iconLoads = new Map<string, Promise<IconDefinition>>();

/** An icon's drawing, fetched once (again after a failed fetch). */
function loadIcon(name: string): Promise<IconDefinition> {
  let load = iconLoads.get(name);
  if (!load) {
    const read = RESOURCE_ICONS[name];
    if (!read) throw new Error(`resource-icons.ts has no ${name}`);
    load = read().then(
      (module) => module.default,
      (error: unknown) => {
        iconLoads.delete(name);
        throw error;
      },
    );
    iconLoads.set(name, load);
  }
  return load;
}

/** An antd icon's box: 1em square, inline. */
const ICON_BOX = { display: 'inline-block', width: '1em', height: '1em' } as const;

function LoadedIcon({ name, className }: { name: string; className?: string }) {
  return <AntdIcon icon={use(loadIcon(name))} className={className} />;
}

/**
 * A resource's icon (`iconfont`), drawn once its drawing has arrived; until then an empty box of the icon's size
 * holds its place. The class the menu gives its icons (`ant-menu-item-icon`) reaches both.
 */
export function ResourceIcon({ name, className }: { name: string | null | undefined; className?: string }) {
  const shown = name && Object.hasOwn(RESOURCE_ICONS, name) ? name : GENERIC_ICON;
  return (
    <Suspense fallback={<span className={['anticon', className].filter(Boolean).join(' ')} aria-hidden="true" style={ICON_BOX} />}>
      <LoadedIcon name={shown} className={className} />
    </Suspense>
  );
}
