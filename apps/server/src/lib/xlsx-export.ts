import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';

/** One column of an exported sheet: its header text, and how wide (in characters). */
export interface XlsxExportColumn {
  header: string;
  width: number;
  /** An Excel number format for its cells, e.g. 'yyyy-mm-dd hh:mm:ss' for dates. */
  numFmt?: string;
}

/** The cells of one row, in the columns' order. */
export type XlsxRow = readonly unknown[];

/** One sheet of an exported workbook. */
export interface XlsxSheet {
  name: string;
  /** Lines above the header row: a report's title, its station or project and its period. */
  title?: readonly string[];
  columns: readonly XlsxExportColumn[];
  /** The rows in batches; a generator reading page by page keeps a large export out of memory. */
  rows: AsyncIterable<readonly XlsxRow[]> | Iterable<readonly XlsxRow[]>;
}

/** What an export writes: its sheets, and the file's name (ASCII, and as the user reads it). */
export interface XlsxWorkbookPlan {
  /** Without extension; a timestamp is appended. */
  fileName: { ascii: string; display: string };
  sheets: readonly XlsxSheet[];
  /** The rows it will write, when known up front: the console then shows a percentage. */
  total?: number;
}

/**
 * Writes the sheets — optional title lines, a bold frozen header row, then every row — with
 * exceljs's streaming writer, so a large export never sits in memory: each row is committed as it
 * is written. `onRows` hears how many rows each batch wrote (the console's progress indicator).
 */
export async function writeXlsxWorkbook(
  target: Writable,
  sheets: readonly XlsxSheet[],
  onRows: (count: number) => void = () => undefined,
): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: target, useStyles: true });
  for (const spec of sheets) {
    const title = spec.title ?? [];
    const sheet = workbook.addWorksheet(spec.name, { views: [{ state: 'frozen', ySplit: title.length + 1 }] });
    sheet.columns = spec.columns.map((c) => ({ width: c.width }));
    for (const line of title) {
      const row = sheet.addRow([line]);
      row.font = { bold: true };
      row.commit();
    }
    const header = sheet.addRow(spec.columns.map((c) => c.header));
    header.font = { bold: true };
    header.commit();
    for await (const batch of spec.rows) {
      for (const cells of batch) {
        const row = sheet.addRow([...cells]);
        for (const [i, c] of spec.columns.entries()) if (c.numFmt) row.getCell(i + 1).numFmt = c.numFmt;
        row.commit();
      }
      onRows(batch.length);
    }
    sheet.commit();
  }
  await workbook.commit();
}

/** One sheet of items, page by page: `cells` turns an item (and its 1-based index) into its row. */
export async function writeXlsxExport<T>(
  target: Writable,
  sheetName: string,
  columns: readonly XlsxExportColumn[],
  pages: AsyncIterable<readonly T[]>,
  cells: (item: T, index: number) => XlsxRow,
): Promise<void> {
  await writeXlsxWorkbook(target, [{ name: sheetName, columns, rows: toRows(pages, cells) }]);
}

/** Each batch of items turned into rows; `cells` gets the item and its 1-based index in the whole export. */
export async function* toRows<T>(
  batches: AsyncIterable<readonly T[]>,
  cells: (item: T, index: number) => XlsxRow,
): AsyncGenerator<XlsxRow[]> {
  let index = 0;
  for await (const items of batches) yield items.map((item) => cells(item, ++index));
}

/**
 * Reads the first batch now and the rest while the file streams: an export whose query fails
 * then fails before its response starts, and the caller still gets an envelope saying so.
 */
export async function readAhead<T>(batches: AsyncIterator<T>): Promise<AsyncIterable<T>> {
  const first = await batches.next();
  return {
    async *[Symbol.asyncIterator]() {
      if (first.done) return;
      yield first.value;
      for (let next = await batches.next(); !next.done; next = await batches.next()) yield next.value;
    },
  };
}
