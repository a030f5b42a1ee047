import { expect, type APIRequestContext } from '@playwright/test';
import ExcelJS from 'exceljs';
import { apiLogin, credentialsOf } from './session.js';

/** What the device specs need of the server: the device API as admin, and import files. */

const DEVICE = '/manager/system/device/rest';
/** The largest page the server serves. */
const PAGE = 1000;

interface Envelope<T> {
  status: number;
  code: string;
  desc: string;
  data: T;
}

export interface DeviceRow {
  id: number;
  deviceName: string;
  deviceCode: string;
  lng: number | null;
  lat: number | null;
}

/** A device as the add form sends it (every required field). */
export function deviceBody(code: string, name: string, maintainId: number): Record<string, unknown> {
  return {
    deviceName: name,
    deviceCode: code,
    deviceType: '21',
    intervalTime: 60,
    lng: 114.05,
    lat: 22.55,
    installName: '安装员',
    installDate: Date.UTC(2026, 0, 1),
    contactCompany: '测试单位',
    contactPerson: '联系人',
    contactPhone: '13800138000',
    maintainId,
  };
}

export class DeviceApi {
  private constructor(
    private readonly request: APIRequestContext,
    readonly token: string,
  ) {}

  static async signIn(request: APIRequestContext): Promise<DeviceApi> {
    return new DeviceApi(request, await apiLogin(request, credentialsOf('admin')));
  }

  private get headers(): Record<string, string> {
    return { token: this.token };
  }

  /** Every device (the server pages by at most 1,000). */
  async all(): Promise<DeviceRow[]> {
    const rows: DeviceRow[] = [];
    for (let pageNum = 1; ; pageNum += 1) {
      const response = await this.request.get(`${DEVICE}/getAll`, {
        headers: this.headers,
        params: { pageNum, pageSize: PAGE },
      });
      expect(response.ok(), `list devices: HTTP ${response.status()}`).toBe(true);
      const body = (await response.json()) as Envelope<{ list: DeviceRow[]; total: number }>;
      rows.push(...body.data.list);
      if (rows.length >= body.data.total || body.data.list.length === 0) return rows;
    }
  }

  /** The demo station of that name once it is connected (a fresh server's stations connect within seconds). */
  async onlineDemoStation(name: string): Promise<DeviceRow> {
    const device = (await this.all()).find((row) => row.deviceName === name);
    expect(device, name).toBeDefined();
    const found = device as DeviceRow;
    await expect
      .poll(
        async () => {
          const response = await this.request.get('/manager/system/device/detail/rest/getSummary', {
            headers: this.headers,
            params: { deviceId: found.id },
          });
          return ((await response.json()) as Envelope<{ online?: boolean }>).data.online;
        },
        { message: `${name} online`, timeout: 60_000 },
      )
      .toBe(true);
    return found;
  }

  async withCodePrefix(prefix: string): Promise<DeviceRow[]> {
    return (await this.all()).filter((device) => device.deviceCode.startsWith(prefix));
  }

  async add(body: Record<string, unknown>): Promise<DeviceRow> {
    const response = await this.request.post(`${DEVICE}/add`, { headers: this.headers, data: body });
    const envelope = (await response.json()) as Envelope<DeviceRow>;
    expect(envelope, `add device: ${JSON.stringify(envelope)}`).toMatchObject({ status: 200, code: '000000' });
    return envelope.data;
  }

  async remove(id: number): Promise<void> {
    const response = await this.request.get(`${DEVICE}/delete`, { headers: this.headers, params: { id } });
    expect(response.ok(), `delete device ${id}`).toBe(true);
  }

  /** The signed-in admin's user id (a maintainer every device can name). */
  async adminId(): Promise<number> {
    const response = await this.request.get('/manager/system/user/rest/getAll', {
      headers: this.headers,
      params: { pageNum: 1, pageSize: 100, userName: 'admin' },
    });
    const body = (await response.json()) as Envelope<{ list: { id: number; userName: string }[] }>;
    const admin = body.data.list.find((user) => user.userName === 'admin');
    expect(admin, 'the admin user').toBeDefined();
    return (admin as { id: number }).id;
  }
}

/** One row of the import file, by the template's Chinese headers. */
export type ImportRow = Record<string, string | number | Date>;

/** The template's columns (the importer matches headers by text). */
export const IMPORT_HEADERS = [
  '设备名称',
  '设备编码',
  '设备类型',
  '上报间隔(秒)',
  '经度',
  '纬度',
  '安装人员',
  '安装时间',
  '安装地址',
  '联系单位',
  '联系人',
  '联系电话',
  '维修人员',
  '是否有效',
  '备注',
] as const;

export function importRow(prefix: string, index: number, overrides: Partial<ImportRow> = {}): ImportRow {
  const n = String(index).padStart(4, '0');
  return {
    设备名称: `${prefix}站${n}`,
    设备编码: `${prefix}${n}`,
    设备类型: '21',
    '上报间隔(秒)': 60,
    经度: 113.5 + (index % 50) * 0.02,
    纬度: 22.4 + Math.floor(index / 50) * 0.02,
    安装人员: '导入员',
    安装时间: new Date(Date.UTC(2026, 0, 1)),
    安装地址: '深圳市',
    联系单位: '导入测试单位',
    联系人: '导入联系人',
    联系电话: '13800138000',
    维修人员: 'admin',
    是否有效: '是',
    备注: 'e2e',
    ...overrides,
  };
}

/** An xlsx with the template's header row and the given rows. */
export async function importWorkbook(rows: readonly ImportRow[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('设备');
  sheet.addRow([...IMPORT_HEADERS]);
  for (const row of rows) sheet.addRow(IMPORT_HEADERS.map((header) => row[header] ?? null));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The first sheet of an xlsx as rows of cell texts. */
export async function readWorkbook(data: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(data as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  expect(sheet, 'the export has a sheet').toBeDefined();
  const rows: string[][] = [];
  sheet?.eachRow((row) => {
    const values = Array.isArray(row.values) ? row.values.slice(1) : [];
    rows.push(values.map((value) => (value === null || value === undefined ? '' : String(value as string | number))));
  });
  return rows;
}

/** A code prefix no other run uses (device codes are at most 24 characters). */
export function uniquePrefix(tag: string): string {
  return `${tag}${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 1296).toString(36)}`.toUpperCase();
}
