import enAlarm from './en-US/alarm.json' with { type: 'json' };
import enAuth from './en-US/auth.json' with { type: 'json' };
import enHistory from './en-US/history.json' with { type: 'json' };
import enOriginal from './en-US/original.json' with { type: 'json' };
import enReport from './en-US/report.json' with { type: 'json' };
import enQuery from './en-US/query.json' with { type: 'json' };
import enStatistics from './en-US/statistics.json' with { type: 'json' };
import enDashboard from './en-US/dashboard.json' with { type: 'json' };
import enDashboardSettings from './en-US/dashboardSettings.json' with { type: 'json' };
import enGallery from './en-US/gallery.json' with { type: 'json' };
import enAlarmList from './en-US/alarmList.json' with { type: 'json' };
import enThreshold from './en-US/threshold.json' with { type: 'json' };
import enFactorSettings from './en-US/factorSettings.json' with { type: 'json' };
import enReissue from './en-US/reissue.json' with { type: 'json' };
import enIotCard from './en-US/iotCard.json' with { type: 'json' };
import enRegular from './en-US/regular.json' with { type: 'json' };
import enOutlierInterval from './en-US/outlierInterval.json' with { type: 'json' };
import enDevops from './en-US/devops.json' with { type: 'json' };
import enWxAlarm from './en-US/wxAlarm.json' with { type: 'json' };
import enCommon from './en-US/common.json' with { type: 'json' };
import enControl from './en-US/control.json' with { type: 'json' };
import enWaterControl from './en-US/waterControl.json' with { type: 'json' };
import enDeviceParameters from './en-US/deviceParameters.json' with { type: 'json' };
import enDynamicCode from './en-US/dynamicCode.json' with { type: 'json' };
import enDataAudit from './en-US/dataAudit.json' with { type: 'json' };
import enDevice from './en-US/device.json' with { type: 'json' };
import enDeviceDetail from './en-US/deviceDetail.json' with { type: 'json' };
import enDocs from './en-US/docs.json' with { type: 'json' };
import enLayout from './en-US/layout.json' with { type: 'json' };
import enMap from './en-US/map.json' with { type: 'json' };
import enRealtime from './en-US/realtime.json' with { type: 'json' };
import enSystem from './en-US/system.json' with { type: 'json' };
import enTransferFormat from './en-US/transferFormat.json' with { type: 'json' };
import enJob from './en-US/job.json' with { type: 'json' };
import enValidation from './en-US/validation.json' with { type: 'json' };
import zhAlarm from './zh-CN/alarm.json' with { type: 'json' };
import zhAuth from './zh-CN/auth.json' with { type: 'json' };
import zhHistory from './zh-CN/history.json' with { type: 'json' };
import zhOriginal from './zh-CN/original.json' with { type: 'json' };
import zhReport from './zh-CN/report.json' with { type: 'json' };
import zhQuery from './zh-CN/query.json' with { type: 'json' };
import zhStatistics from './zh-CN/statistics.json' with { type: 'json' };
import zhDashboard from './zh-CN/dashboard.json' with { type: 'json' };
import zhDashboardSettings from './zh-CN/dashboardSettings.json' with { type: 'json' };
import zhGallery from './zh-CN/gallery.json' with { type: 'json' };
import zhAlarmList from './zh-CN/alarmList.json' with { type: 'json' };
import zhThreshold from './zh-CN/threshold.json' with { type: 'json' };
import zhFactorSettings from './zh-CN/factorSettings.json' with { type: 'json' };
import zhReissue from './zh-CN/reissue.json' with { type: 'json' };
import zhIotCard from './zh-CN/iotCard.json' with { type: 'json' };
import zhRegular from './zh-CN/regular.json' with { type: 'json' };
import zhOutlierInterval from './zh-CN/outlierInterval.json' with { type: 'json' };
import zhDevops from './zh-CN/devops.json' with { type: 'json' };
import zhWxAlarm from './zh-CN/wxAlarm.json' with { type: 'json' };
import zhCommon from './zh-CN/common.json' with { type: 'json' };
import zhControl from './zh-CN/control.json' with { type: 'json' };
import zhWaterControl from './zh-CN/waterControl.json' with { type: 'json' };
import zhDeviceParameters from './zh-CN/deviceParameters.json' with { type: 'json' };
import zhDynamicCode from './zh-CN/dynamicCode.json' with { type: 'json' };
import zhDataAudit from './zh-CN/dataAudit.json' with { type: 'json' };
import zhDevice from './zh-CN/device.json' with { type: 'json' };
import zhDeviceDetail from './zh-CN/deviceDetail.json' with { type: 'json' };
import zhDocs from './zh-CN/docs.json' with { type: 'json' };
import zhLayout from './zh-CN/layout.json' with { type: 'json' };
import zhMap from './zh-CN/map.json' with { type: 'json' };
import zhRealtime from './zh-CN/realtime.json' with { type: 'json' };
import zhSystem from './zh-CN/system.json' with { type: 'json' };
import zhTransferFormat from './zh-CN/transferFormat.json' with { type: 'json' };
import zhJob from './zh-CN/job.json' with { type: 'json' };
import zhValidation from './zh-CN/validation.json' with { type: 'json' };

/**
 * The console's translations, one JSON file per namespace and language. Keys are semantic
 * and nested (`system.user.userName` is key `user.userName` of namespace `system`).
 */
export { LANGUAGES, type Language } from './languages.js';

export const I18N_RESOURCES = {
  'zh-CN': {
    common: zhCommon,
    layout: zhLayout,
    auth: zhAuth,
    validation: zhValidation,
    system: zhSystem,
    docs: zhDocs,
    device: zhDevice,
    map: zhMap,
    deviceDetail: zhDeviceDetail,
    alarm: zhAlarm,
    realtime: zhRealtime,
    alarmList: zhAlarmList,
    threshold: zhThreshold,
    factorSettings: zhFactorSettings,
    reissue: zhReissue,
    iotCard: zhIotCard,
    regular: zhRegular,
    outlierInterval: zhOutlierInterval,
    devops: zhDevops,
    wxAlarm: zhWxAlarm,
    history: zhHistory,
    original: zhOriginal,
    report: zhReport,
    query: zhQuery,
    statistics: zhStatistics,
    dashboard: zhDashboard,
    dashboardSettings: zhDashboardSettings,
    gallery: zhGallery,
    control: zhControl,
    waterControl: zhWaterControl,
    deviceParameters: zhDeviceParameters,
    dynamicCode: zhDynamicCode,
    dataAudit: zhDataAudit,
    transferFormat: zhTransferFormat,
    job: zhJob,
  },
  'en-US': {
    common: enCommon,
    layout: enLayout,
    auth: enAuth,
    validation: enValidation,
    system: enSystem,
    docs: enDocs,
    device: enDevice,
    map: enMap,
    deviceDetail: enDeviceDetail,
    alarm: enAlarm,
    realtime: enRealtime,
    alarmList: enAlarmList,
    threshold: enThreshold,
    factorSettings: enFactorSettings,
    reissue: enReissue,
    iotCard: enIotCard,
    regular: enRegular,
    outlierInterval: enOutlierInterval,
    devops: enDevops,
    wxAlarm: enWxAlarm,
    history: enHistory,
    original: enOriginal,
    report: enReport,
    query: enQuery,
    statistics: enStatistics,
    dashboard: enDashboard,
    dashboardSettings: enDashboardSettings,
    gallery: enGallery,
    control: enControl,
    waterControl: enWaterControl,
    deviceParameters: enDeviceParameters,
    dynamicCode: enDynamicCode,
    dataAudit: enDataAudit,
    transferFormat: enTransferFormat,
    job: enJob,
  },
} as const;

export type Namespace = keyof (typeof I18N_RESOURCES)['zh-CN'];
export const NAMESPACES = Object.keys(I18N_RESOURCES['zh-CN']) as Namespace[];
