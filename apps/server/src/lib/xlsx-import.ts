import ExcelJS from 'exceljs';

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
  | { kind: 'tooManyRows'; max: number };

/** The file as a whole cannot be imported; `message` is the desc the console shows. */
export class XlsxImportError extends Error {
  constructor(readonly failure: XlsxImportFailure) {
    super(xlsxFailureMessage(failure));
    this.name = 'XlsxImportError';
  }
}

/** The console shows a failed import's desc as it comes (SPEC section 8), in the spec's language. */
export function xlsxFailureMessage(failure: XlsxImportFailure): string {
  switch (failure.kind) {
    case 'notXlsx':
      return '文件格式不正确，请上传 xlsx 格式的 Excel 文件！';
    case 'missingColumns':
      return `文件缺少必填列：${failure.headers.join('、')}，请使用导入模板！`;
    case 'empty':
      return '文件中没有数据！';
    case 'tooManyRows':
      return `一次最多导入${failure.max}行！`;
  }
}

/** Header text compared without spaces, required-marks (*) and with full-width brackets as ASCII. */
export function normalizeHeader(text: string): string {
  return text
    .replace(/[\s*＊]/g, '')
    .replace(/（/g, '(')
    .replace(/）/g, ')')
    .toLowerCase();
}

/** xlsx files are zip archives; anything else (xls, csv, a renamed picture) is refused before parsing. */
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

function textOf(value: ExcelJS.CellValue): XlsxCell | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string') {
    const text = value.trim();
    return text === '' ? undefined : text;
  }
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'boolean' || value instanceof Date) return value;
  if ('richText' in value) return textOf(value.richText.map((part) => part.text).join(''));
  if ('hyperlink' in value) return textOf(value.text);
  if ('formula' in value || 'sharedFormula' in value) return textOf(value.result);
  if ('error' in value) return value.error;
  return undefined;
}

export interface ReadXlsxOptions {
  /** More data rows than this and the file is refused. */
  maxRows?: number;
}

/**
 * Reads the first sheet of an xlsx upload into records keyed by field: row 1 holds the headers
 * (matched by `normalizeHeader`, unknown ones ignored), every later row that is not blank is a
 * record. Nothing is validated here beyond the shape of the file — that is the caller's schema's job.
 */
export async function readXlsxRecords<F extends string>(
  data: Buffer,
  columns: readonly XlsxColumn<F>[],
  options: ReadXlsxOptions = {},
): Promise<XlsxRecord<F>[]> {
  if (data.length < ZIP_MAGIC.length || !data.subarray(0, ZIP_MAGIC.length).equals(ZIP_MAGIC)) {
    throw new XlsxImportError({ kind: 'notXlsx' });
  }
  const workbook = new ExcelJS.Workbook();
  try {
    // exceljs' declaration names an older Buffer type; the runtime takes any Buffer.
    await workbook.xlsx.load(data as unknown as Parameters<typeof workbook.xlsx.load>[0]);
  } catch {
    throw new XlsxImportError({ kind: 'notXlsx' });
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new XlsxImportError({ kind: 'notXlsx' });

  const byHeader = new Map(columns.map((c) => [normalizeHeader(c.header), c.field]));
  const fieldAt = new Map<number, F>();
  sheet.getRow(1).eachCell((cell, col) => {
    const header = textOf(cell.value);
    const field = typeof header === 'string' ? byHeader.get(normalizeHeader(header)) : undefined;
    if (field !== undefined && ![...fieldAt.values()].includes(field)) fieldAt.set(col, field);
  });
  const present = new Set(fieldAt.values());
  const missing = columns.filter((c) => c.required && !present.has(c.field)).map((c) => c.header);
  if (missing.length > 0) throw new XlsxImportError({ kind: 'missingColumns', headers: missing });

  const records: XlsxRecord<F>[] = [];
  const maxRows = options.maxRows ?? Number.POSITIVE_INFINITY;
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    if (rowNumber === 1) return;
    const values: Partial<Record<F, XlsxCell>> = {};
    let blank = true;
    for (const [col, field] of fieldAt) {
      const value = textOf(row.getCell(col).value);
      if (value === undefined) continue;
      values[field] = value;
      blank = false;
    }
    if (blank) return;
    records.push({ row: rowNumber, values });
    if (records.length > maxRows) throw new XlsxImportError({ kind: 'tooManyRows', max: maxRows });
  });
  if (records.length === 0) throw new XlsxImportError({ kind: 'empty' });
  return records;
}

const DAY_MS = 86_400_000;
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
