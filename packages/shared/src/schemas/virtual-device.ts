import { z } from 'zod';
import { idSchema, optionalText, pageQuerySchema, requiredText, V } from './common.js';
import { deviceSchema } from './device.js';
import { factorCodeSchema } from './factor.js';

/** A virtual device: a named subset of one station's factors under a code of its own. */
export const VIRTUAL_DEVICE_LIMITS = { virtualNameMax: 64, virtualCodeMax: 32, importMaxRows: 5000 } as const;

export const virtualDeviceSchema = z.object({
  id: z.number().int(),
  deviceId: z.number().int(),
  deviceCode: z.string(),
  deviceName: z.string(),
  virtualName: z.string(),
  virtualCode: z.string(),
  factorCodes: z.array(z.string()),
  remark: z.string().nullable(),
  createTime: z.number().int(),
});
export type VirtualDevice = z.infer<typeof virtualDeviceSchema>;

/** Factor codes as a list, or as the comma-separated text of the import sheet. */
const factorCodesSchema = z
  .union([z.array(z.string()), z.string().transform((v) => v.split(/[,，]/))])
  .transform((codes) => [...new Set(codes.map((c) => c.trim()).filter((c) => c.length > 0))])
  .pipe(z.array(factorCodeSchema).min(1, V.required));

const virtualFields = {
  virtualName: requiredText(VIRTUAL_DEVICE_LIMITS.virtualNameMax),
  virtualCode: requiredText(VIRTUAL_DEVICE_LIMITS.virtualCodeMax).regex(/^[A-Za-z0-9_-]+$/, V.pattern),
  factorCodes: factorCodesSchema,
  remark: optionalText(),
};

export const virtualDeviceInputSchema = z.object({ deviceId: idSchema, ...virtualFields });
export type VirtualDeviceInput = z.infer<typeof virtualDeviceInputSchema>;

export const virtualDeviceUpdateSchema = virtualDeviceInputSchema.extend({ id: idSchema });

/** get: paged, by device and name or code (contains). */
export const virtualDeviceListQuerySchema = pageQuerySchema.extend({
  deviceId: z.coerce.number().int().optional(),
  virtualName: z.string().trim().optional(),
});
export type VirtualDeviceListQuery = z.infer<typeof virtualDeviceListQuerySchema>;

/**
 * One row of the import sheet (the virtual-device template): the parent device by its code.
 * Cells arrive as text or numbers, so codes are coerced to text.
 */
export const VIRTUAL_DEVICE_IMPORT_COLUMNS = [
  { key: 'deviceCode', zh: '设备编码', en: 'Device code' },
  { key: 'virtualName', zh: '虚拟设备名称', en: 'Virtual device name' },
  { key: 'virtualCode', zh: '虚拟设备编码', en: 'Virtual device code' },
  { key: 'factorCodes', zh: '监测因子编码', en: 'Factor codes' },
  { key: 'remark', zh: '备注', en: 'Remark' },
] as const;

const cellText = (schema: z.ZodType<string>) => z.preprocess((v) => (typeof v === 'number' ? String(v) : v), schema);

export const virtualDeviceImportRowSchema = z.object({
  deviceCode: cellText(requiredText(32)),
  virtualName: cellText(virtualFields.virtualName),
  virtualCode: cellText(virtualFields.virtualCode),
  factorCodes: z.preprocess((v) => (typeof v === 'number' ? String(v) : v), factorCodesSchema),
  remark: z.preprocess((v) => (typeof v === 'number' ? String(v) : (v ?? null)), virtualFields.remark),
});
export type VirtualDeviceImportRow = z.infer<typeof virtualDeviceImportRowSchema>;

/**
 * One problem of a rejected import (the failure envelope's `data` lists them all; desc the first ones
 * in the caller's language). The shape of the device import's problems, so the console shows both the same way.
 */
export const virtualImportProblemSchema = z.object({
  /** The sheet's row number (the header is row 1). */
  row: z.number().int(),
  field: z.string(),
  /** The column's header text. */
  column: z.string(),
  /** An i18n key the console translates. */
  message: z.string(),
  /** Values for the key's placeholders (a bound, the unknown factor codes). */
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  /** The message in Chinese. */
  text: z.string(),
});
export type VirtualImportProblem = z.infer<typeof virtualImportProblemSchema>;

export const virtualImportResultSchema = z.object({ added: z.number().int() });

/** getAllWithVirtual: every device with its virtual devices. */
export const deviceWithVirtualSchema = z.object({
  id: deviceSchema.shape.id,
  deviceName: deviceSchema.shape.deviceName,
  deviceCode: deviceSchema.shape.deviceCode,
  deviceType: deviceSchema.shape.deviceType,
  ifValid: deviceSchema.shape.ifValid,
  virtualDevices: z.array(virtualDeviceSchema),
});
export type DeviceWithVirtual = z.infer<typeof deviceWithVirtualSchema>;
