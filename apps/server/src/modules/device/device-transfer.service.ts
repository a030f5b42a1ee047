import { deviceInputSchema, VOCABULARIES, vocabularyLabel, type DeviceInput } from '@envmon/shared';
import type ExcelJS from 'exceljs';
import type { Insertable } from 'kysely';
import { z } from 'zod';
import type { DevicesTable } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import type { XlsxWorkbookPlan } from '../../lib/xlsx-export.js';
import { readAhead, toRows } from '../../lib/xlsx-export.js';
import {
  cellText,
  dateCellToEpoch,
  epochToWallClock,
  readXlsxRecords,
  type XlsxCell,
  type XlsxInput,
  type XlsxRecord,
} from '../../lib/xlsx-import.js';
import { writeXlsxTemplate, type XlsxTemplateColumn } from '../../lib/xlsx-template.js';
import { translate } from '../crud/crud.export.js';
import type { ScopeReader } from './device-scope.js';
import type { DeviceExportFilter, DeviceExportRow, DeviceTransferRepository } from './device-transfer.repository.js';
import { toDeviceFields } from './device.mapper.js';

type CellKind = 'text' | 'number' | 'date' | 'flag' | 'maintainer' | 'deviceType';
type ImportField = keyof DeviceInput;

interface DeviceColumn extends XlsxTemplateColumn<ImportField> {
  kind: CellKind;
  /** The template's example row. */
  example: string | number;
  /** false: imported but never exported (the station password is not for everyone who may read devices). */
  exported?: boolean;
}

/** A field the form cannot leave empty: the schema refuses it absent. */
const isRequired = (field: ImportField) => !deviceInputSchema.shape[field].safeParse(undefined).success;

const column = (
  header: string,
  field: ImportField,
  kind: CellKind,
  width: number,
  example: string | number,
  exported = true,
): DeviceColumn => ({
  header,
  field,
  kind,
  width,
  example,
  exported,
  required: isRequired(field),
  numFmt: NUM_FMT[kind],
});

export const DATE_FORMAT = 'yyyy-mm-dd';
const YES = '是';
const NO = '否';
const FLAG_WORDS: Record<string, number> = { [YES]: 1, 有效: 1, '1': 1, [NO]: 0, 无效: 0, '0': 0 };
/** The template's column formats: typed codes and phone numbers stay text, dates show as dates. */
const NUM_FMT: Partial<Record<CellKind, string>> = { date: DATE_FORMAT, text: '@', deviceType: '@' };

/**
 * A device type cell: the HJ 212 system code itself ('21') or its label in either language, as the
 * template's drop-down and the export write it. Anything else stays as typed, for the schema to refuse.
 */
function deviceTypeOf(cell: XlsxCell): string | undefined {
  const text = cellText(cell)?.trim();
  if (!text) return text;
  const lower = text.toLowerCase();
  const found = VOCABULARIES.deviceType.items.find(
    (i) => i.value === text || i.zh === text || i.en.toLowerCase() === lower,
  );
  return found?.value ?? text;
}

/** The type as the file shows it: its Chinese label (the headers are Chinese), an unknown code as it is. */
const deviceTypeLabel = (code: string) => vocabularyLabel('deviceType', code, 'zh');
const DEVICE_TYPE_CHOICES = VOCABULARIES.deviceType.items.map((i) => i.zh);

/**
 * The one column map of the device file (fields of deviceInputSchema, headers in Chinese): the
 * importer reads it, the template and the export are written from it. SPEC section 7 has the
 * import template as a static xlsx; it is generated from this map instead, so the file people fill
 * in can never drift from what the importer expects.
 */
export const DEVICE_COLUMNS: readonly DeviceColumn[] = [
  column('设备名称', 'deviceName', 'text', 22, '龙岗河水质自动监测站'),
  column('设备编码', 'deviceCode', 'text', 20, '44030720240001'),
  column('设备类型', 'deviceType', 'deviceType', 20, deviceTypeLabel('21')),
  column('上报间隔(秒)', 'intervalTime', 'number', 13, 60),
  column('经度', 'lng', 'number', 12, 114.26),
  column('纬度', 'lat', 'number', 12, 22.71),
  column('安装人员', 'installName', 'text', 12, '张伟'),
  column('安装时间', 'installDate', 'date', 13, '2024-05-20'),
  column('安装地址', 'installAddress', 'text', 30, '广东省深圳市龙岗区龙城街道龙岗河西湖村断面'),
  column('联系单位', 'contactCompany', 'text', 24, '深圳市龙岗区环境监测站'),
  column('联系人', 'contactPerson', 'text', 10, '李娜'),
  column('联系电话', 'contactPhone', 'text', 14, '13800138000'),
  column('维修人员', 'maintainId', 'maintainer', 14, 'admin'),
  column('设备密码', 'password', 'text', 12, '123456', false),
  column('时区偏移(分钟)', 'utcOffsetMinutes', 'number', 15, 480),
  column('是否有效', 'ifValid', 'flag', 10, YES),
  column('备注', 'remark', 'text', 30, '示例数据，导入前请替换'),
];

const COLUMN_OF = new Map(DEVICE_COLUMNS.map((c) => [c.field as string, c]));

/** One thing wrong with one row of an upload. */
export const importProblemSchema = z.object({
  /** The spreadsheet's row number (the header is row 1). */
  row: z.number().int(),
  field: z.string(),
  /** The column's header text. */
  column: z.string(),
  /** An i18n key (`device.rules.contactPhonePattern`, `common.messages.deviceCodeTaken`) the console translates. */
  message: z.string(),
  /** Values for the key's placeholders ({{max}}). */
  params: z.record(z.string(), z.number()).optional(),
  /** The message in Chinese, the spec's language (desc lists it in the caller's). */
  text: z.string(),
});
export type ImportProblem = z.infer<typeof importProblemSchema>;

/** A refusal's desc is written in the caller's language from the problems (lib/import-report.ts). */
export type ImportOutcome = { ok: true; count: number } | { ok: false; problems: ImportProblem[] };

/** One upload's rows at most (the upload size limit bounds it too). */
export const IMPORT_MAX_ROWS = 10_000;
const EXPORT_PAGE = 1000;

const DUPLICATE_IN_FILE = 'common.messages.deviceCodeDuplicateInFile';
const CODE_TAKEN = 'common.messages.deviceCodeTaken';

/** A zod issue as an i18n key with its placeholders, whatever the schema said. */
function issueMessage(issue: z.core.$ZodIssue): { message: string; params?: Record<string, number> } {
  if (translate(issue.message, 'zh-CN') !== null) {
    if (issue.code === 'too_big') return { message: issue.message, params: { max: Number(issue.maximum) } };
    if (issue.code === 'too_small') return { message: issue.message, params: { min: Number(issue.minimum) } };
    return { message: issue.message };
  }
  // Rules the schema states without a message of its own (ranges of optional fields).
  if (issue.code === 'too_big') {
    const max = Number(issue.maximum);
    return { message: issue.origin === 'string' ? 'validation.tooLong' : 'validation.max', params: { max } };
  }
  if (issue.code === 'too_small') return { message: 'validation.min', params: { min: Number(issue.minimum) } };
  return { message: 'validation.invalid' };
}

/** The Chinese text of a problem's message. */
function messageText(message: string, params: Record<string, number> = {}): string {
  const text = translate(message, 'zh-CN') ?? message;
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

function problem(row: number, field: string, message: string, params?: Record<string, number>): ImportProblem {
  return {
    row,
    field,
    column: COLUMN_OF.get(field)?.header ?? field,
    message,
    ...(params ? { params } : {}),
    text: messageText(message, params),
  };
}

/** The maintainer cell's user: by user name first, else by id. */
function maintainerKey(cell: XlsxCell | undefined): { name: string; id: number | null } | null {
  const text = cellText(cell)?.trim();
  if (!text) return null;
  return { name: text, id: /^\d{1,9}$/.test(text) ? Number(text) : null };
}

/** Batch import and export of devices, and the import template (issue 4). */
export class DeviceTransferService {
  constructor(
    private readonly repo: DeviceTransferRepository,
    private readonly clock: Clock,
    /** Told the codes of stored devices (the gateway's directory caches unknown MNs). */
    private readonly onAdded: (codes: readonly string[]) => void = () => undefined,
  ) {}

  /**
   * Every row is checked with the device form's schema, the codes against each other and the
   * database; with any problem nothing is written and every problem is listed, otherwise all rows
   * go in one transaction. A file that is not a device workbook at all throws XlsxImportError.
   */
  async importDevices(data: XlsxInput): Promise<ImportOutcome> {
    const records = await readXlsxRecords(data, DEVICE_COLUMNS, { maxRows: IMPORT_MAX_ROWS });
    const maintainers = await this.resolveMaintainers(records);
    const problems: ImportProblem[] = [];
    const valid: { row: number; input: DeviceInput }[] = [];
    const firstRowOf = new Map<string, number>();

    for (const record of records) {
      const parsed = deviceInputSchema.safeParse(this.toInput(record, maintainers));
      if (!parsed.success) {
        const seen = new Set<string>();
        for (const issue of parsed.error.issues) {
          const field = String(issue.path[0] ?? '');
          // One problem per cell: the first rule it breaks (required before pattern).
          if (seen.has(field)) continue;
          seen.add(field);
          const { message, params } = issueMessage(issue);
          problems.push(problem(record.row, field, message, params));
        }
      }
      const code = parsed.success ? parsed.data.deviceCode : cellText(record.values.deviceCode)?.trim();
      if (code) {
        const first = firstRowOf.get(code);
        if (first === undefined) firstRowOf.set(code, record.row);
        else problems.push(problem(record.row, 'deviceCode', DUPLICATE_IN_FILE));
      }
      if (parsed.success) valid.push({ row: record.row, input: parsed.data });
    }

    const taken = await this.repo.existingCodes([...firstRowOf.keys()]);
    for (const [code, row] of firstRowOf) {
      if (taken.has(code)) problems.push(problem(row, 'deviceCode', CODE_TAKEN));
    }
    if (problems.length > 0) return this.refused(problems);

    const now = this.clock.now();
    try {
      await this.repo.insertAll(valid.map(({ input }) => toRow(input, now)));
    } catch (err) {
      // A device added by someone else since the check: answered like the check would have.
      const late = await this.repo.existingCodes(valid.map((v) => v.input.deviceCode));
      if (late.size === 0) throw err;
      return this.refused(
        valid.filter((v) => late.has(v.input.deviceCode)).map((v) => problem(v.row, 'deviceCode', CODE_TAKEN)),
      );
    }
    this.onAdded(valid.map((v) => v.input.deviceCode));
    return { ok: true, count: valid.length };
  }

  /** The import template: the header row and one example row, maintained by `maintainer`. */
  template(maintainer: string): Promise<Buffer> {
    return writeXlsxTemplate({
      sheetName: '设备导入',
      columns: DEVICE_COLUMNS,
      example: Object.fromEntries(
        DEVICE_COLUMNS.map((c): [ImportField, ExcelJS.CellValue] => {
          if (c.kind === 'maintainer') return [c.field, maintainer];
          if (c.kind === 'date')
            return [c.field, epochToWallClock(dateCellToEpoch(String(c.example)) ?? this.clock.now())];
          return [c.field, c.example];
        }),
      ),
      choices: { ifValid: [YES, NO], deviceType: DEVICE_TYPE_CHOICES },
      maxRows: IMPORT_MAX_ROWS,
    });
  }

  /**
   * The export: the matching devices of the reader's scope page by page in id order, the first page read
   * now so that a failing query still answers with an envelope.
   */
  async exportPlan(filter: DeviceExportFilter, reader: ScopeReader): Promise<XlsxWorkbookPlan> {
    const columns = DEVICE_COLUMNS.filter((c) => c.exported);
    const pages = await readAhead(this.exportPages(filter, reader));
    return {
      fileName: { ascii: 'devices', display: '设备列表' },
      sheets: [
        {
          name: '设备列表',
          columns: columns.map((c) => ({
            header: c.header,
            width: c.width,
            ...(c.kind === 'date' ? { numFmt: DATE_FORMAT } : {}),
          })),
          rows: toRows(pages, (device: DeviceExportRow) => columns.map((c) => exportCell(c, device))),
        },
      ],
    };
  }

  private async *exportPages(filter: DeviceExportFilter, reader: ScopeReader): AsyncGenerator<DeviceExportRow[]> {
    for (let afterId = 0; ;) {
      const rows = await this.repo.exportPage(filter, reader, afterId, EXPORT_PAGE);
      if (rows.length > 0) yield rows;
      const last = rows.at(-1);
      if (!last || rows.length < EXPORT_PAGE) return;
      afterId = last.id;
    }
  }

  private async resolveMaintainers(records: readonly XlsxRecord<ImportField>[]): Promise<Map<string, number>> {
    const keys = records.map((r) => maintainerKey(r.values.maintainId)).filter((k) => k !== null);
    const users = await this.repo.usersNamed(
      keys.map((k) => k.name),
      keys.flatMap((k) => (k.id === null ? [] : [k.id])),
    );
    const byName = new Map(users.map((u) => [u.userName, u.id]));
    const ids = new Set(users.map((u) => u.id));
    const resolved = new Map<string, number>();
    for (const key of keys) {
      const id = byName.get(key.name) ?? (key.id !== null && ids.has(key.id) ? key.id : undefined);
      if (id !== undefined) resolved.set(key.name, id);
    }
    return resolved;
  }

  /** The row as the form would send it; a cell that cannot mean its field is left for the schema to refuse. */
  private toInput(record: XlsxRecord<ImportField>, maintainers: ReadonlyMap<string, number>): Record<string, unknown> {
    const input: Record<string, unknown> = {};
    for (const c of DEVICE_COLUMNS) {
      const cell = record.values[c.field];
      if (cell === undefined) continue;
      switch (c.kind) {
        case 'text':
          input[c.field] = cellText(cell);
          break;
        case 'number':
          input[c.field] = typeof cell === 'number' ? cell : cellText(cell)?.trim();
          break;
        case 'date':
          // A text that is no date becomes NaN, which the schema refuses with the field's message.
          input[c.field] = dateCellToEpoch(cell) ?? Number.NaN;
          break;
        case 'deviceType':
          input[c.field] = deviceTypeOf(cell);
          break;
        case 'flag':
          input[c.field] = FLAG_WORDS[cellText(cell)?.trim() ?? ''] ?? cellText(cell);
          break;
        case 'maintainer': {
          const key = maintainerKey(cell);
          // An unknown user is refused like an empty choice: '请选择维修人员'.
          if (key) input[c.field] = maintainers.get(key.name);
          break;
        }
      }
    }
    return input;
  }

  private refused(problems: ImportProblem[]): ImportOutcome {
    problems.sort((a, b) => a.row - b.row || columnIndex(a.field) - columnIndex(b.field));
    return { ok: false, problems };
  }
}

const columnIndex = (field: string) => DEVICE_COLUMNS.findIndex((c) => c.field === field);

function toRow(input: DeviceInput, at: number): Insertable<DevicesTable> {
  return { ...toDeviceFields(input), projectId: null, createTime: at, updateTime: at };
}

function exportCell(c: DeviceColumn, device: DeviceExportRow): ExcelJS.CellValue {
  switch (c.kind) {
    case 'maintainer':
      return device.maintainName ?? device.maintainId;
    case 'flag':
      return device.ifValid === 1 ? YES : NO;
    case 'deviceType':
      return deviceTypeLabel(device.deviceType);
    case 'date':
      return device.installDate === null ? null : epochToWallClock(device.installDate);
    case 'text':
    case 'number': {
      const value = device[c.field as keyof DeviceExportRow];
      return typeof value === 'string' || typeof value === 'number' ? value : null;
    }
  }
}
