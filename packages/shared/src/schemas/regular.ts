import { z } from 'zod';
import { idSchema, optionalText, pageQuerySchema, pageSchema, V } from './common.js';

/**
 * Settings › regular (SPEC section 7 'regular': get, getByDeviceId, update; section 3 dictionary column
 * regularsymbol): per device × factor rules applied to the station's values on ingest, before the quality
 * check. The fields below are ours.
 *
 * The symbols in the order they apply to a value (one rule per symbol and device × factor):
 * unit conversion → linear correction (k·x + b) → negative values → values below the detection limit →
 * rounding (GB/T 8170). Conversion first, so that k, b and the detection limit are in the factor's unit;
 * the negatives' rule before the limit's, so that a negative made zero counts as below the limit; rounding
 * last, so that the stored value has the factor's decimals whatever came before.
 */
export const REGULAR_SYMBOLS = ['unit', 'linear', 'negative', 'detectionLimit', 'round'] as const;
export type RegularSymbol = (typeof REGULAR_SYMBOLS)[number];

/** What the negatives' rule does with a value below zero. */
export const NEGATIVE_MODES = ['zero', 'null', 'keep'] as const;
export type NegativeMode = (typeof NEGATIVE_MODES)[number];

/** What replaces a value below the detection limit: the limit, half of it, a fixed value, or nothing (invalid). */
export const DETECTION_LIMIT_MODES = ['limit', 'half', 'fixed', 'null'] as const;
export type DetectionLimitMode = (typeof DETECTION_LIMIT_MODES)[number];

export const REGULAR_MODES = ['zero', 'null', 'keep', 'limit', 'half', 'fixed'] as const;
export type RegularMode = (typeof REGULAR_MODES)[number];

export const REGULAR_LIMITS = { remarkMax: 200, maxDecimals: 8, maxRulesPerDevice: 500, unitMax: 16 } as const;

/**
 * Units a conversion knows, by family: within a family a value in `from` times scale(from) / scale(to) is the
 * value in `to`. Concentrations in air and in water are separate families (mg/m³ is not mg/L).
 */
export const UNIT_FAMILIES: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  airConcentration: { 'ng/m³': 1e-6, 'µg/m³': 1e-3, 'mg/m³': 1, 'g/m³': 1e3 },
  waterConcentration: { 'ng/L': 1e-6, 'µg/L': 1e-3, 'mg/L': 1, 'g/L': 1e3 },
  conductivity: { 'µS/cm': 1, 'mS/cm': 1e3, 'S/m': 1e4 },
  pressure: { Pa: 1, hPa: 1e2, kPa: 1e3, MPa: 1e6 },
  flow: { 'L/s': 3.6, 'm³/h': 1, 'm³/s': 3600, 'm³/d': 1 / 24 },
};

/** Spellings stations and older catalogues use for the units above. */
const UNIT_ALIASES: Readonly<Record<string, string>> = {
  'ug/m3': 'µg/m³',
  'μg/m³': 'µg/m³',
  'µg/m3': 'µg/m³',
  'mg/m3': 'mg/m³',
  'ng/m3': 'ng/m³',
  'g/m3': 'g/m³',
  'ug/L': 'µg/L',
  'μg/L': 'µg/L',
  'uS/cm': 'µS/cm',
  'μS/cm': 'µS/cm',
  'm3/h': 'm³/h',
  'm3/s': 'm³/s',
  'm3/d': 'm³/d',
};

/** A unit in the conversion table's spelling, or null when the table does not know it. */
export function knownUnit(unit: string): string | null {
  const name = UNIT_ALIASES[unit] ?? unit;
  return Object.values(UNIT_FAMILIES).some((family) => name in family) ? name : null;
}

/** The factor turning a value in `from` into one in `to`; null when the two are not of one family. */
export function unitFactor(from: string, to: string): number | null {
  const a = knownUnit(from);
  const b = knownUnit(to);
  if (a === null || b === null) return null;
  for (const family of Object.values(UNIT_FAMILIES)) {
    const fa = family[a];
    const fb = family[b];
    if (fa !== undefined && fb !== undefined) return fa / fb;
  }
  return null;
}

/** Every unit of the table, for the form's pickers. */
export const CONVERTIBLE_UNITS: readonly string[] = Object.values(UNIT_FAMILIES).flatMap((f) => Object.keys(f));

const optionalNumber = z
  .number()
  .finite()
  .optional()
  .nullable()
  .transform((v) => v ?? null);

const optionalUnit = z
  .string()
  .trim()
  .max(REGULAR_LIMITS.unitMax, V.tooLong)
  .optional()
  .nullable()
  .transform((v) => (v ? v : null));

/** One rule's fields: the parameters its symbol reads, the others null. */
const ruleFields = z.object({
  factorCode: z.string({ error: V.required }).trim().min(1, V.required).max(32, V.tooLong),
  symbol: z.enum(REGULAR_SYMBOLS, { error: V.required }),
  /** linear: y = k·x + b. */
  k: optionalNumber,
  b: optionalNumber,
  /** unit: the station's unit and the unit stored (the factor's). */
  fromUnit: optionalUnit,
  toUnit: optionalUnit,
  /** negative: NEGATIVE_MODES; detectionLimit: DETECTION_LIMIT_MODES. */
  mode: z
    .enum(REGULAR_MODES)
    .optional()
    .nullable()
    .transform((v) => v ?? null),
  /** detectionLimit: the limit, in the factor's unit. */
  limit: optionalNumber,
  /** detectionLimit with mode 'fixed': the value stored instead. */
  fixedValue: optionalNumber,
  /** round: decimals to round to; null: the factor's decimals. */
  decimals: z
    .number()
    .int(V.pattern)
    .min(0, 'validation.min')
    .max(REGULAR_LIMITS.maxDecimals, 'validation.max')
    .optional()
    .nullable()
    .transform((v) => v ?? null),
  remark: optionalText(REGULAR_LIMITS.remarkMax),
});

type RuleFields = z.output<typeof ruleFields>;

/** Each symbol's parameters present and sensible (messages are i18n keys; paths name the field). */
function checkParams(rule: RuleFields, ctx: z.RefinementCtx): void {
  const need = (ok: boolean, path: string, message: string = V.required) => {
    if (!ok) ctx.addIssue({ code: 'custom', message, path: [path] });
  };
  switch (rule.symbol) {
    case 'linear':
      need(rule.k !== null, 'k');
      need(rule.b !== null, 'b');
      break;
    case 'unit':
      need(rule.fromUnit !== null, 'fromUnit');
      need(rule.toUnit !== null, 'toUnit');
      if (rule.fromUnit !== null && rule.toUnit !== null)
        need(unitFactor(rule.fromUnit, rule.toUnit) !== null, 'toUnit', 'regular.validation.units');
      break;
    case 'negative':
      need(rule.mode !== null, 'mode');
      if (rule.mode !== null) need((NEGATIVE_MODES as readonly string[]).includes(rule.mode), 'mode', V.pattern);
      break;
    case 'detectionLimit':
      need(rule.limit !== null, 'limit');
      if (rule.limit !== null) need(rule.limit > 0, 'limit', 'validation.min');
      need(rule.mode !== null, 'mode');
      if (rule.mode !== null) need((DETECTION_LIMIT_MODES as readonly string[]).includes(rule.mode), 'mode', V.pattern);
      if (rule.mode === 'fixed') need(rule.fixedValue !== null, 'fixedValue');
      break;
    case 'round':
      break;
  }
}

/** Only the symbol's own parameters are kept: a form switching symbols sends leftovers of the others. */
function onlyOwnParams<T extends RuleFields>(rule: T): T {
  const own: Record<RegularSymbol, (keyof RuleFields)[]> = {
    unit: ['fromUnit', 'toUnit'],
    linear: ['k', 'b'],
    negative: ['mode'],
    detectionLimit: ['mode', 'limit', 'fixedValue'],
    round: ['decimals'],
  };
  const keep = own[rule.symbol];
  const params = ['k', 'b', 'fromUnit', 'toUnit', 'mode', 'limit', 'fixedValue', 'decimals'] as const;
  const out = { ...rule };
  for (const p of params) if (!keep.includes(p)) Object.assign(out, { [p]: null });
  if (rule.symbol === 'detectionLimit' && rule.mode !== 'fixed') out.fixedValue = null;
  return out;
}

/** A rule as a device's list holds it (update). */
export const dataRuleItemSchema = ruleFields.superRefine(checkParams).transform(onlyOwnParams);
export type DataRuleItem = z.output<typeof dataRuleItemSchema>;

/** The device of a rule the list screen sends (a JSON number; none chosen is 'required'). */
const ruleDeviceId = z.number({ error: V.required }).int(V.required).positive(V.required);

/** One rule with its device (the list screen's add). */
export const dataRuleInputSchema = ruleFields
  .extend({ deviceId: ruleDeviceId })
  .superRefine(checkParams)
  .transform(onlyOwnParams);
export type DataRuleInput = z.output<typeof dataRuleInputSchema>;
export type DataRuleInputRequest = z.input<typeof dataRuleInputSchema>;

/** One rule by its id (the list screen's edit). */
export const dataRuleEditSchema = ruleFields
  .extend({ deviceId: ruleDeviceId, id: idSchema })
  .superRefine(checkParams)
  .transform(onlyOwnParams);
export type DataRuleEdit = z.output<typeof dataRuleEditSchema>;

/** update (SPEC): a device's rules, replaced by this list; one rule per factor and symbol. */
export const dataRulesUpdateSchema = z
  .object({
    deviceId: idSchema,
    rules: z.array(dataRuleItemSchema).max(REGULAR_LIMITS.maxRulesPerDevice),
  })
  .superRefine((v, ctx) => {
    const seen = new Set<string>();
    v.rules.forEach((r, i) => {
      const key = `${r.factorCode}|${r.symbol}`;
      if (seen.has(key)) ctx.addIssue({ code: 'custom', message: 'regular.validation.duplicate', path: ['rules', i] });
      seen.add(key);
    });
  });
export type DataRulesUpdate = z.output<typeof dataRulesUpdateSchema>;
export type DataRulesUpdateRequest = z.input<typeof dataRulesUpdateSchema>;

export const dataRuleSchema = z.object({
  id: z.number().int(),
  deviceId: z.number().int(),
  deviceName: z.string().nullable(),
  deviceCode: z.string().nullable(),
  factorCode: z.string(),
  factorName: z.string().nullable(),
  factorNameEn: z.string().nullable(),
  /** The factor's unit and decimals in the catalogue (rounding's default). */
  factorUnit: z.string().nullable(),
  factorDecimals: z.number().int().nullable(),
  symbol: z.enum(REGULAR_SYMBOLS),
  k: z.number().nullable(),
  b: z.number().nullable(),
  fromUnit: z.string().nullable(),
  toUnit: z.string().nullable(),
  mode: z.enum(REGULAR_MODES).nullable(),
  limit: z.number().nullable(),
  fixedValue: z.number().nullable(),
  decimals: z.number().int().nullable(),
  remark: z.string().nullable(),
  createTime: z.number().int(),
  updateTime: z.number().int(),
});
export type DataRule = z.infer<typeof dataRuleSchema>;
export const dataRulePageSchema = pageSchema(dataRuleSchema);

/** get: paged, the rules of the devices in scope, by device, factor and symbol. */
export const dataRuleListQuerySchema = pageQuerySchema.extend({
  deviceId: z.coerce.number().int().positive().optional(),
  factorCode: z.string().trim().max(32).optional(),
  symbol: z.enum(REGULAR_SYMBOLS).optional(),
  projectId: z.coerce.number().int().positive().optional(),
  ifFilter: z.coerce.number().int().optional(),
});
export type DataRuleListQuery = z.infer<typeof dataRuleListQuerySchema>;
