import { z } from 'zod';
import { idSchema, pageQuerySchema, pageSchema, requiredText, V } from './common.js';

/**
 * Cameras attached to devices (settings 'video ys': list, get, policySet; add, update, delete to manage them),
 * played in the video query from their HLS address.
 */
export const CAMERA_LIMITS = { nameMax: 64, hlsUrlMax: 512, maxPlaySecondsMax: 86_400 } as const;

/**
 * Who sees a camera in the video query: `scope` everyone who sees its device (project and ifFilter);
 * `bound` only users bound to its device (administrators always).
 */
export const CAMERA_VISIBILITIES = ['scope', 'bound'] as const;
export type CameraVisibility = (typeof CAMERA_VISIBILITIES)[number];

/** An HLS address: http or https, at most 512 characters. */
const HLS_URL = /^https?:\/\/[^\s/?#]+[^\s]*$/i;
export const hlsUrlSchema = z
  .string()
  .trim()
  .max(CAMERA_LIMITS.hlsUrlMax, V.tooLong)
  .refine((v) => v === '' || HLS_URL.test(v), V.pattern);

export const cameraSchema = z.object({
  id: z.number().int(),
  deviceId: z.number().int(),
  deviceName: z.string().nullable(),
  name: z.string(),
  /** Null when none is configured yet: the player says so. */
  hlsUrl: z.string().nullable(),
  enabled: z.boolean(),
  visibility: z.enum(CAMERA_VISIBILITIES),
  /** The player stops after this many seconds (0: no limit) — saves a station's metered mobile link. */
  maxPlaySeconds: z.number().int(),
  createTime: z.number().int(),
  updateTime: z.number().int(),
});
export type Camera = z.infer<typeof cameraSchema>;
export const cameraPageSchema = pageSchema(cameraSchema);

export const cameraInputSchema = z.object({
  deviceId: idSchema,
  name: requiredText(CAMERA_LIMITS.nameMax),
  hlsUrl: hlsUrlSchema
    .optional()
    .nullable()
    .transform((v) => (v ? v : null)),
  enabled: z.boolean().default(true),
});
export type CameraInput = z.infer<typeof cameraInputSchema>;
export type CameraInputRequest = z.input<typeof cameraInputSchema>;
export const cameraUpdateSchema = cameraInputSchema.extend({ id: idSchema });
export type CameraUpdate = z.infer<typeof cameraUpdateSchema>;

/** policySet: a camera's visibility and play-time limit. */
export const cameraPolicySchema = z.object({
  id: idSchema,
  visibility: z.enum(CAMERA_VISIBILITIES),
  maxPlaySeconds: z.coerce
    .number()
    .int(V.pattern)
    .min(0, 'validation.min')
    .max(CAMERA_LIMITS.maxPlaySecondsMax, 'validation.max'),
});
export type CameraPolicy = z.infer<typeof cameraPolicySchema>;

/** list: paged, by device or name, within the caller's scope (projectId, ifFilter=1). */
export const cameraListQuerySchema = pageQuerySchema.extend({
  deviceId: z.coerce.number().int().positive().optional(),
  name: z.string().trim().max(CAMERA_LIMITS.nameMax).optional(),
  projectId: z.coerce.number().int().positive().optional(),
  ifFilter: z.coerce.number().int().optional(),
});
export type CameraListQuery = z.infer<typeof cameraListQuerySchema>;

/** The video query: the enabled cameras the caller may watch, of one device or all in scope. */
export const videoQuerySchema = z.object({
  deviceId: z.coerce.number().int().positive().optional(),
  projectId: z.coerce.number().int().positive().optional(),
  ifFilter: z.coerce.number().int().optional(),
});
export type VideoQuery = z.infer<typeof videoQuerySchema>;
