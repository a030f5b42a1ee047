import { lazy } from 'react';

/** The settings domain's public surface. Screens: settings.<screen> → ./<screen>/pages (settings.video-ys → ./video). */
export const ThresholdSettingsPage = lazy(() => import('./threshold/pages/threshold-settings-page'));
export const FactorSettingsPage = lazy(() => import('./factor/pages/factor-settings-page'));
export const DevopsSettingsPage = lazy(() => import('./devops/pages/settings-devops-page'));
export const IotCardSettingsPage = lazy(() => import('./iot-card/pages/iot-card-page'));
export const RegularSettingsPage = lazy(() => import('./regular/pages/regular-page'));
export const ReissueSettingsPage = lazy(() => import('./reissue/pages/settings-reissue-page'));
export const WxAlarmSettingsPage = lazy(() => import('./wx-alarm/pages/wx-alarm-page'));
export const VideoSettingsPage = lazy(() => import('./video/pages/settings-video-page'));
export const DashboardSettingsPage = lazy(() => import('./dashboard/pages/dashboard-settings-page'));
export const DynamicCodeSettingsPage = lazy(() => import('./dynamic-code/pages/dynamic-code-page'));
export const CounterControlSettingsPage = lazy(() => import('./counter-control/pages/counter-control-page'));
export const DeviceParametersSettingsPage = lazy(() => import('./device-parameters/pages/device-parameters-page'));
export const DataAuditSettingsPage = lazy(() => import('./data-audit/pages/data-audit-settings-page'));
export const TransferFormatSettingsPage = lazy(() => import('./transfer-format/pages/transfer-format-page'));
