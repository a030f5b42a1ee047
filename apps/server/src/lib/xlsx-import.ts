import { DAY_MS, type Language, type MessageKey } from '@envmon/shared';
import { DomainError } from './errors.js';
import { listOf, messageText, type MessageParams } from './messages.js';
import { type XlsxInput, XlsxReaderPool } from './xlsx-import-pool.js';

export { normalizeHeader } from './xlsx-import-reader.js';
export type { XlsxInput } from './xlsx-import-pool.js';

/** A cell as an importer sees it: formulas by their result, rich text and links by their text; empty cells are absent. */
export type XlsxCell = string | number | boolean | Date;

/** One column of an import file: the header text a person sees, the field it fills. */
export interface XlsxColumn<F extends string = string> {
  header: string;
  field: F;
  /** A file without this column is refused as a whole (its rows could not be valid). */
  required?: boolean;
}

/** A data row, numbered as the spreadsheet numbers it (the header is row 1), so problems can be pointed at. */
export interface XlsxRecord<F extends string = string> {
  row: number;
  values: Partial<Record<F, XlsxCell>>;
}

export type XlsxImportFailure =
  | { kind: 'notXlsx' }
  | { kind: 'missingColumns'; headers: string[] }
  | { kind: 'empty' }
  | { kind: 'tooManyRows'; max: number }
  /** It unpacks to more than a workbook of the allowed rows could (a zip bomb), or reading it ran out of memory or time. */
  | { kind: 'tooLarge' };

/** The message of a failure and the values it names. */
function failureReason(failure: XlsxImportFailure): { reason: MessageKey; params: MessageParams } {
  switch (failure.kind) {
    case 'notXlsx':
      return { reason: 'xlsxNotXlsx', params: {} };
    case 'missingColumns':
      return { reason: 'xlsxMissingColumns', params: { columns: (language) => listOf(language, failure.headers) } };
    case 'empty':
      return { reason: 'xlsxEmpty', params: {} };
    case 'tooManyRows':
      return { reason: 'xlsxTooManyRows', params: { max: failure.max } };
    case 'tooLarge':
      return { reason: 'fileTooLarge', params: {} };
  }
}

/**
 * The file as a whole cannot be imported: a domain failure, whose desc the console shows as it comes
 * (SPEC section 8) in the caller's language.
 */
export class XlsxImportError extends DomainError {
  constructor(readonly failure: XlsxImportFailure) {
    const { reason, params } = failureReason(failure);
    super(reason, undefined, params);
    this.name = 'XlsxImportError';
  }
}

/** A failure's desc in `language` (the spec's Chinese by default). */
export function xlsxFailureMessage(failure: XlsxImportFailure, language: Language = 'zh-CN'): string {
  const { reason, params } = failureReason(failure);
  return messageText(language, reason, params);
}

/**
 * XML one import may unpack: a 10,000-row device import unpacks to about 8 MB; a zip bomb, small
 * compressed, stops here instead of filling memory.
 */
const MAX_UNPACKED_BYTES = 64 * 1024 * 1024;

/** One file read at a time, beside the event loop; a few more may wait. */
const readers = new XlsxReaderPool({ threads: 1, queue: 4, maxHeapMb: 256, timeoutMs: 60_000, idleMs: 60_000 });

export interface ReadXlsxOptions {
  /** More data rows than this and the file is refused; reading stops at the first row past it. */
  maxRows?: number;
}

/**
 * Reads the first sheet of an xlsx file into records keyed by field: row 1 holds the headers
 * (matched by `normalizeHeader`, unknown ones ignored), every later row that is not blank is a
 * record. Nothing is validated here beyond the shape of the file — that is the caller's schema's
 * job. The reading happens in a worker thread (xlsx-import-pool.ts); an upload's chunks go there
 * as they arrive, and an error they throw (the size limit) is what the import answers.
 */
export async function readXlsxRecords<F extends string>(
  input: XlsxInput,
  columns: readonly XlsxColumn<F>[],
  options: ReadXlsxOptions = {},
): Promise<XlsxRecord<F>[]> {
  const outcome = await readers.read(input, columns, {
    maxRows: options.maxRows ?? Number.MAX_SAFE_INTEGER,
    maxUnpackedBytes: MAX_UNPACKED_BYTES,
  });
  if (!outcome.ok) throw new XlsxImportError(outcome.failure);
  return outcome.records;
}

/** 1899-12-30, day 0 of Excel's (1900) date system, as a Unix day number. */
const EXCEL_EPOCH_DAYS = 25_569;
/** 9999-12-31: the last day Excel shows. */
const EXCEL_MAX_SERIAL = 2_958_465;

/**
 * Spreadsheet dates have no time zone: exceljs gives a Date whose UTC fields are what the cell
 * shows. They are read as the server's local time, the zone exports are written in.
 */
export function wallClockToEpoch(date: Date): number {
  const local = new Date(
    date.getUTCFullYear(),
    date.getUTCMonth(),
    date.getUTCDate(),
    date.getUTCHours(),
    date.getUTCMinutes(),
    date.getUTCSeconds(),
  );
  // Serial fractions land a few microseconds off the second; a cell never means those.
  return Math.round((local.getTime() + date.getUTCMilliseconds()) / 1000) * 1000;
}

/** The Date to hand exceljs so that the cell shows `ms` in the server's local time. */
export function epochToWallClock(ms: number): Date {
  const d = new Date(ms);
  return new Date(
    Date.UTC(
      d.getFullYear(),
      d.getMonth(),
      d.getDate(),
      d.getHours(),
      d.getMinutes(),
      d.getSeconds(),
      d.getMilliseconds(),
    ),
  );
}

const DATE_TEXT = /^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?(?:[ T](\d{1,2}):(\d{1,2})(?::(\d{1,2}))?)?$/;

/**
 * A date cell as epoch ms: a date-formatted cell, an Excel serial number, or text such as
 * 2024-05-20, 2024/5/20 08:30 or 2024年5月20日. Undefined when the cell holds none of these.
 */
export function dateCellToEpoch(cell: XlsxCell | undefined): number | undefined {
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? undefined : wallClockToEpoch(cell);
  if (typeof cell === 'number') {
    if (cell <= 0 || cell > EXCEL_MAX_SERIAL) return undefined;
    return wallClockToEpoch(new Date((cell - EXCEL_EPOCH_DAYS) * DAY_MS));
  }
  if (typeof cell !== 'string') return undefined;
  const match = DATE_TEXT.exec(cell.trim());
  if (!match) return undefined;
  const [year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0] = match
    .slice(1)
    .map((part) => Number(part ?? 0));
  const date = new Date(year, month - 1, day, hour, minute, second);
  // new Date rolls 2024-02-31 over into March; such a text is not a date.
  if (date.getMonth() !== month - 1 || date.getDate() !== day) return undefined;
  return date.getTime();
}

/** A cell as text for text fields: phone numbers and codes are often typed into Excel as numbers. */
export function cellText(cell: XlsxCell | undefined): string | undefined {
  if (cell === undefined) return undefined;
  // A date typed into a text column: as the cell shows it.
  if (cell instanceof Date) return cell.toISOString().slice(0, 19).replace('T', ' ');
  return String(cell);
}
