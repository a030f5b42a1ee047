import { lazyPage } from '../../lib/lazy-page';

/** The settings domain's public surface. Screens: settings.<screen> → ./<screen>/pages (settings.video-ys → ./video). */
export const ThresholdSettingsPage = lazyPage(() => import('./threshold/pages/threshold-settings-page'));
export const FactorSettingsPage = lazyPage(() => import('./factor/pages/factor-settings-page'));
export const DevopsSettingsPage = lazyPage(() => import('./devops/pages/settings-devops-page'));
export const IotCardSettingsPage = lazyPage(() => import('./iot-card/pages/iot-card-page'));
export const RegularSettingsPage = lazyPage(() => import('./regular/pages/regular-page'));
export const ReissueSettingsPage = lazyPage(() => import('./reissue/pages/settings-reissue-page'));
export const WxAlarmSettingsPage = lazyPage(() => import('./wx-alarm/pages/wx-alarm-page'));
export const VideoSettingsPage = lazyPage(() => import('./video/pages/settings-video-page'));
export const DashboardSettingsPage = lazyPage(() => import('./dashboard/pages/dashboard-settings-page'));
export const DynamicCodeSettingsPage = lazyPage(() => import('./dynamic-code/pages/dynamic-code-page'));
export const CounterControlSettingsPage = lazyPage(() => import('./counter-control/pages/counter-control-page'));
export const DeviceParametersSettingsPage = lazyPage(() => import('./device-parameters/pages/device-parameters-page'));
export const DataAuditSettingsPage = lazyPage(() => import('./data-audit/pages/data-audit-settings-page'));
export const TransferFormatSettingsPage = lazyPage(() => import('./transfer-format/pages/transfer-format-page'));
