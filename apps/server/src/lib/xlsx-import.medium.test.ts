import { PassThrough } from 'node:stream';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { LIMITS, MESSAGES } from '@envmon/shared';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_COLUMNS, IMPORT_MAX_ROWS } from '../modules/device/device-transfer.service.js';
import { chunkedUpload, chunkedUploadHeaders } from '../test/chunked-upload.js';
import { ADMIN_PASSWORD, body, login, useTestApp } from '../test/harness.js';
import { xlsxFailureMessage } from './xlsx-import.js';

const IMPORTS = ['/manager/system/device/rest/batAdd', '/manager/system/device/virtual/rest/batAdd'];
/**
 * A hostile workbook: the device template's headers, then `rows` rows of one short cell — small
 * compressed, and far past the import limit. Written with exceljs' streaming writer so that
 * building it stays quick.
 */
async function manyRowsWorkbook(rows: number): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: false });
  const sheet = book.addWorksheet('设备');
  sheet.addRow(DEVICE_COLUMNS.map((c) => c.header)).commit();
  for (let i = 0; i < rows; i++) sheet.addRow(['x']).commit();
  sheet.commit();
  await book.commit();
  return Buffer.concat(chunks);
}

describe('xlsx imports (issue 13, hole 1)', () => {
  const t = useTestApp();
  let admin = '';

  beforeAll(async () => {
    admin = await login(t().app, 'admin', ADMIN_PASSWORD);
  });

  it('answers an upload past the size limit with the size error on every import, however its chunks fall', async () => {
    const answers = [];
    for (const url of IMPORTS) {
      const response = await t().app.inject({
        method: 'POST',
        url,
        payload: chunkedUpload(LIMITS.uploadMaxBytes + 1024 * 1024, 'devices.xlsx'),
        headers: chunkedUploadHeaders(admin),
      });
      answers.push([url, response.statusCode, body(response).desc]);
    }
    expect(answers).toEqual(IMPORTS.map((url) => [url, 413, MESSAGES.fileTooLarge]));
  });

  it('stops a workbook of 200,000 rows at the row limit, in a worker: the event loop keeps serving meanwhile', async () => {
    const file = await manyRowsWorkbook(200_000);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(file)]), 'devices.xlsx');

    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const response = await t().app.inject({
      method: 'POST',
      url: IMPORTS[0],
      payload: form,
      headers: { token: admin },
    });
    delay.disable();

    expect(body(response)).toMatchObject({
      status: -1,
      desc: xlsxFailureMessage({ kind: 'tooManyRows', max: IMPORT_MAX_ROWS }),
    });
    // Read on the main thread the workbook held the loop for seconds; a worker leaves it free.
    // The bound is generous: it is about blocking, not speed.
    expect(delay.max / 1e6).toBeLessThan(1000);
  });
});
