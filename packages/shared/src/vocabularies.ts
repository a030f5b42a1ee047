/**
 * The enumerations of SPEC section 3, once. Each vocabulary is stored in the dictionary under
 * its table and column name (the seed reads this file), and screens label and colour values
 * from it in either language.
 */
import { RESOURCE_TREE } from './resources.js';

export interface VocabularyItem {
  value: string;
  zh: string;
  en: string;
  /** antd tag colour, where the value is shown as a tag. */
  color?: string;
}

export interface Vocabulary {
  tableName: string;
  columnName: string;
  items: readonly VocabularyItem[];
}

const item = (value: string | number, zh: string, en: string, color?: string): VocabularyItem =>
  color === undefined ? { value: String(value), zh, en } : { value: String(value), zh, en, color };

const INSTRUMENT_FAULTS: readonly [string, string][] = [
  ['基线漂移', 'baseline drift'],
  ['加热器故障', 'heater fault'],
  ['制冷器故障', 'cooling fault'],
  ['试剂A缺少', 'reagent A shortage'],
  ['试剂B缺少', 'reagent B shortage'],
  ['试剂C缺少', 'reagent C shortage'],
  ['废液桶满', 'waste container full'],
  ['仪器断电', 'power cut'],
  ['超量程报警', 'over-range alarm'],
  ['缺水样', 'missing water sample'],
  ['缺标准液', 'missing standard solution'],
  ['缺核查液', 'missing check solution'],
  ['缺纯水', 'missing pure water'],
  ['零点核查失败', 'zero check failed'],
  ['跨度核查失败', 'span check failed'],
  ['标样核查失败', 'standard check failed'],
  ['零点校准失败', 'zero calibration failed'],
  ['标准校准失败', 'standard calibration failed'],
  ['消解器故障', 'digester fault'],
  ['光源故障', 'light source fault'],
  ['泵故障', 'pump fault'],
  ['阀故障', 'valve fault'],
  ['通信故障', 'instrument communication fault'],
  ['温度异常', 'temperature abnormal'],
  ['压力异常', 'pressure abnormal'],
  ['进样故障', 'sampling fault'],
  ['其他故障', 'other fault'],
];

const QC_STEPS: readonly [string, string][] = [
  ['零点核查', 'zero check'],
  ['跨度核查', 'span check'],
  ['标样核查', 'standard check'],
  ['零点校准', 'zero calibration'],
  ['标准校准', 'standard calibration'],
  ['全程校准', 'full calibration'],
];

export const VOCABULARIES = {
  resourceType: {
    tableName: 'resource',
    columnName: 'resType',
    items: [
      item(1, '实时监控', 'Real-time monitoring'),
      item(3, '数据查询', 'Data query'),
      item(5, '统计报表', 'Reports'),
      item(7, '告警管理', 'Alarms'),
      item(9, '系统设置', 'Settings'),
      item(20, '系统管理', 'System management'),
      item(30, '水站工具', 'Water station tools'),
    ],
  },
  resourceAction: {
    tableName: 'resource',
    columnName: 'action',
    items: [
      item(0, '菜单', 'Menu', 'blue'),
      item(1, '操作', 'Operation', 'green'),
      item(2, '排除', 'Excluded', 'default'),
    ],
  },
  validFlag: {
    tableName: 'common',
    columnName: 'ifValid',
    items: [item(0, '无效', 'Invalid', 'default'), item(1, '有效', 'Valid', 'green')],
  },
  executedFlag: {
    tableName: 'common',
    columnName: 'executed',
    items: [item(0, '未执行', 'Not executed', 'orange'), item(1, '已执行', 'Executed', 'green')],
  },
  alarmType: {
    tableName: 'alarm',
    columnName: 'alarmtype',
    items: [
      item(1, '阈值告警', 'Threshold', 'red'),
      item(2, '离线告警', 'Offline', 'default'),
      item(3, '电池告警', 'Battery', 'orange'),
      item(4, '设备告警', 'Device', 'volcano'),
      item(5, '断路告警', 'Breaker', 'magenta'),
    ],
  },
  alarmStatus: {
    tableName: 'alarm',
    columnName: 'alarmstatus',
    items: [
      item(1, '待处理', 'Pending', 'red'),
      item(2, '处理中', 'In progress', 'orange'),
      item(3, '已处理', 'Handled', 'green'),
      item(4, '误报', 'False alarm', 'default'),
    ],
  },
  alarmLevel: {
    tableName: 'alarm',
    columnName: 'alarmlevel',
    items: [
      item(1, '一级', 'Level 1', 'red'),
      item(2, '二级', 'Level 2', 'orange'),
      item(3, '三级', 'Level 3', 'gold'),
    ],
  },
  overflowType: {
    tableName: 'alarm',
    columnName: 'overflowtype',
    items: [item(1, '溢流', 'Overflow'), item(2, '满管', 'Full pipe'), item(3, '内涝', 'Waterlogging')],
  },
  timeUnit: {
    tableName: 'data',
    columnName: 'timeunit',
    items: [
      item('hour', '小时', 'Hour'),
      item('day', '日', 'Day'),
      item('month', '月', 'Month'),
      item('flowDay', '流量日', 'Flow day'),
      item('flowMonth', '流量月', 'Flow month'),
      item('flowYear', '流量年', 'Flow year'),
    ],
  },
  thresholdSymbol: {
    tableName: 'threshold',
    columnName: 'symbol',
    items: [
      item(1, '>', '>'),
      item(2, '<', '<'),
      item(3, '>=', '>='),
      item(4, '<=', '<='),
      item(5, '不在(m,n)', 'not in (m,n)'),
      item(6, '在[m,n]', 'in [m,n]'),
    ],
  },
  /**
   * Which way a pair of limits runs (limitSymbol in schemas/alarm.ts): class limits that rise from
   * class I to V (COD), that fall (dissolved oxygen), or a range without limit 1 (pH).
   */
  limitSymbol: {
    tableName: 'threshold',
    columnName: 'limitSymbol',
    items: [
      item('ASC', '递增', 'Ascending', 'blue'),
      item('DESC', '递减', 'Descending', 'purple'),
      item('ph', '区间', 'Range', 'cyan'),
    ],
  },
  dataFlag: {
    tableName: 'data',
    columnName: 'flag',
    items: [
      item('N', '正常', 'Normal', 'green'),
      item('SH1', '不合理', 'Unreasonable', 'orange'),
      item('SH2', '零值', 'Zero data', 'orange'),
      item('SH3', '恒值', 'Constant data', 'orange'),
      item('SH4', '突升', 'Sudden rise', 'orange'),
      item('SH5', '突降', 'Sudden drop', 'orange'),
      item('T', '超上限', 'Over upper limit', 'red'),
      item('L', '超下限', 'Over lower limit', 'red'),
      item('P', '电源故障', 'Power fault', 'volcano'),
      item('D', '仪器故障', 'Instrument fault', 'volcano'),
      item('C', '校准', 'Calibrating', 'blue'),
      item('F', '通讯故障', 'Communication fault', 'volcano'),
      item('S', '补遗值', 'Supplemented value', 'cyan'),
      item('B', '离线', 'Offline', 'default'),
      item('Z', '无水样', 'No water sample', 'default'),
      item('M', '维护数据', 'Maintenance data', 'blue'),
      item('hd', '现场测试', 'On-site test', 'blue'),
      item('WN', '疑似异常', 'Suspected outlier', 'gold'),
      item('ABN', '异常值', 'Outlier', 'red'),
      ...INSTRUMENT_FAULTS.map(([zh, en], i) => item(`D${i + 1}`, zh, en, 'volcano')),
      ...QC_STEPS.map(([zh, en], i) => item(`hd${i + 1}`, zh, en, 'blue')),
      ...QC_STEPS.map(([zh, en], i) => item(`M${i + 1}`, zh, en, 'blue')),
    ],
  },
  /**
   * A device's type is its HJ 212 system code (ST, HJ 212-2017 Table 5, from GB/T 16706-1996); the
   * table is extensible and real stations send others, so an unknown code is shown as it is.
   */
  deviceType: {
    tableName: 'device',
    columnName: 'deviceType',
    items: [
      item(21, '地表水质监测', 'Surface water quality'),
      item(22, '空气质量监测', 'Air quality'),
      item(23, '声环境质量监测', 'Acoustic environment quality'),
      item(24, '地下水质量监测', 'Groundwater quality'),
      item(25, '土壤质量监测', 'Soil quality'),
      item(26, '海水质量监测', 'Seawater quality'),
      item(27, '挥发性有机物监测', 'Volatile organic compounds'),
      item(31, '大气环境污染源', 'Air pollution source'),
      item(32, '地表水体环境污染源', 'Surface water pollution source'),
      item(33, '地下水体环境污染源', 'Groundwater pollution source'),
      item(34, '海洋环境污染源', 'Marine pollution source'),
      item(35, '土壤环境污染源', 'Soil pollution source'),
      item(36, '声环境污染源', 'Noise pollution source'),
      item(37, '振动环境污染源', 'Vibration pollution source'),
      item(38, '放射性环境污染源', 'Radioactive pollution source'),
      item(39, '工地扬尘污染源', 'Construction-site dust'),
      item(41, '电磁环境污染源', 'Electromagnetic pollution source'),
      item(51, '烟气排放过程监控', 'Flue-gas process monitoring'),
      item(52, '污水排放过程监控', 'Waste-water process monitoring'),
    ],
  },
  /** A station's answer to a request (HJ 212-2017 Table 7, CN=9011). */
  qnRtn: {
    tableName: 'command',
    columnName: 'qnRtn',
    items: [
      item(1, '准备执行请求', 'Ready to execute', 'green'),
      item(2, '请求被拒绝', 'Rejected', 'red'),
      item(3, 'PW错误', 'Wrong PW', 'red'),
      item(4, 'MN错误', 'Wrong MN', 'red'),
      item(5, 'ST错误', 'Wrong ST', 'red'),
      item(6, 'Flag错误', 'Wrong Flag', 'red'),
      item(7, 'QN错误', 'Wrong QN', 'red'),
      item(8, 'CN错误', 'Wrong CN', 'red'),
      item(9, 'CRC校验错误', 'CRC error', 'red'),
      item(100, '未知错误', 'Unknown error', 'red'),
    ],
  },
  /** The result a station reports for an executed request (HJ 212-2017 Table 6, CN=9012). */
  exeRtn: {
    tableName: 'command',
    columnName: 'exeRtn',
    items: [
      item(1, '执行成功', 'Succeeded', 'green'),
      item(2, '执行失败，但不知道原因', 'Failed, reason unknown', 'red'),
      item(3, '命令请求条件错误', 'Request condition error', 'red'),
      item(4, '通讯超时', 'Communication timeout', 'orange'),
      item(5, '系统繁忙不能执行', 'System busy', 'orange'),
      item(6, '系统故障', 'System fault', 'red'),
      item(100, '没有数据', 'No data', 'default'),
    ],
  },
  /** Where a stored value came from. */
  source: {
    tableName: 'data',
    columnName: 'source',
    items: [
      item(1, '站点上传', 'Station upload', 'blue'),
      item(2, '补遗上传', 'Supplemented upload', 'cyan'),
      item(3, '平台计算', 'Platform computed', 'purple'),
      item(4, '规则修正', 'Corrected by rule', 'gold'),
      item(5, '人工审核', 'Audited', 'green'),
    ],
  },
  /** A resource's module: its menu group, by position (Resource.module, SPEC section 3). */
  module: {
    tableName: 'resource',
    columnName: 'module',
    items: RESOURCE_TREE.map((group, i) => item(i + 1, group.zh, group.en)),
  },
  /** The mobile app's modules (client type 2). */
  appmodule: {
    tableName: 'resource',
    columnName: 'appmodule',
    items: [
      item(1, '首页', 'Home'),
      item(2, '实时数据', 'Real-time data'),
      item(3, '地图', 'Map'),
      item(4, '告警工单', 'Alarm work orders'),
      item(5, '数据查询', 'Data query'),
      item(6, '我的', 'Me'),
    ],
  },
  /** Units of measure of the factor catalogue (HJ 212-2017 Table 7 and the operators' common ones). */
  unit: {
    tableName: 'factor',
    columnName: 'unit',
    items: [
      item('mg/L', '毫克/升', 'mg/L'),
      item('µg/L', '微克/升', 'µg/L'),
      item('ng/L', '纳克/升', 'ng/L'),
      item('mg/m³', '毫克/立方米', 'mg/m³'),
      item('µg/m³', '微克/立方米', 'µg/m³'),
      item('ng/m³', '纳克/立方米', 'ng/m³'),
      item('ppm', '百万分比浓度', 'ppm'),
      item('ppb', '十亿分比浓度', 'ppb'),
      item('°C', '摄氏度', '°C'),
      item('%', '百分比', '%'),
      item('kPa', '千帕', 'kPa'),
      item('hPa', '百帕', 'hPa'),
      item('m/s', '米/秒', 'm/s'),
      item('degree', '度', 'degree'),
      item('NTU', '浊度单位', 'NTU'),
      item('µS/cm', '微西门子/厘米', 'µS/cm'),
      item('mS/cm', '毫西门子/厘米', 'mS/cm'),
      item('L/s', '升/秒', 'L/s'),
      item('m³/h', '立方米/小时', 'm³/h'),
      item('m³/s', '立方米/秒', 'm³/s'),
      item('t', '吨', 't'),
      item('kg', '千克', 'kg'),
      item('m', '米', 'm'),
      item('mm', '毫米', 'mm'),
      item('dB(A)', '分贝(A)', 'dB(A)'),
      item('Bq/L', '贝可/升', 'Bq/L'),
      item('‰', '千分比', '‰'),
      item('cells/L', '个/升', 'cells/L'),
    ],
  },
  /** What a factor measures (FACTOR_KINDS in schemas/factor.ts). */
  factortype: {
    tableName: 'factor',
    columnName: 'factortype',
    items: [item('water', '水质因子', 'Water factor', 'blue'), item('air', '空气因子', 'Air factor', 'cyan')],
  },
  /** A factor's category in the catalogue (FactorsTable.category); isotope drives the isotope report. */
  factorcategory: {
    tableName: 'factor',
    columnName: 'factorcategory',
    items: [
      item('conventional', '常规五参数', 'Conventional parameters'),
      item('nutrient', '营养盐', 'Nutrients'),
      item('organic', '有机物', 'Organics'),
      item('metal', '重金属', 'Heavy metals'),
      item('biological', '生物毒性', 'Biological'),
      item('particulate', '颗粒物', 'Particulates'),
      item('gas', '气态污染物', 'Gaseous pollutants'),
      item('meteorology', '气象参数', 'Meteorology'),
      item('hydrology', '水文参数', 'Hydrology'),
      item('isotope', '同位素', 'Isotopes'),
    ],
  },
  /** What a data audit does to a value (schemas/data-audit.ts AUDIT_ACTIONS). */
  auditAction: {
    tableName: 'dataAudit',
    columnName: 'action',
    items: [
      item('invalid', '标记无效', 'Mark invalid', 'red'),
      item('valid', '标记有效', 'Mark valid', 'green'),
      item('replace', '替换数值', 'Replace value', 'gold'),
      item('approve', '整日审核通过', 'Approve day', 'blue'),
    ],
  },
  /** Why (AUDIT_REASONS). */
  auditReason: {
    tableName: 'dataAudit',
    columnName: 'reason',
    items: [
      item('instrumentFault', '仪器故障', 'Instrument fault'),
      item('maintenance', '运维维护', 'Maintenance'),
      item('calibration', '校准', 'Calibration'),
      item('abnormal', '数据异常', 'Abnormal data'),
      item('other', '其他', 'Other'),
    ],
  },
  /** The state an audit leaves on a value (AUDIT_STATES). */
  auditState: {
    tableName: 'dataAudit',
    columnName: 'state',
    items: [
      item('invalid', '无效', 'Invalid', 'red'),
      item('valid', '有效', 'Valid', 'green'),
      item('replaced', '已替换', 'Replaced', 'gold'),
      item('approved', '已审核', 'Approved', 'blue'),
      item('recomputed', '重新计算', 'Recomputed', 'purple'),
    ],
  },
  /**
   * The data rules applied on ingest (Settings › regular; schemas/regular.ts REGULAR_SYMBOLS, listed here in
   * the order they apply to a value).
   */
  regularSymbol: {
    tableName: 'regular',
    columnName: 'regularsymbol',
    items: [
      item('unit', '单位换算', 'Unit conversion', 'purple'),
      item('linear', '线性修正', 'Linear correction', 'blue'),
      item('negative', '负值处理', 'Negative values', 'orange'),
      item('detectionLimit', '检出限处理', 'Below detection limit', 'gold'),
      item('round', '数值修约', 'Rounding (GB/T 8170)', 'cyan'),
    ],
  },
  clientType: {
    tableName: 'common',
    columnName: 'clienttype',
    items: [item(1, 'PC端', 'PC'), item(2, 'APP端', 'App')],
  },
} as const satisfies Record<string, Vocabulary>;

export type VocabularyName = keyof typeof VOCABULARIES;

/** A flag containing a dot marks the value before fitting (SPEC section 3). */
export function isPreFitFlag(flag: string): boolean {
  return flag.includes('.');
}

export function vocabularyLabel(name: VocabularyName, value: string | number, lang: 'zh' | 'en'): string {
  const found = VOCABULARIES[name].items.find((i) => i.value === String(value));
  return found ? found[lang] : String(value);
}

export function vocabularyColor(name: VocabularyName, value: string | number): string | undefined {
  const found: VocabularyItem | undefined = VOCABULARIES[name].items.find((i) => i.value === String(value));
  return found?.color;
}
