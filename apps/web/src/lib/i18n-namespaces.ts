/**
 * The translation namespaces (files packages/shared/src/i18n/<language>/<namespace>.json; lib/i18n.test.ts checks
 * that these lists name every file once). Those of the pages before sign-in — the login, OAuth and error screens,
 * the public frame's choosers and the api client's toasts — are fetched first, and vite.config.ts bundles them
 * together (`i18n-<language>`); every other namespace is a file of its own (`i18n-<language>-<namespace>`), fetched
 * when the layout or a screen reads it.
 */
export const PUBLIC_NAMESPACES: readonly string[] = ['common', 'auth', 'layout', 'validation'];

/** The signed-in console's namespaces. */
export const CONSOLE_NAMESPACES: readonly string[] = [
  'alarm',
  'alarmList',
  'control',
  'dashboard',
  'dashboardSettings',
  'dataAudit',
  'device',
  'deviceDetail',
  'deviceParameters',
  'devops',
  'docs',
  'dynamicCode',
  'factorSettings',
  'gallery',
  'history',
  'iotCard',
  'job',
  'map',
  'original',
  'outlierInterval',
  'query',
  'realtime',
  'regular',
  'reissue',
  'report',
  'statistics',
  'system',
  'threshold',
  'transferFormat',
  'waterControl',
  'wxAlarm',
];

/**
 * What the signed-in console's layout reads besides them, fetched with it: the menu's and the header's words
 * (system), the live alarms' notices and drawer (alarm, alarmList).
 */
export const SHELL_NAMESPACES: readonly string[] = ['system', 'alarm', 'alarmList'];
