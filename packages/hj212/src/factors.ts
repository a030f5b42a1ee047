/**
 * Monitor-factor catalogue: the HJ 212 water and air factor codes of HJ212.md §12 "Factor codes (verified)"
 * (HJ 212-2017 Tables B.1 / B.2), with the HJ/T 212-2005 legacy codes of §12 and §14.
 */

export type FactorKind = 'water' | 'air';

export interface FactorDefinition {
  /** HJ 212-2017 (HJ 524/525) six-character code, e.g. `w01018`. */
  readonly code: string;
  /** HJ/T 212-2005 code (the "原编码" / "old" column), where the document gives one. */
  readonly legacyCode?: string;
  readonly kind: FactorKind;
  /** Chinese name as the document gives it; for names printed only as a symbol (pH, PM1.0) the symbol. */
  readonly zh: string;
  /** English name. */
  readonly en: string;
  /** Abbreviation or formula the document uses (COD, NH3-N, SO2 …). */
  readonly symbol?: string;
  /** Default (concentration) unit, as printed in the document; absent where the document gives none. */
  readonly unit?: string;
  /** Unit of the load (emission amount), where the document gives one. */
  readonly loadUnit?: string;
  /** The document's caveat about the unit. */
  readonly unitRemark?: string;
  /** Data type as printed (`N5.1` = up to 5 integer digits, 1 decimal place); absent where the document gives none. */
  readonly dataType?: string;
  /** Decimal places, read from `dataType`; absent where the document gives no type. */
  readonly decimals?: number;
  /** False for the de-facto codes the document marks as not in HJ 212-2017 Table B.1 / B.2. */
  readonly inStandardTable: boolean;
}

type FactorSource = Omit<FactorDefinition, 'decimals' | 'inStandardTable'> & { readonly inStandardTable?: false };

const PM_UNIT_REMARK =
  'the standard prints 纳克/立方米 (ng/m³), a misprint for µg/m³ (HJ212.md §12); devices may override';

const SOURCES: readonly FactorSource[] = [
  // Surface water — HJ 212-2017 Table B.1 (from HJ 525-2009).
  { code: 'w01001', legacyCode: '001', kind: 'water', zh: 'pH', en: 'pH', unit: 'dimensionless', dataType: 'N2.2' },
  { code: 'w01009', kind: 'water', zh: '溶解氧', en: 'Dissolved oxygen', unit: 'mg/L', dataType: 'N3.1' },
  {
    code: 'w01018',
    legacyCode: '011',
    kind: 'water',
    zh: '化学需氧量',
    en: 'Chemical oxygen demand',
    symbol: 'COD',
    unit: 'mg/L',
    dataType: 'N5.1',
  },
  {
    code: 'w21003',
    legacyCode: '060',
    kind: 'water',
    zh: '氨氮',
    en: 'Ammonia nitrogen',
    symbol: 'NH3-N',
    unit: 'mg/L',
    dataType: 'N4.2',
  },
  {
    code: 'w21011',
    legacyCode: '101',
    kind: 'water',
    zh: '总磷',
    en: 'Total phosphorus',
    symbol: 'TP',
    unit: 'mg/L',
    dataType: 'N3.2',
  },
  {
    code: 'w21001',
    legacyCode: '065',
    kind: 'water',
    zh: '总氮',
    en: 'Total nitrogen',
    symbol: 'TN',
    unit: 'mg/L',
    dataType: 'N4.2',
  },
  { code: 'w01010', kind: 'water', zh: '水温', en: 'Water temperature', unit: '°C', dataType: 'N3.1' },
  { code: 'w01014', kind: 'water', zh: '电导率', en: 'Conductivity', unit: 'µS/cm', dataType: 'N3.1' },
  {
    code: 'w01019',
    kind: 'water',
    zh: '高锰酸盐指数',
    en: 'Permanganate index',
    symbol: 'CODMn',
    unit: 'mg/L',
    dataType: 'N3.1',
  },
  {
    code: 'w01020',
    legacyCode: '015',
    kind: 'water',
    zh: '总有机碳',
    en: 'Total organic carbon',
    symbol: 'TOC',
    unit: 'mg/L',
    dataType: 'N3.1',
  },
  {
    code: 'w00000',
    legacyCode: 'B01',
    kind: 'water',
    zh: '污水',
    en: 'Waste water flow',
    unit: 'L/s',
    loadUnit: 'm³',
    dataType: 'N5.2',
  },
  {
    code: 'w01012',
    legacyCode: '003',
    kind: 'water',
    zh: '悬浮物',
    en: 'Suspended solids',
    unit: 'mg/L',
    dataType: 'N4',
  },
  { code: 'w22001', legacyCode: '080', kind: 'water', zh: '石油类', en: 'Petroleum', unit: 'mg/L', dataType: 'N3.2' },
  {
    code: 'w23002',
    legacyCode: '110',
    kind: 'water',
    zh: '挥发酚',
    en: 'Volatile phenol',
    unit: 'mg/L',
    dataType: 'N3.4',
  },
  // Not in Table B.1, but the de-facto surface-water code (HJ212.md §12).
  { code: 'w01003', kind: 'water', zh: '浊度', en: 'Turbidity', unit: 'NTU', inStandardTable: false },

  // Air — HJ 212-2017 Table B.2 (from HJ 524-2009).
  {
    code: 'a34004',
    kind: 'air',
    zh: '细微颗粒物',
    en: 'Fine particulate matter',
    symbol: 'PM2.5',
    unit: 'µg/m³',
    unitRemark: PM_UNIT_REMARK,
    dataType: 'N3.3',
  },
  {
    code: 'a34002',
    kind: 'air',
    zh: '可吸入颗粒物',
    en: 'Inhalable particulate matter',
    symbol: 'PM10',
    unit: 'µg/m³',
    unitRemark: PM_UNIT_REMARK,
    dataType: 'N3.3',
  },
  {
    code: 'a34001',
    kind: 'air',
    zh: '总悬浮颗粒物',
    en: 'Total suspended particulate',
    symbol: 'TSP',
    unit: 'µg/m³',
    unitRemark: PM_UNIT_REMARK,
    dataType: 'N4.3',
  },
  { code: 'a34005', kind: 'air', zh: 'PM1.0', en: 'PM1.0 particulate matter', symbol: 'PM1.0', dataType: 'N3.3' },
  {
    code: 'a21026',
    legacyCode: '02',
    kind: 'air',
    zh: '二氧化硫',
    en: 'Sulfur dioxide',
    symbol: 'SO2',
    unit: 'mg/m³',
    dataType: 'N5.2',
  },
  {
    code: 'a21004',
    kind: 'air',
    zh: '二氧化氮',
    en: 'Nitrogen dioxide',
    symbol: 'NO2',
    unit: 'mg/m³',
    dataType: 'N4.1',
  },
  {
    code: 'a21002',
    legacyCode: '03',
    kind: 'air',
    zh: '氮氧化物',
    en: 'Nitrogen oxides',
    symbol: 'NOx',
    unit: 'mg/m³',
    dataType: 'N5.1',
  },
  { code: 'a21003', kind: 'air', zh: '一氧化氮', en: 'Nitric oxide', symbol: 'NO', unit: 'mg/m³', dataType: 'N4.1' },
  {
    code: 'a21005',
    legacyCode: '04',
    kind: 'air',
    zh: '一氧化碳',
    en: 'Carbon monoxide',
    symbol: 'CO',
    unit: 'mg/m³',
    dataType: 'N3.3',
  },
  { code: 'a01001', kind: 'air', zh: '温度', en: 'Temperature', unit: '°C', dataType: 'N3.1' },
  { code: 'a01002', kind: 'air', zh: '湿度', en: 'Humidity', unit: '%', dataType: 'N3.1' },
  { code: 'a01006', kind: 'air', zh: '气压', en: 'Atmospheric pressure', unit: 'kPa', dataType: 'N5.3' },
  { code: 'a01007', kind: 'air', zh: '风速', en: 'Wind speed', unit: 'm/s', dataType: 'N4.1' },
  { code: 'a01008', kind: 'air', zh: '风向', en: 'Wind direction', unit: 'degree', dataType: 'N4' },
  {
    code: 'a19001',
    legacyCode: 'S01',
    kind: 'air',
    zh: '氧气含量',
    en: 'Oxygen content',
    symbol: 'O2',
    unit: '%',
    dataType: 'N3.1',
  },
  { code: 'a34013', legacyCode: '01', kind: 'air', zh: '烟尘', en: 'Smoke dust', unit: 'mg/m³', dataType: 'N4' },
  {
    code: 'a24088',
    kind: 'air',
    zh: '非甲烷总烃',
    en: 'Non-methane hydrocarbons',
    symbol: 'NMHC',
    unit: 'mg/m³',
    dataType: 'N7.3',
  },
  {
    code: 'a21028',
    legacyCode: '05',
    kind: 'air',
    zh: '硫化氢',
    en: 'Hydrogen sulfide',
    symbol: 'H2S',
    unit: 'mg/m³',
    dataType: 'N3.2',
  },
  {
    code: 'a21001',
    legacyCode: '10',
    kind: 'air',
    zh: '氨',
    en: 'Ammonia',
    symbol: 'NH3',
    unitRemark: 'unit illegible in the document ("as printed"); configure per device',
    dataType: 'N4.3',
  },
  // Not in Table B.2 (an HJ 524-2009 code), but the de-facto ozone code (HJ212.md §12).
  { code: 'a05024', kind: 'air', zh: '臭氧', en: 'Ozone', symbol: 'O3', inStandardTable: false },
];

/** Decimal places of an `Nx.y` data type (`N4` → 0); undefined for anything else. */
function decimalsOf(dataType: string | undefined): number | undefined {
  const match = dataType === undefined ? null : /^N\d+(?:\.(\d+))?$/.exec(dataType);
  if (!match) return undefined;
  return match[1] === undefined ? 0 : Number(match[1]);
}

function define(source: FactorSource): FactorDefinition {
  const decimals = decimalsOf(source.dataType);
  return Object.freeze({
    ...source,
    ...(decimals === undefined ? {} : { decimals }),
    inStandardTable: source.inStandardTable ?? true,
  });
}

/** Every catalogued factor, water first, in the document's order. */
export const FACTORS: readonly FactorDefinition[] = Object.freeze(SOURCES.map(define));

const BY_CODE: ReadonlyMap<string, FactorDefinition> = new Map(FACTORS.map((factor) => [factor.code, factor]));
const BY_LEGACY_CODE: ReadonlyMap<string, FactorDefinition> = new Map(
  FACTORS.flatMap((factor) => (factor.legacyCode === undefined ? [] : [[factor.legacyCode, factor] as const])),
);

/** The factor for a 2017 code or an HJ/T 212-2005 legacy code (exact, case-sensitive as printed: `w01018`, `B01`). */
export function factorByCode(code: string): FactorDefinition | undefined {
  return BY_CODE.get(code) ?? BY_LEGACY_CODE.get(code);
}

/** The 2017 code for a legacy 2005 code; 2017 codes and unknown codes are returned unchanged. */
export function normaliseFactorCode(code: string): string {
  return BY_LEGACY_CODE.get(code)?.code ?? code;
}

/** The catalogued factors of one kind, in catalogue order. */
export function factorsOfKind(kind: FactorKind): readonly FactorDefinition[] {
  return FACTORS.filter((factor) => factor.kind === kind);
}
