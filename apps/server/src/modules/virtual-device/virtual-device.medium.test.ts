import {
  LIMITS,
  MESSAGES,
  type DeviceWithVirtual,
  type Page,
  type VirtualDevice,
  type VirtualImportProblem,
} from '@envmon/shared';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, body, call, login, useTestApp } from '../../test/harness.js';
import { insertDevice, userWith } from '../deploy/device-panel.test-support.js';

const VIRTUAL = '/manager/system/device/virtual/rest';
const HEADERS = ['设备编码', '虚拟设备名称', '虚拟设备编码', '监测因子编码', '备注'];

async function workbook(rows: (string | number | null)[][], headers = HEADERS): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('虚拟设备');
  sheet.addRow(headers);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

function multipart(data: Buffer, fileName = 'virtual.xlsx') {
  const boundary = `----envmon${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
        'Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n',
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('virtual devices', () => {
  const t = useTestApp();
  let admin: string;
  let device: number;
  let other: number;

  beforeAll(async () => {
    admin = await login(t().app, 'admin', ADMIN_PASSWORD);
    device = await insertDevice(t(), 'VRT0001');
    other = await insertDevice(t(), 'VRT0002');
  });

  const post = (url: string, payload: Record<string, unknown>, token = admin) =>
    t().app.inject({ method: 'POST', url, payload, headers: { token } });
  const upload = (data: Buffer, token = admin, language = 'zh-CN') => {
    const { payload, headers } = multipart(data);
    return t().app.inject({
      method: 'POST',
      url: `${VIRTUAL}/batAdd`,
      payload,
      headers: { ...headers, token, 'accept-language': language },
    });
  };
  const listOf = async (deviceId: number) =>
    (
      await call<Page<VirtualDevice>>(t().app, admin, 'GET', `${VIRTUAL}/get`, {
        query: { deviceId: String(deviceId), pageSize: '100' },
      })
    ).list;

  it('adds, reads, updates and deletes a virtual device', async () => {
    const added = await call<VirtualDevice>(t().app, admin, 'POST', `${VIRTUAL}/add`, {
      payload: {
        deviceId: device,
        virtualName: '进水口',
        virtualCode: 'V-IN',
        factorCodes: ['w01018', 'w21003'],
        remark: '东侧',
      },
    });
    expect(added).toMatchObject({
      deviceId: device,
      deviceCode: 'VRT0001',
      virtualName: '进水口',
      virtualCode: 'V-IN',
      factorCodes: ['w01018', 'w21003'],
      remark: '东侧',
    });
    const updated = await call<VirtualDevice>(t().app, admin, 'POST', `${VIRTUAL}/update`, {
      payload: {
        id: added.id,
        deviceId: device,
        virtualName: '进水口2',
        virtualCode: 'V-IN',
        factorCodes: 'w01001，w01018',
      },
    });
    expect(updated).toMatchObject({ virtualName: '进水口2', factorCodes: ['w01001', 'w01018'], remark: null });
    const named = await call<Page<VirtualDevice>>(t().app, admin, 'GET', `${VIRTUAL}/get`, {
      query: { virtualName: 'v-in' },
    });
    expect(named.list.map((v) => v.id)).toEqual([added.id]);

    await call(t().app, admin, 'GET', `${VIRTUAL}/delete`, { query: { id: String(added.id) } });
    expect(await listOf(device)).toEqual([]);
    const again = await t().app.inject({
      url: `${VIRTUAL}/delete`,
      query: { id: String(added.id) },
      headers: { token: admin },
    });
    expect(body(again).desc).toBe(MESSAGES.notFound);
  });

  it('refuses a taken code, unknown factors and devices, and invalid input', async () => {
    const first = await call<VirtualDevice>(t().app, admin, 'POST', `${VIRTUAL}/add`, {
      payload: { deviceId: device, virtualName: '出水口', virtualCode: 'V-OUT', factorCodes: ['w01018'] },
    });
    const base = { deviceId: other, virtualName: '出水口', virtualCode: 'V-OUT', factorCodes: ['w01018'] };
    expect(body(await post(`${VIRTUAL}/add`, base)).desc).toBe(MESSAGES.virtualCodeTaken);
    expect(body(await post(`${VIRTUAL}/add`, { ...base, virtualCode: 'V-X', factorCodes: ['zz0000'] })).desc).toBe(
      MESSAGES.factorUnknown,
    );
    expect(body(await post(`${VIRTUAL}/add`, { ...base, virtualCode: 'V-X', deviceId: 99999 })).desc).toBe(
      MESSAGES.notFound,
    );
    expect((await post(`${VIRTUAL}/add`, { ...base, virtualCode: 'V-X', factorCodes: [] })).statusCode).toBe(400);
    expect((await post(`${VIRTUAL}/add`, { ...base, virtualCode: 'bad code' })).statusCode).toBe(400);
    // Keeping its own code is no clash; taking another's is.
    const second = await call<VirtualDevice>(t().app, admin, 'POST', `${VIRTUAL}/add`, {
      payload: { ...base, virtualCode: 'V-OUT2' },
    });
    expect(body(await post(`${VIRTUAL}/update`, { ...base, id: first.id, deviceId: device })).status).toBe(200);
    expect(body(await post(`${VIRTUAL}/update`, { ...base, id: second.id })).desc).toBe(MESSAGES.virtualCodeTaken);
    expect(body(await post(`${VIRTUAL}/update`, { ...base, id: 99999 })).desc).toBe(MESSAGES.notFound);
  });

  it('lists every device with its virtual devices', async () => {
    const devices = await call<DeviceWithVirtual[]>(
      t().app,
      admin,
      'GET',
      '/manager/system/device/rest/getAllWithVirtual',
    );
    const byCode = new Map(devices.map((d) => [d.deviceCode, d.virtualDevices.map((v) => v.virtualCode)]));
    expect(byCode.get('VRT0001')).toEqual(['V-OUT']);
    expect(byCode.get('VRT0002')).toEqual(['V-OUT2']);
  });

  it('imports a valid sheet in one go', async () => {
    const data = await workbook([
      ['VRT0001', '一号点', 'V-IMP1', 'w01018,w21003', '备注一'],
      ['VRT0002', '二号点', 'V-IMP2', 'w01001', null],
      [null, null, null, null, null],
      ['VRT0002', '三号点', 12345, 'a34004', null],
    ]);
    const response = await upload(data);
    expect(body(response)).toMatchObject({ status: 200, desc: '成功导入3台虚拟设备！', data: { added: 3 } });
    expect((await listOf(other)).map((v) => [v.virtualCode, v.factorCodes])).toEqual([
      ['V-OUT2', ['w01018']],
      ['V-IMP2', ['w01001']],
      ['12345', ['a34004']],
    ]);
  });

  it('writes nothing from a sheet with bad rows and lists each problem with its row number', async () => {
    const data = await workbook([
      ['VRT0001', '好行', 'V-GOOD', 'w01018', null],
      ['NOPE', '设备不存在', 'V-BAD1', 'w01018', null],
      ['VRT0001', '', 'V-IMP1', 'zz0000', null],
      ['VRT0001', '重复', 'V-GOOD', 'w01018', null],
    ]);
    const response = await upload(data);
    // The device import's refusal shape: every problem in data, so the console shows both alike.
    const envelope = body<VirtualImportProblem[]>(response);
    expect(response.statusCode).toBe(200);
    expect(envelope).toMatchObject({ status: -1, code: '000001' });
    expect(envelope.desc.startsWith(MESSAGES.virtualImportInvalid)).toBe(true);
    expect(envelope.data.map((p) => [p.row, p.field])).toEqual([
      [3, 'deviceCode'],
      [4, 'virtualName'],
      [4, 'virtualCode'],
      [4, 'factorCodes'],
      [5, 'virtualCode'],
    ]);
    expect(envelope.data.find((p) => p.row === 4 && p.field === 'virtualCode')).toMatchObject({
      column: '虚拟设备编码',
      message: 'common.messages.virtualCodeTaken',
      text: MESSAGES.virtualCodeTaken,
    });
    expect(envelope.data.find((p) => p.row === 4 && p.field === 'virtualName')).toMatchObject({
      column: '虚拟设备名称',
      message: 'validation.required',
    });
    expect(envelope.desc).toContain('第3行 设备编码：设备编码不存在！');
    expect(envelope.desc).toContain('第4行 监测因子编码：监测因子不存在！zz0000');
    expect((await listOf(device)).map((v) => v.virtualCode)).not.toContain('V-GOOD');

    // The same refusal for an English console: its words and the fields' labels, no Chinese but the file's cells.
    const english = body<VirtualImportProblem[]>(await upload(data, admin, 'en-US')).desc;
    expect(english).toMatch(/^Import failed: the file has invalid rows; nothing was imported\. 5 problems: /);
    expect(english).toContain('Row 3, Device code: The device code does not exist.');
    expect(english).toContain('Row 4, Factors: Unknown monitor factors: zz0000');
    expect(english).not.toMatch(/[\u4e00-\u9fff]/);
  });

  it('serves the template: the Chinese headers and an example row that imports as it is', async () => {
    const response = await t().app.inject({ url: `${VIRTUAL}/template`, headers: { token: admin } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.headers['content-disposition']).toContain("filename*=UTF-8''");
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as Parameters<typeof book.xlsx.load>[0]);
    const sheet = book.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(HEADERS);
    expect(sheet.rowCount).toBe(2);
    const example = (sheet.getRow(2).values as unknown[]).slice(1);
    expect(example).toEqual(['44030720240001', '进水口', 'V-IN-01', 'w01018,w21003', '示例数据，导入前请替换']);
    // Required columns are marked red; the remark is optional.
    expect(sheet.getRow(1).getCell(1).font.color?.argb).toBe('FFC00000');
    expect(sheet.getRow(1).getCell(5).font.color).toBeUndefined();

    // The token is read from headers only.
    expect((await t().app.inject({ url: `${VIRTUAL}/template`, query: { token: admin } })).statusCode).toBe(401);

    const station = await insertDevice(t(), '44030720240001');
    expect(body(await upload(response.rawPayload))).toMatchObject({ status: 200, data: { added: 1 } });
    expect((await listOf(station)).map((v) => [v.virtualName, v.virtualCode, v.factorCodes])).toEqual([
      ['进水口', 'V-IN-01', ['w01018', 'w21003']],
    ]);
  });

  it('refuses files that are no virtual-device workbook, and files over the size limit', async () => {
    const notXlsx = body(await upload(Buffer.from('deviceCode,virtualName\nA,B\n')));
    expect(notXlsx.status).toBe(-1);
    expect(notXlsx.desc).toContain('xlsx');
    const wrongColumns = body(await upload(await workbook([['a', 'b']], ['名称', '编码'])));
    expect(wrongColumns.status).toBe(-1);
    expect(wrongColumns.desc).toContain('设备编码');
    const noFile = await t().app.inject({
      method: 'POST',
      url: `${VIRTUAL}/batAdd`,
      payload: '--x--\r\n',
      headers: { 'content-type': 'multipart/form-data; boundary=x', token: admin },
    });
    expect(body(noFile).desc).toBe(MESSAGES.virtualImportUnreadable);
    const tooLarge = await upload(Buffer.alloc(LIMITS.uploadMaxBytes + 1024, 1));
    expect(tooLarge.statusCode).toBe(413);
    expect(body(tooLarge).desc).toBe(MESSAGES.fileTooLarge);
  });

  it('answers 401 without a token, 403 without the device page, and 403 on writes without its write code', async () => {
    const routes: ['GET' | 'POST', string, boolean][] = [
      ['GET', '/manager/system/device/rest/getAllWithVirtual', false],
      ['GET', `${VIRTUAL}/get`, false],
      ['POST', `${VIRTUAL}/add`, true],
      ['POST', `${VIRTUAL}/update`, true],
      ['GET', `${VIRTUAL}/delete?id=1`, true],
      ['GET', `${VIRTUAL}/template`, false],
    ];
    const outsider = await userWith(t(), admin, 'virtual-outsider', ['query', 'query.history']);
    const reader = await userWith(t(), admin, 'virtual-reader', ['system.device']);
    for (const [method, url, writes] of routes) {
      const payload = method === 'POST' ? {} : undefined;
      expect((await t().app.inject({ method, url, payload })).statusCode, url).toBe(401);
      expect((await t().app.inject({ method, url, payload, headers: { token: outsider } })).statusCode, url).toBe(403);
      const asReader = await t().app.inject({ method, url, payload, headers: { token: reader } });
      expect(asReader.statusCode === 403, url).toBe(writes);
    }
    const data = await workbook([['VRT0001', '权限', 'V-PERM', 'w01018', null]]);
    expect((await t().app.inject({ method: 'POST', url: `${VIRTUAL}/batAdd`, ...multipart(data) })).statusCode).toBe(
      401,
    );
    expect((await upload(data, outsider)).statusCode).toBe(403);
    expect((await upload(data, reader)).statusCode).toBe(403);
  });
});
