import { z } from 'zod';
import { LIVE_MAX_SUBSCRIBED_DEVICES } from '../live-protocol.js';

/**
 * Live push over the WebSocket at /websocket/{token} (SPEC section 7 'Live push').
 *
 * Server → client frames are JSON text of one of two kinds:
 * - an array of alarms (alarmSchema): raised, updated or cleared (active false) alarms of devices
 *   the user may see; the client adds unknown ids, replaces known ones and removes cleared ones;
 * - a realtime frame `{ status: 200, desc: "<json string>" }` whose desc parses to a
 *   LiveMessage, handed to every listener registered by name on the client.
 *
 * Client → server frames: LiveRequest (which devices' data the page wants; alarms need none).
 */

export * from '../live-protocol.js';

/** One value as pushed to live screens (the stored value, the station's flag, the platform's quality flag). */
export const liveValueSchema = z.object({
  factorCode: z.string(),
  value: z.number().nullable(),
  flag: z.string().nullable(),
  quality: z.string(),
});
export type LiveValue = z.infer<typeof liveValueSchema>;

/** Values a station delivered, announced once committed. kind: rtd, min, hour, day. */
export const liveDataSchema = z.object({
  type: z.literal('data'),
  deviceId: z.number().int(),
  deviceCode: z.string(),
  kind: z.string(),
  dataTime: z.number().int(),
  values: z.array(liveValueSchema),
});
export type LiveData = z.infer<typeof liveDataSchema>;

/** A device's connection changed. */
export const liveStatusSchema = z.object({
  type: z.literal('status'),
  deviceId: z.number().int(),
  deviceCode: z.string(),
  online: z.boolean(),
  at: z.number().int(),
});
export type LiveStatus = z.infer<typeof liveStatusSchema>;

/** What a realtime frame's desc holds. */
export const liveMessageSchema = z.discriminatedUnion('type', [liveDataSchema, liveStatusSchema]);
export type LiveMessage = z.infer<typeof liveMessageSchema>;

/** The realtime frame itself. */
export const realtimeFrameSchema = z.object({ status: z.literal(200), desc: z.string() });
export type RealtimeFrame = z.infer<typeof realtimeFrameSchema>;

/**
 * Client → server: follow the data and status of these devices (replaces the previous choice;
 * an empty list stops data frames). Devices the user may not see are ignored by the server.
 */
export const liveRequestSchema = z.object({
  type: z.literal('subscribe'),
  deviceIds: z.array(z.number().int().positive()).max(LIVE_MAX_SUBSCRIBED_DEVICES),
});
export type LiveRequest = z.infer<typeof liveRequestSchema>;
