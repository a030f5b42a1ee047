import { z } from 'zod';
import { idSchema, optionalText, pageQuerySchema, requiredText, V } from './common.js';

/**
 * Monitor factors (the HJ 212 catalogue plus operators' own codes) with the quality-flag
 * parameters of the ingest pipeline, and each device's factors with per-device settings.
 */
export const FACTOR_KINDS = ['water', 'air'] as const;
export type FactorKindName = (typeof FACTOR_KINDS)[number];

/**
 * The factors a device of each type measures, by its HJ 212 system code (the deviceType
 * vocabulary): water bodies and waste water measure water factors, air, flue gas, dust and VOC
 * stations air factors. Types not listed (soil, noise, radiation …) have no kind of their own.
 */
const DEVICE_TYPE_FACTOR_KIND: Readonly<Record<string, FactorKindName>> = {
  '21': 'water',
  '24': 'water',
  '26': 'water',
  '32': 'water',
  '33': 'water',
  '34': 'water',
  '52': 'water',
  '22': 'air',
  '27': 'air',
  '31': 'air',
  '39': 'air',
  '51': 'air',
};

/** The kind of factor a device of this type measures; null where the type says nothing about it. */
export function factorKindOfDeviceType(deviceType: string | null | undefined): FactorKindName | null {
  return DEVICE_TYPE_FACTOR_KIND[deviceType?.trim() ?? ''] ?? null;
}

export const FACTOR_LIMITS = {
  factorCodeMax: 16,
  factorNameMax: 64,
  unitMax: 32,
  decimalsMax: 10,
} as const;

/** HJ 212 codes are letters and digits (w01018, a34004, 001); vendors add their own the same way. */
export const FACTOR_CODE_PATTERN = /^[A-Za-z0-9-]+$/;

export const factorCodeSchema = requiredText(FACTOR_LIMITS.factorCodeMax).regex(FACTOR_CODE_PATTERN, V.pattern);

const nullableNumber = z.union([z.number(), z.null(), z.literal('').transform(() => null)]).optional();
const nullableCount = z.union([z.number().int().min(0), z.null(), z.literal('').transform(() => null)]).optional();

/**
 * The quality-flag parameters (the ingest pipeline's SH1–SH5 rules; the WN and ABN outlier intervals are
 * schemas/outlier-interval.ts). On a factor they are the defaults; on a device's factor null (or absent) means
 * "use the factor's".
 */
const qualityFields = {
  rangeMin: z.number().nullable(),
  rangeMax: z.number().nullable(),
  zeroIsSuspect: z.boolean(),
  constantCount: z.number().int(),
  riseRatio: z.number().nullable(),
  dropRatio: z.number().nullable(),
};

export const factorSchema = z.object({
  factorCode: z.string(),
  factorName: z.string(),
  factorNameEn: z.string(),
  legacyCode: z.string().nullable(),
  kind: z.string(),
  unit: z.string().nullable(),
  decimals: z.number().int().nullable(),
  ...qualityFields,
  builtIn: z.boolean(),
  /** The catalogue category, e.g. 'isotope' (FACTOR_CATEGORY_ISOTOPE: the isotope report's factors); null for none. */
  category: z.string().nullable().optional(),
});
export type Factor = z.infer<typeof factorSchema>;

/** A min/max pair is valid when either side is open or min ≤ max. */
const ordered = (min: number | null | undefined, max: number | null | undefined) =>
  min === null || min === undefined || max === null || max === undefined || min <= max;

export const factorInputSchema = z
  .object({
    factorCode: factorCodeSchema,
    factorName: requiredText(FACTOR_LIMITS.factorNameMax),
    factorNameEn: requiredText(FACTOR_LIMITS.factorNameMax),
    legacyCode: optionalText(FACTOR_LIMITS.factorCodeMax),
    kind: z.enum(FACTOR_KINDS, { error: V.required }),
    unit: optionalText(FACTOR_LIMITS.unitMax),
    decimals: z
      .union([z.number().int().min(0).max(FACTOR_LIMITS.decimalsMax), z.null()])
      .optional()
      .transform((v) => v ?? null),
    rangeMin: nullableNumber.transform((v) => v ?? null),
    rangeMax: nullableNumber.transform((v) => v ?? null),
    zeroIsSuspect: z.boolean().default(false),
    constantCount: z.number().int().min(0).default(0),
    riseRatio: z.number().positive().nullable().default(null),
    dropRatio: z.number().positive().nullable().default(null),
    /** Absent: left as it is; '' or null: none. */
    category: z
      .string()
      .trim()
      .max(FACTOR_LIMITS.unitMax, V.tooLong)
      .nullable()
      .optional()
      .transform((v) => (v === '' ? null : v)),
  })
  .refine((f) => ordered(f.rangeMin, f.rangeMax), { message: 'validation.invalid', path: ['rangeMax'] });
export type FactorInput = z.infer<typeof factorInputSchema>;

/** get: paged, filtered by code, name (either language, contains) and kind. */
export const factorListQuerySchema = pageQuerySchema.extend({
  factorCode: z.string().trim().optional(),
  factorName: z.string().trim().optional(),
  kind: z.string().trim().optional(),
});
export type FactorListQuery = z.infer<typeof factorListQuerySchema>;

export const factorAllQuerySchema = z.object({ kind: z.string().trim().optional() });

/** Factors are keyed by their code (delete by GET ?factorCode=). */
export const factorCodeQuerySchema = z.object({ factorCode: z.string().trim().min(1) });

/** A device's monitor factor with its per-device settings, as the API returns it. */
export const deviceFactorSchema = z.object({
  id: z.number().int(),
  deviceId: z.number().int(),
  deviceCode: z.string(),
  deviceName: z.string(),
  factorCode: z.string(),
  factorName: z.string(),
  factorNameEn: z.string(),
  /** The device's unit; null = the factor's (`factorUnit`). */
  unit: z.string().nullable(),
  factorUnit: z.string().nullable(),
  standardLimit: z.number().nullable(),
  displayOrder: z.number().int(),
  rangeMin: z.number().nullable(),
  rangeMax: z.number().nullable(),
  zeroIsSuspect: z.boolean().nullable(),
  constantCount: z.number().int().nullable(),
  riseRatio: z.number().nullable(),
  dropRatio: z.number().nullable(),
});
export type DeviceFactor = z.infer<typeof deviceFactorSchema>;

/** One factor of a device's list in an update; null or absent overrides mean "the factor's". */
export const deviceFactorItemSchema = z
  .object({
    factorCode: factorCodeSchema,
    unit: optionalText(FACTOR_LIMITS.unitMax),
    standardLimit: nullableNumber.transform((v) => v ?? null),
    displayOrder: z.number().int().min(0).optional(),
    rangeMin: nullableNumber.transform((v) => v ?? null),
    rangeMax: nullableNumber.transform((v) => v ?? null),
    zeroIsSuspect: z.boolean().nullable().default(null),
    constantCount: nullableCount.transform((v) => v ?? null),
    riseRatio: z.number().positive().nullable().default(null),
    dropRatio: z.number().positive().nullable().default(null),
  })
  .refine((f) => ordered(f.rangeMin, f.rangeMax), { message: 'validation.invalid', path: ['rangeMax'] });
export type DeviceFactorItem = z.infer<typeof deviceFactorItemSchema>;

/** update: the device's whole factor list (replaces the previous one); order defaults to list order. */
export const deviceFactorUpdateSchema = z.object({
  deviceId: idSchema,
  factors: z
    .array(deviceFactorItemSchema)
    .refine((items) => new Set(items.map((i) => i.factorCode)).size === items.length, 'validation.invalid'),
});
export type DeviceFactorUpdate = z.infer<typeof deviceFactorUpdateSchema>;

export const deviceFactorListQuerySchema = pageQuerySchema.extend({
  deviceId: z.coerce.number().int().optional(),
  factorCode: z.string().trim().optional(),
});
export type DeviceFactorListQuery = z.infer<typeof deviceFactorListQuerySchema>;

export const deviceFactorAllQuerySchema = z.object({ deviceId: z.coerce.number().int().optional() });

/** Comma-separated device codes (getDeviceFactor: optional, all devices when absent). */
export const deviceCodesQuerySchema = z.object({
  deviceCodes: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((c) => c.trim())
        .filter((c) => c.length > 0),
    ),
});

/** getDeviceFactor answers `{ data: { [deviceCode]: DeviceFactor[] } }` (SPEC section 7: response data.data map). */
export const deviceFactorMapSchema = z.object({ data: z.record(z.string(), z.array(deviceFactorSchema)) });
export type DeviceFactorMap = z.infer<typeof deviceFactorMapSchema>['data'];

/**
 * getAllNewFactorUnit: every factor of the catalogue with the unit it is stored in now (the catalogue's, as
 * last edited) and that unit's name from the dictionary's unit vocabulary (table factor, column unit) in both
 * languages; a unit the vocabulary does not hold is named by itself.
 */
export const factorUnitSchema = z.object({
  factorCode: z.string(),
  factorName: z.string(),
  factorNameEn: z.string(),
  kind: z.string(),
  unit: z.string().nullable(),
  unitName: z.string().nullable(),
  unitNameEn: z.string().nullable(),
  decimals: z.number().int().nullable(),
});
export type FactorUnit = z.infer<typeof factorUnitSchema>;
