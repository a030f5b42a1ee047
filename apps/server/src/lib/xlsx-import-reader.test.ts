import { createRequire } from 'node:module';
import * as stream from 'node:stream';
import ExcelJS from 'exceljs';
import type JSZipType from 'jszip';
import { describe, expect, it } from 'vitest';
import { readXlsxSheet, type XlsxReaderModules } from './xlsx-import-reader.js';

// The reader gets the jszip exceljs itself reads with, as in its worker thread.
const JSZip = createRequire(createRequire(import.meta.url).resolve('exceljs'))('jszip') as typeof JSZipType;
const modules: XlsxReaderModules = { ExcelJS, JSZip, stream };
const COLUMNS = [
  { header: '名称', field: 'name', required: true },
  { header: '编码', field: 'code' },
] as const;
const MB = 1024 * 1024;

async function workbook(rows: ExcelJS.CellValue[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('data');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** `data` with its sheet's XML rewritten, compressed again. */
async function rewriteSheet(data: Buffer, rewrite: (xml: string) => string): Promise<Buffer> {
  const zip = await JSZip.loadAsync(data);
  const path = 'xl/worksheets/sheet1.xml';
  zip.file(path, rewrite(await zip.file(path)!.async('string')));
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

describe('readXlsxSheet', () => {
  it('refuses a zip bomb once what it unpacks passes the budget', async () => {
    const plain = await workbook([
      ['名称', '编码'],
      ['A', 'C-1'],
    ]);
    // 8 MB of whitespace inside the sheet: a few kilobytes compressed.
    const bomb = await rewriteSheet(plain, (xml) => xml.replace('<sheetData>', `<sheetData>${' '.repeat(8 * MB)}`));
    expect(bomb.length).toBeLessThan(64 * 1024);

    expect(await readXlsxSheet(modules, bomb, COLUMNS, { maxRows: 10, maxUnpackedBytes: MB })).toEqual({
      ok: false,
      failure: { kind: 'tooLarge' },
    });
    // The same file within a budget that holds it is a workbook like any other.
    expect(await readXlsxSheet(modules, bomb, COLUMNS, { maxRows: 10, maxUnpackedBytes: 16 * MB })).toEqual({
      ok: true,
      records: [{ row: 2, values: { name: 'A', code: 'C-1' } }],
    });
  });

  it('stops reading at the first row past the limit, before the rest of the sheet is unpacked', async () => {
    const header = await workbook([['名称', '编码']]);
    const rows = Array.from(
      { length: 100_000 },
      (_, i) => `<row r="${i + 2}"><c r="A${i + 2}" t="inlineStr"><is><t>x</t></is></c></row>`,
    );
    // About 6 MB of rows; a 1 MB budget is enough only because reading stops at row 12.
    const many = await rewriteSheet(header, (xml) =>
      xml.replace('</row></sheetData>', `</row>${rows.join('')}</sheetData>`),
    );
    expect(await readXlsxSheet(modules, many, COLUMNS, { maxRows: 10, maxUnpackedBytes: MB })).toEqual({
      ok: false,
      failure: { kind: 'tooManyRows', max: 10 },
    });
  });

  it('reads date cells as dates and takes the first tab, wherever its part is stored', async () => {
    const when = new Date(Date.UTC(2024, 4, 20, 8, 30));
    const book = new ExcelJS.Workbook();
    const second = book.addWorksheet('second');
    second.addRow(['名称']).commit();
    second.addRow(['not this one']);
    const first = book.addWorksheet('first');
    first.addRow(['名称', '编码']);
    first.addRow(['A', when]);
    // The tab order puts 'first' (stored as sheet2.xml) before 'second'.
    Object.assign(first, { orderNo: 0 });
    Object.assign(second, { orderNo: 1 });
    const data = Buffer.from(await book.xlsx.writeBuffer());
    expect(await readXlsxSheet(modules, data, COLUMNS, { maxRows: 10, maxUnpackedBytes: MB })).toEqual({
      ok: true,
      records: [{ row: 2, values: { name: 'A', code: when } }],
    });
  });
});
