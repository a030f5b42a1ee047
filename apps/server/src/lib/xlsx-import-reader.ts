import type * as NodeStream from 'node:stream';
import type ExcelJS from 'exceljs';
import type JSZip from 'jszip';
import type { XlsxCell, XlsxColumn, XlsxImportFailure, XlsxRecord } from './xlsx-import.js';

/*
 * Everything here runs in the import worker from its source text (xlsx-import-pool.ts), so these
 * functions may refer only to their arguments, to each other and to globals — never to imports.
 */

/** What a read may take: data rows, and bytes of XML unpacked from the zip (a zip bomb is small compressed). */
export interface XlsxReadLimits {
  maxRows: number;
  maxUnpackedBytes: number;
}

/** The modules the reader uses, handed in because the worker requires them and tests import them. */
export interface XlsxReaderModules {
  ExcelJS: typeof ExcelJS;
  JSZip: typeof JSZip;
  stream: typeof NodeStream;
}

export type XlsxReadOutcome<F extends string = string> =
  { ok: true; records: XlsxRecord<F>[] } | { ok: false; failure: XlsxImportFailure };

/**
 * The parts of exceljs' streaming WorkbookReader used here. Its own `parse()` reads the zip in
 * stored order and spools a sheet that comes before the shared strings (as Excel and exceljs
 * write them) to an unbounded temporary file; reading each part by name from the zip's directory
 * instead keeps every byte counted and nothing on disk. Pinned with exceljs ~4.4.0.
 */
interface WorkbookReaderParts {
  workbookRels?: { Id: string; Target: string }[];
  model?: { sheets?: { rId: string }[] };
  _parseRels(entry: NodeStream.Readable): Promise<void>;
  _parseWorkbook(entry: NodeStream.Readable): Promise<void>;
  _parseStyles(entry: NodeStream.Readable): Promise<void>;
  _parseSharedStrings(entry: NodeStream.Readable): AsyncGenerator<unknown>;
  _parseWorksheet(
    iterator: AsyncIterable<unknown>,
    sheetNo: number,
  ): Generator<{ eventType: string; value: AsyncIterable<ExcelJS.Row> }>;
}

/** Header text compared without spaces, required-marks (*) and with full-width brackets as ASCII. */
export function normalizeHeader(text: string): string {
  return text
    .replace(/[\s*＊]/g, '')
    .replace(/（/g, '(')
    .replace(/）/g, ')')
    .toLowerCase();
}

/** A cell as an importer sees it: formulas by their result, rich text and links by their text; empty cells are absent. */
export function xlsxCellOf(value: ExcelJS.CellValue): XlsxCell | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string') {
    const text = value.trim();
    return text === '' ? undefined : text;
  }
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'boolean' || value instanceof Date) return value;
  if ('richText' in value) return xlsxCellOf(value.richText.map((part) => part.text).join(''));
  if ('hyperlink' in value) return xlsxCellOf(value.text);
  if ('formula' in value || 'sharedFormula' in value) return xlsxCellOf(value.result);
  if ('error' in value) return value.error;
  return undefined;
}

/**
 * Reads the first sheet of an xlsx file into records keyed by field: row 1 holds the headers
 * (matched by `normalizeHeader`, unknown ones ignored), every later row that is not blank is a
 * record. The sheet is read as a stream and reading stops at the first row past `maxRows`;
 * every part taken from the zip counts against `maxUnpackedBytes` while it is inflated.
 */
export async function readXlsxSheet<F extends string>(
  modules: XlsxReaderModules,
  data: Buffer,
  columns: readonly XlsxColumn<F>[],
  limits: XlsxReadLimits,
): Promise<XlsxReadOutcome<F>> {
  const refused = (failure: XlsxImportFailure): XlsxReadOutcome<F> => ({ ok: false, failure });
  // xlsx files are zip archives; anything else (xls, csv, a renamed picture) is refused before parsing.
  const zipMagic = [0x50, 0x4b, 0x03, 0x04];
  if (data.length < zipMagic.length || zipMagic.some((byte, i) => data[i] !== byte)) {
    return refused({ kind: 'notXlsx' });
  }

  let unpackedLeft = limits.maxUnpackedBytes;
  let overBudget = false;
  let zip: JSZip;
  try {
    zip = await modules.JSZip.loadAsync(data);
  } catch {
    return refused({ kind: 'notXlsx' });
  }
  /** A part of the zip as a stream that fails once the parts read so far unpack past the budget. */
  const part = (path: string): NodeStream.Readable | null => {
    const file = zip.file(path);
    if (!file) return null;
    const counted = new modules.stream.Transform({
      transform(chunk: Buffer, _encoding, done) {
        unpackedLeft -= chunk.length;
        if (unpackedLeft < 0) {
          overBudget = true;
          done(new Error('unpacked size limit'));
        } else done(null, chunk);
      },
    });
    const source = file.nodeStream('nodebuffer') as unknown as NodeStream.Readable;
    modules.stream.pipeline(source, counted, () => undefined);
    return counted;
  };

  try {
    const reader = new modules.ExcelJS.stream.xlsx.WorkbookReader(null as unknown as string, {
      worksheets: 'emit',
      sharedStrings: 'cache',
      hyperlinks: 'ignore',
      // Styles tell date cells from numbers.
      styles: 'cache',
      entries: 'ignore',
    }) as unknown as WorkbookReaderParts;
    const book = part('xl/workbook.xml');
    const rels = part('xl/_rels/workbook.xml.rels');
    if (!book || !rels) return refused({ kind: 'notXlsx' });
    await reader._parseRels(rels);
    await reader._parseWorkbook(book);
    const styles = part('xl/styles.xml');
    if (styles) await reader._parseStyles(styles);
    const strings = part('xl/sharedStrings.xml');
    // Caching the strings yields nothing; the loop only drives the generator.
    if (strings) for await (const _ of reader._parseSharedStrings(strings)) void _;

    // The first sheet in the workbook's tab order, wherever its part is stored.
    const firstId = reader.model?.sheets?.[0]?.rId;
    const target = reader.workbookRels?.find((rel) => rel.Id === firstId)?.Target;
    const sheet = target ? part(target.startsWith('/') ? target.slice(1) : `xl/${target}`) : null;
    const rows = sheet ? [...reader._parseWorksheet(sheet, 1)][0]?.value : undefined;
    if (!rows) return refused({ kind: 'notXlsx' });

    const byHeader = new Map(columns.map((c) => [normalizeHeader(c.header), c.field]));
    /** The header row's columns mapped to fields, and the required headers it lacks. */
    const readHeader = (row: ExcelJS.Row | null) => {
      const fieldAt = new Map<number, F>();
      row?.eachCell((cell, col) => {
        const header = xlsxCellOf(cell.value);
        const field = typeof header === 'string' ? byHeader.get(normalizeHeader(header)) : undefined;
        if (field !== undefined && ![...fieldAt.values()].includes(field)) fieldAt.set(col, field);
      });
      const present = new Set(fieldAt.values());
      const missing = columns.filter((c) => c.required && !present.has(c.field)).map((c) => c.header);
      return { fieldAt, missing };
    };

    let fieldAt: Map<number, F> | undefined;
    const records: XlsxRecord<F>[] = [];
    for await (const row of rows) {
      if (fieldAt === undefined) {
        const header = readHeader(row.number === 1 ? row : null);
        if (header.missing.length > 0) return refused({ kind: 'missingColumns', headers: header.missing });
        fieldAt = header.fieldAt;
        if (row.number === 1) continue;
      }
      const values: Partial<Record<F, XlsxCell>> = {};
      let blank = true;
      for (const [col, field] of fieldAt) {
        const value = xlsxCellOf(row.getCell(col).value);
        if (value === undefined) continue;
        values[field] = value;
        blank = false;
      }
      if (blank) continue;
      records.push({ row: row.number, values });
      // Leaving the loop stops the sheet's stream: the rows past the limit are never inflated.
      if (records.length > limits.maxRows) return refused({ kind: 'tooManyRows', max: limits.maxRows });
    }
    // A sheet without rows: its (absent) header still decides between these two refusals.
    const missing = fieldAt === undefined ? readHeader(null).missing : [];
    if (missing.length > 0) return refused({ kind: 'missingColumns', headers: missing });
    if (records.length === 0) return refused({ kind: 'empty' });
    return { ok: true, records };
  } catch {
    return refused(overBudget ? { kind: 'tooLarge' } : { kind: 'notXlsx' });
  }
}
