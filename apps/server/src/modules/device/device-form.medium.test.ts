import {
  DEPLOY_TYPE,
  DEVICE_LIMITS,
  DV,
  I18N_RESOURCES,
  MESSAGES,
  VOCABULARIES,
  type DeployClassify,
  type Device,
  type DeviceDeploy,
  type Page,
} from '@envmon/shared';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, body, call, login, query, useTestApp } from '../../test/harness.js';
import { userWith } from '../deploy/device-panel.test-support.js';
import { DEVICE_COLUMNS, type ImportProblem } from './device-transfer.service.js';

const DEVICE = '/manager/system/device/rest';
const CLASSIFY = '/manager/system/device/deploy/classify/rest';
const DEPLOY = '/manager/system/device/deploy/rest';
/** A real station's PW (HJ212.md, vector V02): 24 characters. */
const REAL_PW = 'BF470F88957588DE902D1A52';

/** The Chinese words of a rule's i18n key ('device.rules.password'). */
function zhText(key: string): string {
  const found = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], I18N_RESOURCES['zh-CN']);
  if (typeof found !== 'string') throw new Error(`no text for ${key}`);
  return found;
}

/**
 * A refused field: HTTP 400 and desc naming the field and the broken rule (as the rule's key, or in
 * words: the desc's wording is the error handler's business).
 */
function expectRefused(response: LightMyRequestResponse, field: string, ruleKey: string, note = field): void {
  expect(response.statusCode, note).toBe(400);
  const desc = body(response).desc;
  expect(desc.startsWith(MESSAGES.invalidInput), note).toBe(true);
  expect(
    [field, zhText(`device.fields.${field}`)].some((name) => desc.includes(name)),
    `${note}: ${desc}`,
  ).toBe(true);
  expect(
    [ruleKey, zhText(ruleKey)].some((rule) => desc.includes(rule)),
    `${note}: ${desc}`,
  ).toBe(true);
}

/** A form that passes every rule of SPEC section 5. */
function deviceInput(deviceCode: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    lng: 114.26,
    lat: 22.71,
    installName: '张工',
    installDate: Date.UTC(2026, 0, 1),
    contactCompany: '环境监测站',
    contactPerson: '李四',
    contactPhone: '13800138000',
    maintainId: 1,
    deviceName: `设备 ${deviceCode}`,
    deviceCode,
    deviceType: '21',
    intervalTime: 60,
    ...extra,
  };
}

/**
 * What the device dialog decides beyond the device's own columns (issue 14): its type is an HJ 212
 * system code of the vocabulary, its project and address group are saved with it, and a real
 * station's long password is taken.
 */
describe('device form: type, project and address group, station password', () => {
  const t = useTestApp();
  let admin: string;
  let project: DeployClassify;
  let otherProject: DeployClassify;
  let address: DeployClassify;

  beforeAll(async () => {
    admin = await login(t().app, 'admin', ADMIN_PASSWORD);
    const group = (deployName: string, deployType: number) =>
      call<DeployClassify>(t().app, admin, 'POST', `${CLASSIFY}/add`, { payload: { deployName, deployType } });
    project = await group('表单项目', DEPLOY_TYPE.project);
    otherProject = await group('另一项目', DEPLOY_TYPE.project);
    address = await group('龙岗区', DEPLOY_TYPE.address);
  });

  const add = (payload: Record<string, unknown>, token = admin) =>
    t().app.inject({ method: 'POST', url: `${DEVICE}/add`, payload, headers: { token } });
  const update = (payload: Record<string, unknown>, token = admin) =>
    t().app.inject({ method: 'POST', url: `${DEVICE}/update`, payload, headers: { token } });
  const addDevice = (code: string, extra: Record<string, unknown> = {}) =>
    call<Device>(t().app, admin, 'POST', `${DEVICE}/add`, { payload: deviceInput(code, extra) });
  const stored = (code: string) =>
    query(t(), (db) => db.selectFrom('devices').selectAll().where('deviceCode', '=', code).executeTakeFirst());
  /** The device's groups as the tree reads them: deployType → deployId. */
  const groupsOf = async (deviceId: number) => {
    const records = await call<DeviceDeploy[]>(t().app, admin, 'GET', `${DEPLOY}/getByDeviceId`, {
      query: { deviceId: String(deviceId) },
    });
    return Object.fromEntries(records.map((r) => [r.deployType, r.deployId]));
  };

  it('takes every HJ 212 system code of the vocabulary as the type, and refuses anything else by name', async () => {
    for (const [i, { value }] of VOCABULARIES.deviceType.items.entries()) {
      expect((await addDevice(`ST-${String(i).padStart(2, '0')}`, { deviceType: value })).deviceType).toBe(value);
    }
    for (const deviceType of ['water', '91', '2l', '21 ']) {
      const response = await add(deviceInput('ST-BAD', { deviceType }));
      if (deviceType === '21 ') {
        // Trimmed like every text field: still the code.
        expect(body(response).status, deviceType).toBe(200);
        continue;
      }
      expectRefused(response, 'deviceType', DV.deviceTypeUnknown, deviceType);
    }
    expect(await stored('ST-BAD')).toMatchObject({ deviceType: '21' });

    // An edit cannot keep a type that is no system code either.
    const device = await addDevice('ST-EDIT');
    const refused = await update({ ...deviceInput('ST-EDIT', { deviceType: 'water' }), id: device.id });
    expectRefused(refused, 'deviceType', DV.deviceTypeUnknown);
    expect((await stored('ST-EDIT'))?.deviceType).toBe('21');
  });

  it('takes a real station’s 24-character password, up to the bound, and refuses the packet’s separators', async () => {
    const device = await addDevice('PW-0001', { password: REAL_PW });
    expect(device.password).toBe(REAL_PW);
    expect((await stored('PW-0001'))?.password).toBe(REAL_PW);

    const longest = 'x'.repeat(DEVICE_LIMITS.passwordMax);
    expect(DEVICE_LIMITS.passwordMax).toBeGreaterThanOrEqual(64);
    const updated = await call<Device>(t().app, admin, 'POST', `${DEVICE}/update`, {
      payload: { ...deviceInput('PW-0001', { password: longest }), id: device.id },
    });
    expect(updated.password).toBe(longest);

    const tooLong = await update({ ...deviceInput('PW-0001', { password: `${longest}y` }), id: device.id });
    expect(tooLong.statusCode).toBe(400);
    expect(body(tooLong).desc).toMatch(/password|设备密码/);
    expect(body(tooLong).desc).toContain(String(DEVICE_LIMITS.passwordMax));
    for (const password of ['12;34', 'a=b', 'a&b', 'a,b', 'a b']) {
      const response = await update({ ...deviceInput('PW-0001', { password }), id: device.id });
      expectRefused(response, 'password', DV.password, password);
    }
    expect((await stored('PW-0001'))?.password).toBe(longest);
  });

  it('adds a device into the chosen project and address group, listed under the project', async () => {
    const device = await addDevice('PLACE-0001', { projectId: project.id, addressId: address.id });
    expect(await groupsOf(device.id)).toEqual({ [DEPLOY_TYPE.project]: project.id, [DEPLOY_TYPE.address]: address.id });
    expect((await stored('PLACE-0001'))?.projectId).toBe(project.id);
    const inProject = await call<Page<Device>>(t().app, admin, 'GET', `${DEVICE}/getAll`, {
      query: { projectId: String(project.id), deviceCode: 'PLACE' },
    });
    expect(inProject.list.map((d) => d.deviceCode)).toEqual(['PLACE-0001']);

    // None chosen: no record, as before ('unclassified devices').
    const loose = await addDevice('PLACE-0002', { projectId: null });
    expect(await groupsOf(loose.id)).toEqual({});
    expect((await stored('PLACE-0002'))?.projectId).toBeNull();
  });

  it('moves, keeps and clears the groups on update', async () => {
    const device = await addDevice('MOVE-0001', { projectId: project.id, addressId: address.id });
    const [before] = await call<DeviceDeploy[]>(t().app, admin, 'GET', `${DEPLOY}/getByDeviceId`, {
      query: { deviceId: String(device.id) },
    });
    const save = (extra: Record<string, unknown>) =>
      call<Device>(t().app, admin, 'POST', `${DEVICE}/update`, {
        payload: { ...deviceInput('MOVE-0001', extra), id: device.id },
      });

    // The same groups again: the records stay as they are.
    await save({ projectId: project.id, addressId: address.id });
    const [same] = await call<DeviceDeploy[]>(t().app, admin, 'GET', `${DEPLOY}/getByDeviceId`, {
      query: { deviceId: String(device.id) },
    });
    expect(same?.id).toBe(before?.id);

    await save({ projectId: otherProject.id });
    expect(await groupsOf(device.id)).toEqual({
      [DEPLOY_TYPE.project]: otherProject.id,
      [DEPLOY_TYPE.address]: address.id,
    });
    expect((await stored('MOVE-0001'))?.projectId).toBe(otherProject.id);

    // Left out: where it was (a caller that knows nothing of groups moves nothing).
    await save({});
    expect(await groupsOf(device.id)).toEqual({
      [DEPLOY_TYPE.project]: otherProject.id,
      [DEPLOY_TYPE.address]: address.id,
    });

    await save({ projectId: null, addressId: null });
    expect(await groupsOf(device.id)).toEqual({});
    expect((await stored('MOVE-0001'))?.projectId).toBeNull();
  });

  it('refuses a group that does not exist or is of the other type, storing nothing', async () => {
    const cases: Record<string, unknown>[] = [
      { projectId: address.id },
      { addressId: project.id },
      { projectId: 999_999 },
    ];
    for (const extra of cases) {
      const response = await add(deviceInput('WRONG-0001', extra));
      expect(body(response), JSON.stringify(extra)).toMatchObject({ status: -1, desc: MESSAGES.deviceGroupUnknown });
    }
    expect(await stored('WRONG-0001')).toBeUndefined();
    expect((await add(deviceInput('WRONG-0001', { projectId: 0 }))).statusCode).toBe(400);

    const device = await addDevice('WRONG-0002', { projectId: project.id });
    const moved = await update({ ...deviceInput('WRONG-0002', { projectId: address.id }), id: device.id });
    expect(body(moved)).toMatchObject({ status: -1, desc: MESSAGES.deviceGroupUnknown });
    expect(await groupsOf(device.id)).toEqual({ [DEPLOY_TYPE.project]: project.id });
  });

  it('lets only those who may edit devices place one', async () => {
    const reader = await userWith(t(), admin, 'placement-reader', ['system.device']);
    const response = await add(deviceInput('READER-0001', { projectId: project.id }), reader);
    expect(response.statusCode).toBe(403);
    expect(await stored('READER-0001')).toBeUndefined();
  });

  describe('the xlsx import, template and export', () => {
    const HEADERS = DEVICE_COLUMNS.map((c) => c.header);
    const typeLabel = (code: string, lang: 'zh' | 'en') =>
      VOCABULARIES.deviceType.items.find((i) => i.value === code)?.[lang] ?? code;

    function row(code: string, deviceType: string, password: string | null = null): Record<string, ExcelJS.CellValue> {
      return {
        设备名称: `导入 ${code}`,
        设备编码: code,
        设备类型: deviceType,
        '上报间隔(秒)': 60,
        经度: 114.1,
        纬度: 22.5,
        安装人员: '导入员',
        安装时间: '2026-01-02',
        联系单位: '监测站',
        联系人: '李四',
        联系电话: '13800138000',
        维修人员: 'admin',
        设备密码: password,
        是否有效: '是',
      };
    }

    async function upload(rows: readonly Record<string, ExcelJS.CellValue>[]): Promise<LightMyRequestResponse> {
      const book = new ExcelJS.Workbook();
      const sheet = book.addWorksheet('设备');
      sheet.addRow(HEADERS);
      for (const r of rows) sheet.addRow(HEADERS.map((h) => r[h] ?? null));
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(await book.xlsx.writeBuffer())]), 'devices.xlsx');
      return t().app.inject({ method: 'POST', url: `${DEVICE}/batAdd`, payload: form, headers: { token: admin } });
    }

    it('reads a type as its code or its label in either language, and a real station’s password', async () => {
      const response = await upload([
        row('IMPT-0001', '21', REAL_PW),
        row('IMPT-0002', typeLabel('22', 'zh')),
        row('IMPT-0003', typeLabel('25', 'en').toUpperCase()),
      ]);
      expect(body(response)).toMatchObject({ status: 200, data: { count: 3 } });
      expect(await stored('IMPT-0001')).toMatchObject({ deviceType: '21', password: REAL_PW });
      expect((await stored('IMPT-0002'))?.deviceType).toBe('22');
      expect((await stored('IMPT-0003'))?.deviceType).toBe('25');
    });

    it('refuses a type that is no system code and a password over the bound, row by row, importing nothing', async () => {
      const response = await upload([
        row('IMPX-0001', 'water'),
        row('IMPX-0002', '21', 'p'.repeat(DEVICE_LIMITS.passwordMax + 1)),
        row('IMPX-0003', '21', 'a;b'),
      ]);
      const envelope = body<ImportProblem[]>(response);
      expect(envelope).toMatchObject({ status: -1 });
      expect(envelope.data.map((p) => [p.row, p.field, p.message])).toEqual([
        [2, 'deviceType', DV.deviceTypeUnknown],
        [3, 'password', 'validation.tooLong'],
        [4, 'password', DV.password],
      ]);
      expect(await stored('IMPX-0001')).toBeUndefined();
    });

    it('offers the labels in the template’s drop-down and writes the label in the export', async () => {
      const template = await t().app.inject({ url: `${DEVICE}/template`, headers: { token: admin } });
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(template.rawPayload as unknown as Parameters<typeof book.xlsx.load>[0]);
      const cell = book.worksheets[0]?.getRow(2).getCell(HEADERS.indexOf('设备类型') + 1);
      expect(cell?.value).toBe(typeLabel('21', 'zh'));
      expect(cell?.dataValidation).toMatchObject({
        type: 'list',
        formulae: [`"${VOCABULARIES.deviceType.items.map((i) => i.zh).join(',')}"`],
      });

      await addDevice('EXPT-0001', { deviceType: '32' });
      const { url } = await call<{ url: string }>(t().app, admin, 'GET', `${DEVICE}/export`, {
        query: { exportSpecialFlag: '1', deviceCode: 'EXPT-0001' },
      });
      const exported = new ExcelJS.Workbook();
      await exported.xlsx.load((await t().app.inject({ url })).rawPayload as unknown as ArrayBuffer);
      const sheet = exported.worksheets[0];
      const headers = (sheet?.getRow(1).values as unknown[]).slice(1);
      expect(sheet?.getRow(2).getCell(headers.indexOf('设备类型') + 1).value).toBe(typeLabel('32', 'zh'));
    });
  });
});
