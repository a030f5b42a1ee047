import { z } from 'zod';
import { DEPLOY_TYPE, type DeployType } from '../deploy-type.js';
import { idSchema, optionalText, pageQuerySchema, requiredText, V } from './common.js';

export * from '../deploy-type.js';

export const DEPLOY_LIMITS = { deployNameMax: 64 } as const;

/** 1 project or 2 address; anything else is refused. */
export const deployTypeSchema = z.coerce
  .number({ error: V.required })
  .int()
  .refine((v): v is DeployType => Object.values<number>(DEPLOY_TYPE).includes(v), 'validation.invalid');

export const deployClassifySchema = z.object({
  id: z.number().int(),
  deployName: z.string(),
  deployNameEn: z.string().nullable(),
  deployType: z.number().int(),
});
export type DeployClassify = z.infer<typeof deployClassifySchema>;

export const deployClassifyQuerySchema = z.object({
  deployType: z.coerce.number().int().optional(),
});

/** Classify getAll: paged, by type and name (contains, either language). */
export const deployClassifyListQuerySchema = pageQuerySchema.extend({
  deployType: z.coerce.number().int().optional(),
  deployName: z.string().trim().optional(),
});
export type DeployClassifyListQuery = z.infer<typeof deployClassifyListQuerySchema>;

export const deployClassifyInputSchema = z.object({
  deployName: requiredText(DEPLOY_LIMITS.deployNameMax),
  deployNameEn: optionalText(DEPLOY_LIMITS.deployNameMax),
  deployType: deployTypeSchema,
});
export type DeployClassifyInput = z.infer<typeof deployClassifyInputSchema>;

export const deployClassifyUpdateSchema = deployClassifyInputSchema.extend({ id: idSchema });

/**
 * The device grouping record (SPEC section 3): a device's group of one type. A device has at
 * most one record per deployType; the record of type 1 is the device's project.
 *
 * The console builds the device tree (SPEC section 4) itself from three flat answers rather than
 * from a server-made tree: the groups of the type (classify findAll), these records (deploy
 * getAll with the same deployType and ifFilter) and the device list it already holds for the map.
 * A device with no record of the type goes to 'unclassified devices' when ifValid is 1, else to
 * 'invalid devices' (shown only when asked for); groups left without devices are dropped. Flat
 * answers keep one source for each fact, and a 10,000-device fleet costs one row per device.
 */
export const deviceDeploySchema = z.object({
  id: z.number().int(),
  deployId: z.number().int(),
  deployName: z.string(),
  deployNameEn: z.string().nullable(),
  deployType: z.number().int(),
  deviceId: z.number().int(),
});
export type DeviceDeploy = z.infer<typeof deviceDeploySchema>;

/** Deploy getAll: records of one type (or every type); ifFilter=1 keeps the caller's bound devices. */
export const deviceDeployQuerySchema = z.object({
  deployType: z.coerce.number().int().optional(),
  deployId: z.coerce.number().int().optional(),
  ifFilter: z.coerce.number().int().optional(),
});
export type DeviceDeployQuery = z.infer<typeof deviceDeployQuerySchema>;

export const deviceDeployInputSchema = z.object({
  deviceId: idSchema,
  deployId: idSchema,
});
export type DeviceDeployInput = z.infer<typeof deviceDeployInputSchema>;

export const deviceDeployUpdateSchema = deviceDeployInputSchema.extend({ id: idSchema });

export const deployByDeviceQuerySchema = z.object({ deviceId: idSchema });
