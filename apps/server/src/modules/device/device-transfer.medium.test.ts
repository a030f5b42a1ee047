import { LIMITS, MESSAGES, type User } from '@envmon/shared';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { DOWNLOAD_TICKET_TTL_MS } from '../../lib/download-ticket.js';
import { xlsxFailureMessage } from '../../lib/xlsx-import.js';
import { ADMIN_PASSWORD, body, call, login, query, useTestApp } from '../../test/harness.js';
import { DEVICE_COLUMNS, type ImportProblem } from './device-transfer.service.js';

const DEVICE = '/manager/system/device/rest';
const HEADERS = DEVICE_COLUMNS.map((c) => c.header);
const EXPORT_HEADERS = DEVICE_COLUMNS.filter((c) => c.exported).map((c) => c.header);

type Row = Record<string, ExcelJS.CellValue>;

/** A filled-in template row; `i` makes code, name and values differ. */
function deviceRow(prefix: string, i: number, overrides: Row = {}): Row {
  return {
    设备名称: `${prefix}站点${i}`,
    设备编码: `${prefix}${String(i).padStart(6, '0')}`,
    设备类型: i % 2 === 0 ? '21' : '22',
    '上报间隔(秒)': 30 + i,
    经度: 114 + i / 1000,
    纬度: 22.5 + i / 1000,
    安装人员: `安装员${i}`,
    // Half the dates as date cells (what Excel stores), half as typed text.
    安装时间: i % 2 === 0 ? new Date(Date.UTC(2024, 4, 20, 9, 30)) : '2024-05-21',
    安装地址: `深圳市龙岗区${i}号`,
    联系单位: '深圳市环境监测站',
    联系人: '李娜',
    // Excel turns a typed phone number into a number cell.
    联系电话: i % 3 === 0 ? 13800138000 + i : String(13900139000 + i),
    维修人员: 'admin',
    设备密码: i % 4 === 0 ? '123456' : null,
    是否有效: i % 5 === 0 ? '否' : '是',
    备注: null,
    ...overrides,
  };
}

async function workbook(rows: readonly Row[], headers: readonly string[] = HEADERS): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('设备');
  sheet.addRow([...headers]);
  for (const row of rows) sheet.addRow(headers.map((h) => row[h] ?? null));
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function readWorkbook(response: LightMyRequestResponse): Promise<ExcelJS.Worksheet> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(response.rawPayload as unknown as Parameters<typeof book.xlsx.load>[0]);
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  return sheet;
}

function rowValues(sheet: ExcelJS.Worksheet, row: number): unknown[] {
  return (sheet.getRow(row).values as unknown[]).slice(1);
}

describe('device import, template and export', () => {
  const t = useTestApp();
  let admin: string;
  let adminId: number;

  beforeAll(async () => {
    admin = await login(t().app, 'admin', ADMIN_PASSWORD);
    adminId = (await call<{ userId: number }>(t().app, admin, 'GET', '/manager/system/user/rest/getByToken')).userId;
  });

  function upload(data: Buffer, token: string | null = admin, fileName = 'devices.xlsx') {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(data)]), fileName);
    return t().app.inject({ method: 'POST', url: `${DEVICE}/batAdd`, payload: form, headers: token ? { token } : {} });
  }

  const devicesLike = (prefix: string) =>
    query(t(), (db) =>
      db.selectFrom('devices').selectAll().where('deviceCode', 'like', `${prefix}%`).orderBy('id').execute(),
    );

  const refusal = (response: LightMyRequestResponse) => {
    expect(response.statusCode).toBe(200);
    const envelope = body<ImportProblem[]>(response);
    expect(envelope).toMatchObject({ status: -1, code: '000001' });
    return envelope;
  };

  const brief = (problems: readonly ImportProblem[]) => problems.map((p) => [p.row, p.field, p.message, p.text]);

  it('serves the template: Chinese headers, widths, an example row that imports as it is', async () => {
    const response = await t().app.inject({ url: `${DEVICE}/template`, headers: { token: admin } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.headers['content-disposition']).toContain("filename*=UTF-8''");
    const sheet = await readWorkbook(response);
    expect(rowValues(sheet, 1)).toEqual(HEADERS);
    expect(sheet.getColumn(1).width).toBe(DEVICE_COLUMNS[0]?.width);
    const example = Object.fromEntries(HEADERS.map((h, i) => [h, sheet.getRow(2).getCell(i + 1)]));
    expect(example['维修人员']?.value).toBe('admin');
    expect(example['安装时间']?.value).toEqual(new Date(Date.UTC(2024, 4, 20)));
    expect(example['安装时间']?.numFmt).toBe('yyyy-mm-dd');
    expect(example['是否有效']?.value).toBe('是');
    expect(sheet.rowCount).toBe(2);
    expect(example['是否有效']?.dataValidation).toMatchObject({ type: 'list', formulae: ['"是,否"'] });

    // The token is read from headers only: one in the URL would stay in browser history and access logs.
    const byQuery = await t().app.inject({ url: `${DEVICE}/template`, query: { token: admin } });
    expect(byQuery.statusCode).toBe(401);

    const imported = await upload(response.rawPayload);
    expect(body(imported)).toMatchObject({ status: 200, data: { count: 1 } });
    const [device] = await devicesLike('44030720240001');
    expect(device).toMatchObject({
      deviceName: '龙岗河水质自动监测站',
      deviceType: '21',
      intervalTime: 60,
      lng: 114.26,
      lat: 22.71,
      installDate: new Date(2024, 4, 20).getTime(),
      contactPhone: '13800138000',
      maintainId: adminId,
      password: '123456',
      utcOffsetMinutes: 480,
      ifValid: 1,
    });
  });

  it('imports a 100-row file in one go with every field stored', async () => {
    const maintainer = await call<User>(t().app, admin, 'POST', '/manager/system/user/rest/add', {
      payload: { userName: 'fixer', name: '维修员', password: 'Fixer@123' },
    });
    const rows = Array.from({ length: 100 }, (_, i) =>
      // Maintainers by user name, and some by id.
      deviceRow('IMP', i + 1, i % 10 === 0 ? { 维修人员: maintainer.id } : {}),
    );
    const response = await upload(await workbook(rows));
    expect(body(response)).toEqual({ status: 200, code: '000000', desc: '成功导入100台设备！', data: { count: 100 } });

    const stored = await devicesLike('IMP');
    expect(stored).toHaveLength(100);
    for (const [i, device] of stored.entries()) {
      const n = i + 1;
      expect(device).toMatchObject({
        deviceName: `IMP站点${n}`,
        deviceCode: `IMP${String(n).padStart(6, '0')}`,
        deviceType: n % 2 === 0 ? '21' : '22',
        intervalTime: 30 + n,
        installName: `安装员${n}`,
        installDate: n % 2 === 0 ? new Date(2024, 4, 20, 9, 30).getTime() : new Date(2024, 4, 21).getTime(),
        installAddress: `深圳市龙岗区${n}号`,
        contactCompany: '深圳市环境监测站',
        contactPerson: '李娜',
        contactPhone: String(n % 3 === 0 ? 13800138000 + n : 13900139000 + n),
        maintainId: i % 10 === 0 ? maintainer.id : adminId,
        password: n % 4 === 0 ? '123456' : null,
        ifValid: n % 5 === 0 ? 0 : 1,
        remark: null,
        projectId: null,
        utcOffsetMinutes: 480,
      });
      expect(device.lng).toBeCloseTo(114 + n / 1000, 9);
      expect(device.lat).toBeCloseTo(22.5 + n / 1000, 9);
    }
    const log = await query(t(), (db) =>
      db.selectFrom('operationLogs').select(['url', 'status']).where('url', '=', `${DEVICE}/batAdd`).execute(),
    );
    expect(log).toContainEqual({ url: `${DEVICE}/batAdd`, status: 200 });
  });

  it('writes nothing when two rows are bad, and reports both with the form messages', async () => {
    const rows = Array.from({ length: 5 }, (_, i) => deviceRow('BAD', i + 1));
    rows[1] = deviceRow('BAD', 2, { 联系电话: '12345678901' });
    rows[3] = deviceRow('BAD', 4, { '上报间隔(秒)': 0 });
    const envelope = refusal(await upload(await workbook(rows)));
    expect(brief(envelope.data)).toEqual([
      [3, 'contactPhone', 'device.rules.contactPhonePattern', '请输入正确的手机号码！'],
      [5, 'intervalTime', 'device.rules.intervalTimePositive', '请输入大于0的整数！'],
    ]);
    expect(envelope.data[0]?.column).toBe('联系电话');
    expect(envelope.desc).toBe(
      '导入失败，共2处错误，未导入任何数据：第3行 联系电话：请输入正确的手机号码！；第5行 上报间隔(秒)：请输入大于0的整数！',
    );
    expect(await devicesLike('BAD')).toEqual([]);
  });

  it('checks every rule of the form, one problem per cell', async () => {
    const rows = [
      deviceRow('RULE', 1, { 设备名称: null, 联系电话: null, 安装时间: 'soon', 维修人员: 'nobody', 经度: 'east' }),
      deviceRow('RULE', 2, {
        设备编码: 'X'.repeat(25),
        安装人员: '张'.repeat(65),
        '时区偏移(分钟)': 900,
        是否有效: '也许',
      }),
      deviceRow('RULE', 3, { '上报间隔(秒)': 1.5, 维修人员: null, 纬度: 91 }),
    ];
    const envelope = refusal(await upload(await workbook(rows)));
    expect(brief(envelope.data)).toEqual([
      [2, 'deviceName', 'device.rules.deviceName', '请输入设备名称！'],
      [2, 'lng', 'device.rules.lng', '请输入经度！'],
      [2, 'installDate', 'device.rules.installDate', '请选择安装时间！'],
      [2, 'contactPhone', 'device.rules.contactPhone', '请输入联系电话！'],
      [2, 'maintainId', 'device.rules.maintainId', '请选择维修人员'],
      [3, 'deviceCode', 'validation.tooLong', '最多输入24位！'],
      [3, 'installName', 'device.rules.max64', '最多输入64位！'],
      [3, 'utcOffsetMinutes', 'validation.max', '不能大于840！'],
      [3, 'ifValid', 'validation.invalid', '输入无效！'],
      [4, 'intervalTime', 'device.rules.intervalTimePositive', '请输入大于0的整数！'],
      [4, 'lat', 'device.rules.lat', '请输入纬度！'],
      [4, 'maintainId', 'device.rules.maintainId', '请选择维修人员'],
    ]);
    expect(envelope.data[5]?.params).toEqual({ max: 24 });
    // desc spells out the first ten; data has them all.
    expect(envelope.desc).toMatch(
      /^导入失败，共12处错误，未导入任何数据：第2行 设备名称：请输入设备名称！；.*第4行 上报间隔\(秒\)：请输入大于0的整数！……共12处$/,
    );
    expect(await devicesLike('RULE')).toEqual([]);
  });

  it('refuses codes repeated in the file and codes already stored, writing nothing', async () => {
    const rows = [
      deviceRow('DUP', 1),
      deviceRow('DUP', 2),
      deviceRow('DUP', 3, { 设备编码: 'DUP000001' }),
      deviceRow('DUP', 4, { 设备编码: 'IMP000007' }),
    ];
    const envelope = refusal(await upload(await workbook(rows)));
    expect(brief(envelope.data)).toEqual([
      [4, 'deviceCode', 'common.messages.deviceCodeDuplicateInFile', '设备编码在文件中重复！'],
      [5, 'deviceCode', 'common.messages.deviceCodeTaken', MESSAGES.deviceCodeTaken],
    ]);
    expect(await devicesLike('DUP')).toEqual([]);
  });

  it('refuses an oversize upload, a file that is no xlsx, a workbook without the template columns, and no file', async () => {
    const big = Buffer.alloc(LIMITS.uploadMaxBytes + 1, 0x41);
    const oversize = await upload(big);
    expect(oversize.statusCode).toBe(413);
    expect(body(oversize)).toMatchObject({ status: -1, desc: MESSAGES.fileTooLarge });

    const csv = refusal(await upload(Buffer.from('设备名称,设备编码\nA,B\n'), admin, 'devices.csv'));
    expect(csv.desc).toBe(xlsxFailureMessage({ kind: 'notXlsx' }));

    const partial = refusal(
      await upload(await workbook([{ 设备名称: 'x', 设备编码: 'COLS1' }], ['设备名称', '设备编码'])),
    );
    expect(partial.desc).toContain('文件缺少必填列：设备类型、上报间隔(秒)、经度');

    const empty = refusal(await upload(await workbook([])));
    expect(empty.desc).toBe(xlsxFailureMessage({ kind: 'empty' }));

    const form = new FormData();
    form.append('note', 'no file here');
    const none = await t().app.inject({
      method: 'POST',
      url: `${DEVICE}/batAdd`,
      payload: form,
      headers: { token: admin },
    });
    expect(refusal(none).desc).toBe('请选择要导入的 xlsx 文件！');
    expect(await devicesLike('COLS')).toEqual([]);
  });

  async function exportLink(token: string, filters: Record<string, string>): Promise<string> {
    const { url } = await call<{ url: string }>(t().app, token, 'GET', `${DEVICE}/export`, {
      query: { exportSpecialFlag: '1', ...filters },
    });
    return url;
  }

  it('exports through a download link with a ticket and the non-empty filters, read back with exceljs', async () => {
    const url = await exportLink(admin, { deviceName: 'imp站点1', ifValid: '1', deviceType: '', deviceCode: '' });
    const link = new URL(url, 'http://localhost');
    expect(link.pathname).toBe(`${DEVICE}/export/download`);
    expect([...link.searchParams.keys()].sort()).toEqual(['deviceName', 'ifValid', 'progress', 'ticket']);
    expect(link.searchParams.get('deviceName')).toBe('imp站点1');

    // No token header: the ticket is the credential.
    const response = await t().app.inject({ url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const sheet = await readWorkbook(response);
    expect(rowValues(sheet, 1)).toEqual(EXPORT_HEADERS);

    // IMP站点1, 10-19 and 100, less the invalid ones (10 and 100 are multiples of 5).
    const expected = [1, 11, 12, 13, 14, 16, 17, 18, 19];
    expect(sheet.rowCount).toBe(1 + expected.length);
    const at = (row: number, header: string) => sheet.getRow(row).getCell(EXPORT_HEADERS.indexOf(header) + 1);
    expected.forEach((n, i) => {
      const row = i + 2;
      expect(at(row, '设备名称').value).toBe(`IMP站点${n}`);
      expect(at(row, '设备编码').value).toBe(`IMP${String(n).padStart(6, '0')}`);
      expect(at(row, '上报间隔(秒)').value).toBe(30 + n);
      expect(at(row, '是否有效').value).toBe('是');
      expect(at(row, '维修人员').value).toBe(n % 10 === 1 ? 'fixer' : 'admin');
      const installed = n % 2 === 0 ? Date.UTC(2024, 4, 20, 9, 30) : Date.UTC(2024, 4, 21);
      expect(at(row, '安装时间').value).toEqual(new Date(installed));
      expect(at(row, '安装时间').numFmt).toBe('yyyy-mm-dd');
    });
    expect(EXPORT_HEADERS).not.toContain('设备密码');

    // Single use.
    const again = await t().app.inject({ url });
    expect(again.statusCode).toBe(401);
    expect(body(again).desc).toBe(MESSAGES.notSignedIn);
  });

  it('refuses an expired ticket, a made-up one, and a link without one', async () => {
    const url = await exportLink(admin, {});
    t().clock.advance(DOWNLOAD_TICKET_TTL_MS);
    expect((await t().app.inject({ url })).statusCode).toBe(401);
    const forged = await t().app.inject({
      url: `${DEVICE}/export/download`,
      query: { ticket: 'made-up', progress: 'p' },
    });
    expect(forged.statusCode).toBe(401);
    const bare = await t().app.inject({ url: `${DEVICE}/export/download`, query: { token: admin } });
    expect(bare.statusCode).toBe(400);
  });

  it("keeps ifFilter=1 to the ticket holder's bound devices, and refuses a holder who lost the right", async () => {
    const adminRole = await query(t(), (db) =>
      db.selectFrom('roles').select('id').where('roleName', '=', 'admin').executeTakeFirstOrThrow(),
    );
    const user = await call<User>(t().app, admin, 'POST', '/manager/system/user/rest/add', {
      payload: {
        userName: 'exporter',
        name: '导出员',
        password: 'Exporter@1',
        roleIds: [adminRole.id],
        deviceCodes: ['IMP000003', 'IMP000042'],
      },
    });
    const token = await login(t().app, 'exporter', 'Exporter@1');
    const sheet = await readWorkbook(await t().app.inject({ url: await exportLink(token, { ifFilter: '1' }) }));
    expect(sheet.getColumn(2).values.slice(2)).toEqual(['IMP000003', 'IMP000042']);

    const url = await exportLink(token, {});
    await call(t().app, admin, 'POST', '/manager/system/user/rest/update', {
      payload: { id: user.id, userName: 'exporter', name: '导出员', roleIds: [], deviceCodes: [] },
    });
    expect((await t().app.inject({ url })).statusCode).toBe(403);
  });

  it('documents the routes in the API reference', async () => {
    const response = await t().app.inject({ url: '/openapi.json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json<{ paths: Record<string, unknown> }>().paths);
    for (const path of ['batAdd', 'template', 'export', 'export/download'])
      expect(paths).toContain(`${DEVICE}/${path}`);
  });

  it('answers 403 to a user without the device resource, and 401 without a token', async () => {
    await call(t().app, admin, 'POST', '/manager/system/user/rest/add', {
      payload: { userName: 'outsider', name: '外人', password: 'Outsider@1' },
    });
    const token = await login(t().app, 'outsider', 'Outsider@1');
    const rows = await workbook([deviceRow('NOPE', 1)]);
    expect((await upload(rows, token)).statusCode).toBe(403);
    expect((await t().app.inject({ url: `${DEVICE}/template`, headers: { token } })).statusCode).toBe(403);
    const exported = await t().app.inject({
      url: `${DEVICE}/export`,
      query: { exportSpecialFlag: '1' },
      headers: { token },
    });
    expect(exported.statusCode).toBe(403);
    expect(body(exported).desc).toBe(MESSAGES.noPermission);
    expect((await upload(rows, null)).statusCode).toBe(401);
    expect(await devicesLike('NOPE')).toEqual([]);
  });
});

describe('device import with the gateway running', () => {
  const t = useTestApp({ gateway: true });

  it("makes the gateway's directory forget an imported code it had cached as unknown", async () => {
    const { app } = t();
    const directory = app.stations?.directory;
    if (!directory) throw new Error('gateway not running');
    expect(await directory.find('GWIMPORT000001')).toBeNull();

    const admin = await login(app, 'admin', ADMIN_PASSWORD);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await workbook([deviceRow('GWIMPORT', 1)]))]), 'devices.xlsx');
    const response = await app.inject({
      method: 'POST',
      url: `${DEVICE}/batAdd`,
      payload: form,
      headers: { token: admin },
    });
    expect(body(response).data).toEqual({ count: 1 });

    // Within the directory's cache time: only forgetting the unknown entry makes the station known.
    expect(await directory.find('GWIMPORT000001')).toMatchObject({ deviceCode: 'GWIMPORT000001', intervalTime: 31 });
  });
});
