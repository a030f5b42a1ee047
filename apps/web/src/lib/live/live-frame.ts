import type { Alarm, LiveMessage, RealtimeFrame } from '@envmon/shared';
import { type JsonSchema, matchesSchema } from '../json-schema-check';
// The shared schemas (alarmSchema, realtimeFrameSchema, liveMessageSchema) as JSON Schema; live-frame-schemas.test.ts
// fails when they are not the shared schemas' own.
import schemas from './live-frame-schemas.json';

/**
 * A server frame checked against the shared schemas, in their JSON Schema form: zod would be a tenth of the console's
 * first screen. The push client (./live-client.ts) loads this module as it makes its first connection rather than
 * with the screen (scripts/bundle-budget.mjs counts it all the same); until it has loaded, frames wait in arrival
 * order.
 */

export type Frame =
  { kind: 'alarms'; alarms: Alarm[] } | { kind: 'message'; message: LiveMessage } | { kind: 'invalid' };

// A JSON file's type is its literal shape, which TypeScript will not compare with a recursive one.
const {
  alarms: ALARMS,
  frame: REALTIME_FRAME,
  message: LIVE_MESSAGE,
} = schemas as unknown as Record<'alarms' | 'frame' | 'message', JsonSchema>;

const INVALID: Frame = { kind: 'invalid' };

function parseJson(text: string): { json: unknown } | null {
  try {
    return { json: JSON.parse(text) };
  } catch {
    return null;
  }
}

/** Reads one server frame: an alarm array, or a realtime frame whose desc holds a LiveMessage. */
export function parseFrame(text: string): Frame {
  const parsed = parseJson(text);
  if (!parsed) return INVALID;
  const { json } = parsed;
  if (Array.isArray(json)) return matchesSchema(ALARMS, json) ? { kind: 'alarms', alarms: json as Alarm[] } : INVALID;
  if (!matchesSchema(REALTIME_FRAME, json)) return INVALID;
  const desc = parseJson((json as RealtimeFrame).desc);
  return desc && matchesSchema(LIVE_MESSAGE, desc.json)
    ? { kind: 'message', message: desc.json as LiveMessage }
    : INVALID;
}
