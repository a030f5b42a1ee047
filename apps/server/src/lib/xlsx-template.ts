import ExcelJS from 'exceljs';
import type { XlsxColumn } from './xlsx-import.js';

/** A column of an import template: what the importer reads, and how the sheet shows it. */
export interface XlsxTemplateColumn<F extends string = string> extends XlsxColumn<F> {
  /** Excel column width in characters. */
  width: number;
  /** The whole column's number format: '@' keeps codes and phone numbers as text, a date format for dates. */
  numFmt?: string;
}

export interface XlsxTemplate<F extends string> {
  sheetName: string;
  columns: readonly XlsxTemplateColumn<F>[];
  /** The example row under the headers, by field. */
  example: Partial<Record<F, ExcelJS.CellValue>>;
  /** Drop-down choices of a column, offered on every row an upload may have. */
  choices?: Partial<Record<F, readonly string[]>>;
  /** The importer's row limit: how far down the drop-downs reach. */
  maxRows: number;
}

/** exceljs keeps a sheet's validations by address and takes ranges there; its declarations leave the model out. */
interface RangeValidations {
  dataValidations: { add(address: string, validation: ExcelJS.DataValidation): void };
}

/**
 * An import template workbook: the header row (frozen, required columns in red), one example row
 * and the drop-downs. It is written from the importer's own column map, so the file people fill in
 * cannot drift from what the importer expects.
 */
export async function writeXlsxTemplate<F extends string>(template: XlsxTemplate<F>): Promise<Buffer> {
  const { columns } = template;
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(template.sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({
    header: c.header,
    key: c.field,
    width: c.width,
    style: c.numFmt === undefined ? {} : { numFmt: c.numFmt },
  }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  for (const [i, c] of columns.entries()) {
    // Required columns in red, as Chinese import templates mark them.
    if (c.required) header.getCell(i + 1).font = { bold: true, color: { argb: 'FFC00000' } };
  }
  sheet.addRow(template.example);
  for (const [i, c] of columns.entries()) {
    const choices = template.choices?.[c.field];
    if (!choices) continue;
    // One range for the whole column (per-cell validations would add maxRows entries).
    const letter = sheet.getColumn(i + 1).letter;
    (sheet as unknown as RangeValidations).dataValidations.add(`${letter}2:${letter}${template.maxRows + 1}`, {
      type: 'list',
      allowBlank: true,
      formulae: [`"${choices.join(',')}"`],
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A Content-Disposition: an ASCII name for old clients and the Chinese one (RFC 6266 filename*) for the rest. */
export function attachment(ascii: string, name: string): string {
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** The Content-Disposition of a stored file: its name, with an ASCII stand-in (non-ASCII, quotes, backslashes as _). */
export function attachmentOf(name: string): string {
  return attachment(name.replace(/[^\x20-\x7e]|["\\]/g, '_'), name);
}
