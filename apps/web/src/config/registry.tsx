import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { AppstoreOutlined } from '@ant-design/icons';
import * as RESOURCE_ICONS from './resource-icons';

/**
 * The client-owned half of the server-driven menu (STYLE.md rule 10): resource code → what the
 * console shows for it. The server decides who sees a code; this file decides what it is.
 * Codes missing here are dropped from the menu.
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

const notBuilt: PageEntry = {};

export const PAGE_REGISTRY: Readonly<Record<string, PageEntry>> = {
  'realtime.dashboard': { opensInNewTab: DASHBOARD_PATH },
  'realtime.data': { component: lazy(() => import('../features/realtime-data/pages/realtime-data-page')) },
  'realtime.chart': { component: lazy(() => import('../features/realtime-chart/pages/realtime-chart-page')) },
  'realtime.overflow': { component: lazy(() => import('../features/realtime-overflow/pages/realtime-overflow-page')) },
  'realtime.water': { component: lazy(() => import('../features/realtime-water/pages/realtime-water-page')) },

  'query.history': { component: lazy(() => import('../features/query-history/pages/query-history-page')) },
  'query.original': { component: lazy(() => import('../features/query-original/pages/query-original-page')) },
  'query.gather': { component: lazy(() => import('../features/query-gather/pages/query-gather-page')) },
  'query.ai': { component: lazy(() => import('../features/query-ai/pages/query-ai-page')) },
  'query.other': { component: lazy(() => import('../features/query-other/pages/query-other-page')) },
  'query.video': { component: lazy(() => import('../features/query-video/pages/query-video-page')) },

  'report.single-station': {
    component: lazy(() => import('../features/report-single-station/pages/report-single-station-page')),
  },
  'report.multi-station': {
    component: lazy(() => import('../features/report-multi-station/pages/report-multi-station-page')),
  },
  'report.contrast': { component: lazy(() => import('../features/report-contrast/pages/report-contrast-page')) },
  'report.transmission': {
    component: lazy(() => import('../features/report-transmission/pages/report-transmission-page')),
  },
  'report.isotope': { component: lazy(() => import('../features/report-isotope/pages/report-isotope-page')) },
  'report.odor-rose': { component: lazy(() => import('../features/report-odor-rose/pages/report-odor-rose-page')) },
  'report.factor-bar': { component: lazy(() => import('../features/report-factor-bar/pages/report-factor-bar-page')) },
  'report.radar': { component: lazy(() => import('../features/report-radar/pages/report-radar-page')) },
  'report.summary': { component: lazy(() => import('../features/report-summary/pages/report-summary-page')) },

  'alarm.list': { component: lazy(() => import('../features/alarm-list/pages/alarm-list-page')) },

  'settings.threshold': {
    component: lazy(() => import('../features/threshold-settings/pages/threshold-settings-page')),
  },
  'settings.factor': { component: lazy(() => import('../features/factor-settings/pages/factor-settings-page')) },
  'settings.device-parameters': notBuilt,
  'settings.counter-control': notBuilt,
  'settings.dashboard': notBuilt,
  'settings.data-audit': notBuilt,
  'settings.devops': { component: lazy(() => import('../features/settings-devops/pages/settings-devops-page')) },
  'settings.dynamic-code': notBuilt,
  'settings.iot-card': { component: lazy(() => import('../features/settings-iot-card/pages/iot-card-page')) },
  'settings.regular': notBuilt,
  'settings.reissue': { component: lazy(() => import('../features/settings-reissue/pages/settings-reissue-page')) },
  'settings.transfer-format': notBuilt,
  'settings.wx-alarm': { component: lazy(() => import('../features/wx-alarm/pages/wx-alarm-page')) },
  'settings.video-ys': { component: lazy(() => import('../features/settings-video/pages/settings-video-page')) },

  'system.device': { component: lazy(() => import('../features/device/pages/device-page')) },
  'system.user': { component: lazy(() => import('../features/system/pages/user-page')) },
  'system.role': { component: lazy(() => import('../features/system/pages/role-page')) },
  'system.resource': { component: lazy(() => import('../features/system/pages/resource-page')) },
  'system.dictionary': { component: lazy(() => import('../features/system/pages/dictionary-page')) },
  'system.job': notBuilt,
  'system.log': { component: lazy(() => import('../features/system/pages/log-page')) },
  'system.server-log': { component: lazy(() => import('../features/system/pages/server-log-page')) },

  'water.control': notBuilt,
  'water.data-audit': notBuilt,
  'water.outlier-interval': notBuilt,
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
