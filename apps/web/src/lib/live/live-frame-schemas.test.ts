import { alarmSchema, liveMessageSchema, realtimeFrameSchema } from '@envmon/shared';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { assertCheckable, type JsonSchema } from '../json-schema-check';
import schemas from './live-frame-schemas.json';

/** The push frames' shared schemas as JSON Schema, as ./live-frame.ts checks frames with them. */
const fromShared = () => {
  const json = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input' });
  return { alarms: json(alarmSchema.array()), frame: json(realtimeFrameSchema), message: json(liveMessageSchema) };
};

describe('live-frame-schemas.json', () => {
  it("is the shared schemas' JSON Schema (after a change there: npx vitest run --project unit -u this file)", async () => {
    await expect(`${JSON.stringify(fromShared(), null, 2)}\n`).toMatchFileSnapshot('./live-frame-schemas.json');
  });

  it('uses only keywords the check knows', () => {
    for (const schema of Object.values(schemas)) {
      expect(() => assertCheckable(schema as unknown as JsonSchema)).not.toThrow();
    }
    expect(() => assertCheckable({ type: 'string', pattern: '^a' } as JsonSchema)).toThrow(/'pattern' at #/);
  });
});
