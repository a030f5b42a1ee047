import { alarmSchema, liveMessageSchema, realtimeFrameSchema, type Alarm, type LiveMessage } from '@envmon/shared';

/**
 * A server frame checked against the shared schemas. The push client (./live-client.ts) loads this module, and
 * zod with it, as it makes its first connection rather than with the screen, so that the console's first screen
 * renders without waiting for a schema (scripts/bundle-budget.mjs counts it all the same); until it has loaded,
 * frames wait in arrival order.
 */

export type Frame =
  { kind: 'alarms'; alarms: Alarm[] } | { kind: 'message'; message: LiveMessage } | { kind: 'invalid' };

const alarmsSchema = alarmSchema.array();

/** Reads one server frame: an alarm array, or a realtime frame whose desc holds a LiveMessage. */
export function parseFrame(text: string): Frame {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { kind: 'invalid' };
  }
  if (Array.isArray(json)) {
    const alarms = alarmsSchema.safeParse(json);
    return alarms.success ? { kind: 'alarms', alarms: alarms.data } : { kind: 'invalid' };
  }
  const frame = realtimeFrameSchema.safeParse(json);
  if (!frame.success) return { kind: 'invalid' };
  try {
    const message = liveMessageSchema.safeParse(JSON.parse(frame.data.desc));
    return message.success ? { kind: 'message', message: message.data } : { kind: 'invalid' };
  } catch {
    return { kind: 'invalid' };
  }
}
