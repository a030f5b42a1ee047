/**
 * `auditedReading` (packages/shared schemas/data-audit.ts) in SQL, the one place it is spelt for both
 * databases: what a stored value counts as once audited. Plain SQL text, so the ingest's prepared statements
 * and Kysely's `sql.raw` both take it; `table` qualifies the columns (`'h'` → `h.value`), and only ever comes
 * from code, never from a request.
 */
function columns(table: string) {
  const c = (name: string) => (table ? `${table}.${name}` : name);
  return {
    value: c('value'),
    flag: c('flag'),
    quality: c('quality'),
    state: c('audit_state'),
    audited: c('audit_value'),
  };
}

/** The value reports use: the replacement (or the recomputed day value) where an audit put one, else the stored value. */
export function auditedValueSql(table = ''): string {
  const c = columns(table);
  return `(case when ${c.state} in ('replaced', 'recomputed') then ${c.audited} else ${c.value} end)`;
}

/** Whether the value counts (a condition): an audit's state overrides the station's flag and the platform's quality. */
export function auditedValidSql(table = ''): string {
  const c = columns(table);
  return `(case
    when ${c.state} = 'invalid' then 0
    when ${c.state} = 'valid' then (case when ${c.value} is not null then 1 else 0 end)
    when ${c.state} in ('replaced', 'recomputed') then (case when ${c.audited} is not null then 1 else 0 end)
    when ${c.value} is not null and coalesce(${c.flag}, 'N') = 'N' and ${c.quality} = 'N' then 1
    else 0 end) = 1`;
}

/** The lowest (or highest) of a period, audited: a replaced or recomputed value is its own extreme. */
export function auditedExtremeSql(extreme: 'min' | 'max', table = ''): string {
  const c = columns(table);
  const own = table ? `${table}.${extreme}` : extreme;
  return `(case when ${c.state} in ('replaced', 'recomputed') then ${c.audited} else coalesce(${own}, ${c.value}) end)`;
}

/** Whether an audit changed what the value counts as or is (approval leaves both as they were). */
export const READING_CHANGING_STATES = ['invalid', 'valid', 'replaced'] as const;

/** The value a report averages (shared `reportedReading`): none where an audit invalidated it, else the audited value. */
export function reportedValueSql(table = ''): string {
  const c = columns(table);
  return `(case when ${c.state} = 'invalid' then null else ${auditedValueSql(table)} end)`;
}

/** A period's lowest or highest as a report takes it: none where an audit invalidated the value. */
export function reportedExtremeSql(extreme: 'min' | 'max', table = ''): string {
  const c = columns(table);
  return `(case when ${c.state} = 'invalid' then null else ${auditedExtremeSql(extreme, table)} end)`;
}
