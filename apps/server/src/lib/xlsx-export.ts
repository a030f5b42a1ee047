import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';

/** One column of an exported sheet: its header text, and how wide (in characters). */
export interface XlsxExportColumn {
  header: string;
  width: number;
  /** An Excel number format for its cells, e.g. 'yyyy-mm-dd hh:mm:ss' for dates. */
  numFmt?: string;
}

/**
 * Writes one sheet — bold, frozen header row, then every row the pages yield — with exceljs's
 * streaming writer, so a large export never sits in memory: each row is committed as it is
 * written. `cells` turns one item into its cells, in the columns' order.
 */
export async function writeXlsxExport<T>(
  target: Writable,
  sheetName: string,
  columns: readonly XlsxExportColumn[],
  pages: AsyncIterable<readonly T[]>,
  cells: (item: T, index: number) => readonly unknown[],
): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: target, useStyles: true });
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({ header: c.header, width: c.width }));
  sheet.getRow(1).font = { bold: true };
  let index = 0;
  for await (const items of pages) {
    for (const item of items) {
      index += 1;
      const row = sheet.addRow([...cells(item, index)]);
      for (const [i, c] of columns.entries()) if (c.numFmt) row.getCell(i + 1).numFmt = c.numFmt;
      row.commit();
    }
  }
  sheet.commit();
  await workbook.commit();
}
