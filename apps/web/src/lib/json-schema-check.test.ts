import { type Alarm, alarmSchema, type LiveMessage, liveMessageSchema, realtimeFrameSchema } from '@envmon/shared';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type JsonSchema, matchesSchema } from './json-schema-check';

const alarm: Alarm = {
  id: 1,
  alarmType: 1,
  alarmLevel: 2,
  alarmValue: 9.5,
  unit: 'mg/L',
  beginDate: 1_700_000_000_000,
  lastDate: 1_700_000_060_000,
  endDate: null,
  active: true,
  count: 3,
  overflowType: 1,
  standardValue: '5',
  symbol: 1,
  deviceId: 7,
  deviceCode: 'D7',
  device: { deviceName: 'Station 7', utcOffsetMinutes: 480 },
  factorCode: 'w01018',
  factor: { factorName: 'COD', factorNameEn: null },
  workOrder: { orderStatus: 1 },
};
const data: LiveMessage = {
  type: 'data',
  deviceId: 7,
  deviceCode: 'D7',
  kind: 'rtd',
  dataTime: 1_700_000_000_000,
  values: [
    { factorCode: 'w01018', value: 9.5, flag: 'N', quality: 'N' },
    { factorCode: 'w01001', value: null, flag: null, quality: 'N' },
  ],
};
const status: LiveMessage = { type: 'status', deviceId: 7, deviceCode: 'D7', online: false, at: 5 };

/** What replaces a value in the variants: each JSON kind, and numbers zod's int() refuses. */
const REPLACEMENTS: unknown[] = [null, 'x', '', 0, 1.5, -1, 2 ** 53, true, {}, [], [{}]];

/** The value, and every variant with one place (at any depth) removed, replaced, or given an unknown neighbour. */
function variants(value: unknown): unknown[] {
  if (Array.isArray(value)) {
    const items: unknown[] = value;
    return [
      value,
      [],
      ...items.flatMap((item, i) =>
        variants(item)
          .slice(1)
          .map((v) => items.map((old, j) => (j === i ? v : old))),
      ),
      ...REPLACEMENTS.map((r) => [...items, r]),
    ];
  }
  if (typeof value !== 'object' || value === null) return [value, ...REPLACEMENTS.filter((r) => r !== value)];
  const record = value as Record<string, unknown>;
  return [
    value,
    { ...record, unknown: 1 },
    ...Object.keys(record).flatMap((key) => {
      const { [key]: _removed, ...without } = record;
      return [without, ...variants(record[key]).slice(1).map((v) => ({ ...record, [key]: v }))];
    }),
  ];
}

const jsonSchema = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input' }) as JsonSchema;

describe('matchesSchema', () => {
  it.each([
    ['an alarm array', alarmSchema.array(), [alarm, { ...alarm, id: 2, factor: null, factorCode: null }]],
    ['a data message', liveMessageSchema, data],
    ['a status message', liveMessageSchema, status],
    ['a realtime frame', realtimeFrameSchema, { status: 200, desc: JSON.stringify(status) }],
  ])("judges %s and every variant of it as zod's parse does", (_what, schema: z.ZodType, valid) => {
    const json = jsonSchema(schema);
    const cases = variants(valid);
    expect(cases.length).toBeGreaterThan(20);
    const verdicts = cases.map((v) => ({ v, zod: schema.safeParse(v).success, check: matchesSchema(json, v) }));
    expect(verdicts.filter((x) => x.zod !== x.check)).toEqual([]);
    // Both kinds of verdict occur: the variants do test something.
    expect(verdicts.some((x) => x.zod)).toBe(true);
    expect(verdicts.some((x) => !x.zod)).toBe(true);
  });

  it('takes exactly one branch of a oneOf', () => {
    const schema: JsonSchema = { oneOf: [{ type: 'number' }, { type: 'integer' }] };
    expect(matchesSchema(schema, 1.5)).toBe(true);
    expect(matchesSchema(schema, 1)).toBe(false);
  });
});
