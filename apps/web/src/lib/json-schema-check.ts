/**
 * A JSON value against a JSON Schema written by zod's `z.toJSONSchema` (input side), for the few checks the console
 * makes where zod itself (a tenth of the first screen's download) is too heavy: the push frames
 * (./live/live-frame.ts). It knows the keywords such schemas of plain data use — and refuses a schema with any
 * other, so that a shared schema growing one (a pattern, a length) cannot be checked half.
 */

type JsonType = 'object' | 'array' | 'string' | 'number' | 'integer' | 'boolean' | 'null';

export interface JsonSchema {
  $schema?: string;
  type?: JsonType | JsonType[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
}

const KEYWORDS: ReadonlySet<string> = new Set<keyof JsonSchema>([
  '$schema',
  'type',
  'const',
  'minimum',
  'maximum',
  'properties',
  'required',
  'items',
  'anyOf',
  'oneOf',
]);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function hasType(type: JsonType, value: unknown): boolean {
  switch (type) {
    case 'object':
      return isRecord(value);
    case 'array':
      return Array.isArray(value);
    case 'integer':
      return Number.isInteger(value);
    case 'null':
      return value === null;
    case 'string':
    case 'number':
    case 'boolean':
      return typeof value === type;
  }
}

/** Throws when the schema (at any depth) uses a keyword this check does not know. */
export function assertCheckable(schema: JsonSchema, path = '#'): void {
  for (const keyword of Object.keys(schema)) {
    if (!KEYWORDS.has(keyword)) throw new Error(`JSON Schema keyword '${keyword}' at ${path} is not checked`);
  }
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    assertCheckable(property, `${path}/properties/${name}`);
  }
  if (schema.items) assertCheckable(schema.items, `${path}/items`);
  schema.anyOf?.forEach((s, i) => assertCheckable(s, `${path}/anyOf/${i}`));
  schema.oneOf?.forEach((s, i) => assertCheckable(s, `${path}/oneOf/${i}`));
}

/** Whether the value is valid against the schema. Properties the schema does not name are allowed (as zod strips them). */
export function matchesSchema(schema: JsonSchema, value: unknown): boolean {
  if (schema.type !== undefined) {
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    if (!types.some((type) => hasType(type, value))) return false;
  }
  if ('const' in schema && value !== schema.const) return false;
  if (typeof value === 'number') {
    if (schema.minimum !== undefined && value < schema.minimum) return false;
    if (schema.maximum !== undefined && value > schema.maximum) return false;
  }
  if (isRecord(value)) {
    if (schema.required?.some((name) => !Object.hasOwn(value, name))) return false;
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      if (Object.hasOwn(value, name) && !matchesSchema(property, value[name])) return false;
    }
  }
  if (Array.isArray(value) && schema.items) {
    const items = schema.items;
    if (!value.every((item) => matchesSchema(items, item))) return false;
  }
  if (schema.anyOf && !schema.anyOf.some((s) => matchesSchema(s, value))) return false;
  if (schema.oneOf && schema.oneOf.filter((s) => matchesSchema(s, value)).length !== 1) return false;
  return true;
}
