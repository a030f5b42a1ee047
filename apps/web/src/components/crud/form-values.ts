import type { CrudDefinition, CrudField } from '@envmon/shared';
import type { z } from 'zod';

/** A row of any CRUD entity as the list returns it. */
export type CrudRow = { id: number } & Record<string, unknown>;

export type FormValues = Record<string, unknown>;

/** A row value as text: scalars as they are, anything structured as JSON. */
export function displayText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return JSON.stringify(value);
}

/** What names a row in titles and selects (the definition's label field, else its id). */
export function rowLabel(def: CrudDefinition, row: CrudRow): string {
  return displayText(row[def.labelField]) || String(row.id);
}

export type FormMode = 'create' | 'update';

export const schemaFor = (def: CrudDefinition, mode: FormMode): z.ZodObject =>
  mode === 'create' ? def.create : def.update;

function fieldSchema(schema: z.ZodObject, name: string): z.ZodType | undefined {
  const shape: Record<string, z.ZodType | undefined> = schema.shape;
  return shape[name];
}

/** A field is required when its schema rejects "nothing entered" — read from the schema, not restated. */
export function isRequiredField(schema: z.ZodObject, name: string): boolean {
  const field = fieldSchema(schema, name);
  return field !== undefined && !field.safeParse(undefined).success;
}

/** The schema's default for an untouched field (e.g. ifValid 1, sort 0), if it has one. */
function schemaDefault(schema: z.ZodObject, name: string): unknown {
  const result = fieldSchema(schema, name)?.safeParse(undefined);
  return result?.success ? result.data : undefined;
}

/** Vocabulary values are strings in the shared vocabularies, numbers in rows. */
function toFormValue(field: CrudField, value: unknown): unknown {
  switch (field.kind) {
    case 'vocabulary':
      return value === undefined || value === null ? undefined : displayText(value);
    case 'password':
      // A stored password is never sent back; an empty box on update keeps it.
      return undefined;
    case 'relation':
    case 'resourceTree':
    case 'tags':
      return Array.isArray(value) ? value : [];
    case 'parent':
      return value ?? undefined;
    case 'text':
    case 'textarea':
    case 'number':
      return value ?? undefined;
  }
}

/** The form's starting values: the row being edited, or the create schema's defaults. */
export function toFormValues(def: CrudDefinition, mode: FormMode, row?: CrudRow): FormValues {
  const values: FormValues = {};
  for (const field of def.fields) {
    const source = row ? row[field.name] : schemaDefault(schemaFor(def, mode), field.name);
    values[field.name] = toFormValue(field, source);
  }
  return values;
}

/** Normalises what an antd control gives (a cleared number is null) before the schema parses it. */
export function fromFormValue(field: CrudField, value: unknown): unknown {
  if (field.kind === 'parent') return value ?? null;
  return value === null ? undefined : value;
}

export function fromFormValues(def: CrudDefinition, values: FormValues): FormValues {
  const input: FormValues = {};
  for (const field of def.fields) input[field.name] = fromFormValue(field, values[field.name]);
  return input;
}

/** The schema of one field, to validate it alone as the user types. */
export function fieldSchemaOf(schema: z.ZodObject, name: string): z.ZodType | undefined {
  return fieldSchema(schema, name);
}
