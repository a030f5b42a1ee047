/**
 * The product's menu and permission codes (SPEC section 2). The server seeds these as
 * resources; every route names the code it needs; the console maps codes to pages.
 * A group's children become pages at the group's url + '/' + the child's url.
 */
export const RESOURCE_ACTION = { menu: 0, operation: 1, excluded: 2 } as const;

export const RESOURCE_TYPE = {
  realtime: 1,
  query: 3,
  report: 5,
  alarm: 7,
  settings: 9,
  system: 20,
  water: 30,
} as const;

export interface ResourceSeed {
  code: string;
  zh: string;
  en: string;
  url: string;
  icon: string;
  resType: number;
  action: number;
  children?: readonly ResourceSeed[];
}

const page = (code: string, zh: string, en: string, url: string, icon: string, resType: number, ops: readonly ResourceSeed[] = []): ResourceSeed => ({
  code,
  zh,
  en,
  url,
  icon,
  resType,
  action: RESOURCE_ACTION.menu,
  children: ops,
});

/** The write permission under a page: add, update, delete, import. Read access is the page itself. */
const write = (pageCode: string, resType: number): ResourceSeed => ({
  code: `${pageCode}:write`,
  zh: '编辑',
  en: 'Edit',
  url: '',
  icon: '',
  resType,
  action: RESOURCE_ACTION.operation,
});

const group = (code: string, zh: string, en: string, url: string, icon: string, resType: number, children: readonly ResourceSeed[]): ResourceSeed => ({
  code,
  zh,
  en,
  url,
  icon,
  resType,
  action: RESOURCE_ACTION.menu,
  children,
});

const T = RESOURCE_TYPE;

export const RESOURCE_TREE: readonly ResourceSeed[] = [
  group('realtime', '实时监控', 'Real-time', '/realtime', 'MonitorOutlined', T.realtime, [
    page('realtime.dashboard', '监控大屏', 'Dashboard', 'dashboard', 'DashboardOutlined', T.realtime),
    page('realtime.data', '实时数据', 'Real-time data', 'data', 'TableOutlined', T.realtime),
    page('realtime.chart', '实时曲线', 'Real-time chart', 'chart', 'LineChartOutlined', T.realtime),
    page('realtime.overflow', '溢流监测', 'Overflow', 'overflow', 'CloudOutlined', T.realtime),
    page('realtime.water', '水质监测', 'Water quality', 'water', 'ExperimentOutlined', T.realtime),
  ]),
  group('query', '数据查询', 'Data query', '/query', 'SearchOutlined', T.query, [
    page('query.history', '历史数据', 'History data', 'history', 'HistoryOutlined', T.query),
    page('query.original', '原始报文', 'Original packets', 'original', 'FileTextOutlined', T.query),
    page('query.gather', '汇总数据', 'Aggregated data', 'gather', 'FundOutlined', T.query),
    page('query.ai', '智能分析', 'AI analysis', 'ai', 'BulbOutlined', T.query),
    page('query.other', '其他数据', 'Other data', 'other', 'AppstoreOutlined', T.query),
    page('query.video', '视频查询', 'Video', 'video', 'VideoCameraOutlined', T.query),
  ]),
  group('report', '统计报表', 'Reports', '/report', 'BarChartOutlined', T.report, [
    page('report.single-station', '单站报表', 'Single station', 'single-station', 'FileOutlined', T.report),
    page('report.multi-station', '多站报表', 'Multi-station', 'multi-station', 'FileDoneOutlined', T.report),
    page('report.contrast', '对比报表', 'Contrast', 'contrast', 'SwapOutlined', T.report),
    page('report.transmission', '数据传输率', 'Data transmission', 'transmission', 'CloudUploadOutlined', T.report),
    page('report.isotope', '同位素报表', 'Isotope', 'isotope', 'NodeIndexOutlined', T.report),
    page('report.odor-rose', '气味玫瑰图', 'Odour rose', 'odor-rose', 'RadarChartOutlined', T.report),
    page('report.factor-bar', '单设备因子柱状图', 'Device factor bars', 'factor-bar', 'BarChartOutlined', T.report),
    page('report.radar', '标准雷达图', 'Standard radar', 'radar', 'AimOutlined', T.report),
    page('report.summary', '汇总报表', 'Summaries', 'summary', 'ProfileOutlined', T.report),
  ]),
  group('alarm', '告警管理', 'Alarms', '/alarm', 'AlertOutlined', T.alarm, [
    page('alarm.list', '告警列表', 'Alarm list', 'list', 'BellOutlined', T.alarm, [write('alarm.list', T.alarm)]),
  ]),
  group('settings', '系统设置', 'Settings', '/settings', 'SettingOutlined', T.settings, [
    page('settings.threshold', '告警阈值', 'Alarm thresholds', 'threshold', 'WarningOutlined', T.settings, [write('settings.threshold', T.settings)]),
    page('settings.factor', '监测因子', 'Monitor factors', 'factor', 'ExperimentOutlined', T.settings, [write('settings.factor', T.settings)]),
    page('settings.device-parameters', '设备参数', 'Device parameters', 'device-parameters', 'ControlOutlined', T.settings, [write('settings.device-parameters', T.settings)]),
    page('settings.counter-control', '计数器控制', 'Counter control', 'counter-control', 'FieldNumberOutlined', T.settings, [write('settings.counter-control', T.settings)]),
    page('settings.dashboard', '大屏设置', 'Dashboard setting', 'dashboard', 'LayoutOutlined', T.settings, [write('settings.dashboard', T.settings)]),
    page('settings.data-audit', '数据审核', 'Data audit', 'data-audit', 'AuditOutlined', T.settings, [write('settings.data-audit', T.settings)]),
    page('settings.devops', '运维管理', 'DevOps', 'devops', 'ToolOutlined', T.settings, [write('settings.devops', T.settings)]),
    page('settings.dynamic-code', '动态码', 'Dynamic code', 'dynamic-code', 'KeyOutlined', T.settings, [write('settings.dynamic-code', T.settings)]),
    page('settings.iot-card', '物联网卡', 'IoT card', 'iot-card', 'CreditCardOutlined', T.settings, [write('settings.iot-card', T.settings)]),
    page('settings.regular', '规则设置', 'Regular', 'regular', 'ScheduleOutlined', T.settings, [write('settings.regular', T.settings)]),
    page('settings.reissue', '数据补发', 'Reissue', 'reissue', 'RedoOutlined', T.settings, [write('settings.reissue', T.settings)]),
    page('settings.transfer-format', '传输格式', 'Transfer format', 'transfer-format', 'ApiOutlined', T.settings, [write('settings.transfer-format', T.settings)]),
    page('settings.wx-alarm', '微信告警', 'WeChat alarm', 'wx-alarm', 'WechatOutlined', T.settings, [write('settings.wx-alarm', T.settings)]),
    page('settings.video-ys', '萤石视频', 'Video (EZVIZ)', 'video-ys', 'VideoCameraAddOutlined', T.settings, [write('settings.video-ys', T.settings)]),
  ]),
  group('system', '系统管理', 'System', '/system', 'ClusterOutlined', T.system, [
    page('system.device', '设备管理', 'Devices', 'device', 'HddOutlined', T.system, [write('system.device', T.system)]),
    page('system.user', '用户管理', 'Users', 'user', 'UserOutlined', T.system, [write('system.user', T.system)]),
    page('system.role', '角色管理', 'Roles', 'role', 'TeamOutlined', T.system, [write('system.role', T.system)]),
    page('system.resource', '资源管理', 'Resources', 'resource', 'ApartmentOutlined', T.system, [write('system.resource', T.system)]),
    page('system.dictionary', '数据字典', 'Dictionary', 'dictionary', 'BookOutlined', T.system, [write('system.dictionary', T.system)]),
    page('system.job', '定时任务', 'Jobs', 'job', 'FieldTimeOutlined', T.system, [write('system.job', T.system)]),
    page('system.log', '操作日志', 'Operation log', 'log', 'FileSearchOutlined', T.system),
    page('system.server-log', '服务日志', 'Server log', 'server-log', 'FileZipOutlined', T.system),
  ]),
  group('water', '水站工具', 'Water station', '/water', 'ExperimentOutlined', T.water, [
    page('water.control', '水站控制', 'Station control', 'control', 'ControlOutlined', T.water, [write('water.control', T.water)]),
    page('water.data-audit', '水站数据审核', 'Station data audit', 'data-audit', 'AuditOutlined', T.water, [write('water.data-audit', T.water)]),
    page('water.outlier-interval', '异常值区间', 'Outlier interval', 'outlier-interval', 'ColumnHeightOutlined', T.water, [write('water.outlier-interval', T.water)]),
  ]),
];

/** Every seeded code, flattened in menu order. */
export function flattenResourceTree(tree: readonly ResourceSeed[] = RESOURCE_TREE): ResourceSeed[] {
  return tree.flatMap((node) => [node, ...flattenResourceTree(node.children ?? [])]);
}
