import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  cellText,
  dateCellToEpoch,
  epochToWallClock,
  normalizeHeader,
  readXlsxRecords,
  wallClockToEpoch,
  XlsxImportError,
  type XlsxColumn,
} from './xlsx-import.js';

const COLUMNS: XlsxColumn<'name' | 'code' | 'when' | 'note'>[] = [
  { header: '名称', field: 'name', required: true },
  { header: '编码', field: 'code', required: true },
  { header: '时间（秒）', field: 'when' },
  { header: '备注', field: 'note' },
];

async function workbook(rows: ExcelJS.CellValue[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('data');
  for (const row of rows) sheet.addRow(row);
  book.addWorksheet('ignored').addRow(['名称', '编码']);
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function failureOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(XlsxImportError);
  return (error as XlsxImportError).failure;
}

describe('readXlsxRecords', () => {
  it('keys the first sheet rows by field, keeps row numbers and skips blank rows', async () => {
    const when = new Date(Date.UTC(2024, 4, 20, 8, 30));
    const data = await workbook([
      [' 名称 * ', '其他', '编码', '时间(秒)'],
      ['A', 'x', 'C-1', when],
      [],
      ['  ', null, '', null],
      [{ richText: [{ text: 'B' }, { text: '2' }] }, null, { formula: '1+1', result: 2 }, 7],
      [{ text: 'link', hyperlink: 'http://example.test' }],
    ]);
    const records = await readXlsxRecords(data, COLUMNS);
    expect(records).toEqual([
      { row: 2, values: { name: 'A', code: 'C-1', when } },
      { row: 5, values: { name: 'B2', code: 2, when: 7 } },
      { row: 6, values: { name: 'link' } },
    ]);
  });

  it('refuses what is not an xlsx workbook', async () => {
    expect(await failureOf(readXlsxRecords(Buffer.from('名称,编码\nA,B\n'), COLUMNS))).toEqual({ kind: 'notXlsx' });
    // A zip that is not a workbook.
    const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(64)]);
    expect(await failureOf(readXlsxRecords(zip, COLUMNS))).toEqual({ kind: 'notXlsx' });
  });

  it('names the required columns the header row lacks', async () => {
    const data = await workbook([['备注', '时间'], ['x']]);
    expect(await failureOf(readXlsxRecords(data, COLUMNS))).toEqual({
      kind: 'missingColumns',
      headers: ['名称', '编码'],
    });
  });

  it('refuses a file without data rows, and one with more rows than allowed', async () => {
    expect(await failureOf(readXlsxRecords(await workbook([['名称', '编码']]), COLUMNS))).toEqual({ kind: 'empty' });
    const many = await workbook([['名称', '编码'], ['a'], ['b'], ['c']]);
    expect(await failureOf(readXlsxRecords(many, COLUMNS, { maxRows: 2 }))).toEqual({ kind: 'tooManyRows', max: 2 });
    expect(await readXlsxRecords(many, COLUMNS, { maxRows: 3 })).toHaveLength(3);
  });

  it('reads the message of a failure in Chinese', () => {
    expect(new XlsxImportError({ kind: 'missingColumns', headers: ['名称', '编码'] }).message).toBe(
      '文件缺少必填列：名称、编码，请使用导入模板！',
    );
  });
});

describe('dates and text', () => {
  it('reads the wall clock a date cell shows as local time, and writes it back the same', () => {
    const local = new Date(2024, 4, 20, 8, 30, 15).getTime();
    const cell = new Date(Date.UTC(2024, 4, 20, 8, 30, 15));
    expect(wallClockToEpoch(cell)).toBe(local);
    expect(epochToWallClock(local)).toEqual(cell);
    expect(wallClockToEpoch(new Date(cell.getTime() - 3))).toBe(local);
  });

  it('accepts date cells, Excel serials and date texts; nothing else', () => {
    const day = new Date(2024, 4, 20).getTime();
    expect(dateCellToEpoch(new Date(Date.UTC(2024, 4, 20)))).toBe(day);
    expect(dateCellToEpoch(45432)).toBe(day);
    expect(dateCellToEpoch(45432.5)).toBe(new Date(2024, 4, 20, 12).getTime());
    expect(dateCellToEpoch('2024-05-20')).toBe(day);
    expect(dateCellToEpoch('2024/5/20 08:30')).toBe(new Date(2024, 4, 20, 8, 30).getTime());
    expect(dateCellToEpoch('2024年5月20日')).toBe(day);
    expect(dateCellToEpoch('2024-02-31')).toBeUndefined();
    expect(dateCellToEpoch('soon')).toBeUndefined();
    expect(dateCellToEpoch(-1)).toBeUndefined();
    expect(dateCellToEpoch(true)).toBeUndefined();
    expect(dateCellToEpoch(undefined)).toBeUndefined();
  });

  it('gives text fields their text, numbers included', () => {
    expect(cellText(13800138000)).toBe('13800138000');
    expect(cellText('x')).toBe('x');
    expect(cellText(new Date(Date.UTC(2024, 4, 20, 8, 30)))).toBe('2024-05-20 08:30:00');
    expect(cellText(undefined)).toBeUndefined();
  });

  it('matches headers loosely', () => {
    expect(normalizeHeader(' *上报间隔（秒） ')).toBe(normalizeHeader('上报间隔(秒)'));
  });
});
