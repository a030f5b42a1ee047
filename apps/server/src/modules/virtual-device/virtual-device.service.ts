import {
  VIRTUAL_DEVICE_IMPORT_COLUMNS,
  VIRTUAL_DEVICE_LIMITS,
  virtualDeviceImportRowSchema,
  type DeviceWithVirtual,
  type Page,
  type VirtualDevice,
  type VirtualDeviceImportRow,
  type VirtualDeviceInput,
  type VirtualDeviceListQuery,
  type VirtualImportProblem,
} from '@envmon/shared';
import type { z } from 'zod';
import type { Clock } from '../../lib/clock.js';
import { DomainError } from '../../lib/errors.js';
import { cellText, readXlsxRecords, type XlsxColumn, type XlsxInput } from '../../lib/xlsx-import.js';
import { writeXlsxTemplate, type XlsxTemplateColumn } from '../../lib/xlsx-template.js';
import { translate } from '../crud/crud.export.js';
import { type ScopeReader, scopeOf } from '../device/device-scope.js';
import type { FactorService } from '../factor/factor.service.js';
import {
  joinFactorCodes,
  toDeviceWithVirtual,
  toVirtualDevice,
  type VirtualDeviceRow,
} from './virtual-device.mapper.js';
import type { VirtualDeviceRepository, VirtualDeviceValues } from './virtual-device.repository.js';

type ImportField = (typeof VIRTUAL_DEVICE_IMPORT_COLUMNS)[number]['key'];

/** The template's column widths and example row (a filled-in row people replace). */
const TEMPLATE_CELLS: Record<ImportField, { width: number; example: string }> = {
  deviceCode: { width: 20, example: '44030720240001' },
  virtualName: { width: 22, example: '进水口' },
  virtualCode: { width: 20, example: 'V-IN-01' },
  factorCodes: { width: 30, example: 'w01018,w21003' },
  remark: { width: 30, example: '示例数据，导入前请替换' },
};

/**
 * The template's columns, with the Chinese headers. Every cell is text: codes typed into Excel
 * would otherwise turn into numbers. A column the row schema refuses empty is required.
 */
const TEMPLATE_COLUMNS: XlsxTemplateColumn<ImportField>[] = VIRTUAL_DEVICE_IMPORT_COLUMNS.map((c) => ({
  header: c.zh,
  field: c.key,
  required: !virtualDeviceImportRowSchema.shape[c.key].safeParse(undefined).success,
  width: TEMPLATE_CELLS[c.key].width,
  numFmt: '@',
}));

/** What the importer reads: the template's columns, and the English headers too. */
const IMPORT_COLUMNS: XlsxColumn<ImportField>[] = [
  ...TEMPLATE_COLUMNS,
  ...VIRTUAL_DEVICE_IMPORT_COLUMNS.map((c) => ({ header: c.en, field: c.key })),
];
const HEADER_OF = new Map<string, string>(VIRTUAL_DEVICE_IMPORT_COLUMNS.map((c) => [c.key, c.zh]));

const columnIndex = (field: string): number => VIRTUAL_DEVICE_IMPORT_COLUMNS.findIndex((c) => c.key === field);

const DEVICE_UNKNOWN = 'common.messages.deviceCodeUnknown';
const DUPLICATE_IN_FILE = 'common.messages.virtualCodeDuplicateInFile';
const CODE_TAKEN = 'common.messages.virtualCodeTaken';
const FACTORS_UNKNOWN = 'common.messages.factorsUnknown';

/** A refusal's desc is written in the caller's language from the problems (lib/import-report.ts). */
export type VirtualImportOutcome = { ok: true; added: number } | { ok: false; problems: VirtualImportProblem[] };

function issueMessage(issue: z.core.$ZodIssue): { message: string; params?: Record<string, number> } {
  const known = translate(issue.message, 'zh-CN') !== null;
  const message = known ? issue.message : 'validation.invalid';
  if (issue.code === 'too_big' && known) return { message, params: { max: Number(issue.maximum) } };
  if (issue.code === 'too_small' && known) return { message, params: { min: Number(issue.minimum) } };
  return { message };
}

function problem(
  row: number,
  field: string,
  message: string,
  params?: Record<string, string | number>,
): VirtualImportProblem {
  const text = (translate(message, 'zh-CN') ?? message).replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    params && name in params ? String(params[name]) : whole,
  );
  return { row, field, column: HEADER_OF.get(field) ?? field, message, ...(params ? { params } : {}), text };
}

/** Virtual devices: named subsets of a station's factors under codes of their own. */
export class VirtualDeviceService {
  constructor(
    private readonly repo: VirtualDeviceRepository,
    private readonly factors: FactorService,
    private readonly clock: Clock,
  ) {}

  async list(query: VirtualDeviceListQuery, reader: ScopeReader): Promise<Page<VirtualDevice>> {
    const { pageNum, pageSize, ...filter } = query;
    const { rows, total } = await this.repo.list({ ...filter, scope: scopeOf({}, reader) }, { pageNum, pageSize });
    return { list: rows.map(toVirtualDevice), total, pageNum, pageSize };
  }

  async get(id: number): Promise<VirtualDevice> {
    return toVirtualDevice(await this.row(id));
  }

  async add(input: VirtualDeviceInput): Promise<VirtualDevice> {
    await this.check(input, null);
    return this.get(await this.repo.insert(values(input), this.clock.now()));
  }

  async update(id: number, input: VirtualDeviceInput): Promise<VirtualDevice> {
    await this.row(id);
    await this.check(input, id);
    await this.repo.update(id, values(input));
    return this.get(id);
  }

  async remove(id: number): Promise<void> {
    await this.row(id);
    await this.repo.delete(id);
  }

  /** Every device with its virtual devices (device pickers that offer both). */
  /** The devices in the reader's scope, each with its virtual devices. */
  async devicesWithVirtual(reader: ScopeReader): Promise<DeviceWithVirtual[]> {
    const scope = scopeOf({}, reader);
    const [devices, virtuals] = await Promise.all([this.repo.devices(scope), this.repo.all(scope)]);
    const byDevice = new Map<number, VirtualDeviceRow[]>();
    for (const v of virtuals) {
      const list = byDevice.get(v.deviceId) ?? [];
      list.push(v);
      byDevice.set(v.deviceId, list);
    }
    return devices.map((d) => toDeviceWithVirtual(d, byDevice.get(d.id) ?? []));
  }

  /**
   * batAdd: every row is checked against the shared row schema, the devices, the factors and the
   * codes already taken (in the database and earlier in the file); with any problem nothing is
   * written. A file that is not a virtual-device workbook throws XlsxImportError.
   */
  async importXlsx(data: XlsxInput): Promise<VirtualImportOutcome> {
    const records = await readXlsxRecords(data, IMPORT_COLUMNS, { maxRows: VIRTUAL_DEVICE_LIMITS.importMaxRows });
    const problems: VirtualImportProblem[] = [];
    // Cell by cell, so that one bad cell does not hide the row's other problems.
    const parsed = records.map((record) => {
      const fields: Partial<VirtualDeviceImportRow> = {};
      for (const { key } of VIRTUAL_DEVICE_IMPORT_COLUMNS) {
        const result = virtualDeviceImportRowSchema.shape[key].safeParse(cellText(record.values[key]));
        if (result.success) Object.assign(fields, { [key]: result.data });
        else {
          // One problem per cell: the first rule it breaks.
          const issue = result.error.issues[0];
          const { message, params } = issue ? issueMessage(issue) : { message: 'validation.invalid' };
          problems.push(problem(record.row, key, message, params));
        }
      }
      return { row: record.row, fields };
    });

    const deviceIds = await this.repo.deviceIds([...new Set(parsed.flatMap((p) => p.fields.deviceCode ?? []))]);
    const taken = await this.repo.takenCodes(
      parsed.flatMap((p) => p.fields.virtualCode ?? []),
      null,
    );
    const unknownFactors = new Set(await this.factors.unknownCodes(parsed.flatMap((p) => p.fields.factorCodes ?? [])));
    const inFile = new Set<string>();
    const rows: VirtualDeviceValues[] = [];
    for (const { row, fields } of parsed) {
      const deviceId = fields.deviceCode === undefined ? undefined : deviceIds.get(fields.deviceCode);
      if (fields.deviceCode !== undefined && deviceId === undefined)
        problems.push(problem(row, 'deviceCode', DEVICE_UNKNOWN));
      const code = fields.virtualCode;
      if (code !== undefined) {
        if (taken.has(code)) problems.push(problem(row, 'virtualCode', CODE_TAKEN));
        else if (inFile.has(code)) problems.push(problem(row, 'virtualCode', DUPLICATE_IN_FILE));
        inFile.add(code);
      }
      const unknown = (fields.factorCodes ?? []).filter((c) => unknownFactors.has(c));
      if (unknown.length > 0) {
        problems.push(problem(row, 'factorCodes', FACTORS_UNKNOWN, { codes: unknown.join(',') }));
      }
      const whole = virtualDeviceImportRowSchema.safeParse(fields);
      if (deviceId !== undefined && whole.success) rows.push(values({ ...whole.data, deviceId }));
    }

    if (problems.length > 0) {
      problems.sort((a, b) => a.row - b.row || columnIndex(a.field) - columnIndex(b.field));
      return { ok: false, problems };
    }
    await this.repo.insertMany(rows, this.clock.now());
    return { ok: true, added: rows.length };
  }

  /** The import template (SPEC section 7): the header row and one example row. */
  template(): Promise<Buffer> {
    return writeXlsxTemplate({
      sheetName: '虚拟设备导入',
      columns: TEMPLATE_COLUMNS,
      example: Object.fromEntries(VIRTUAL_DEVICE_IMPORT_COLUMNS.map((c) => [c.key, TEMPLATE_CELLS[c.key].example])),
      maxRows: VIRTUAL_DEVICE_LIMITS.importMaxRows,
    });
  }

  private async row(id: number): Promise<VirtualDeviceRow> {
    const row = await this.repo.find(id);
    if (!row) throw new DomainError('notFound');
    return row;
  }

  private async check(input: VirtualDeviceInput, exceptId: number | null): Promise<void> {
    if (!(await this.repo.deviceExists(input.deviceId))) throw new DomainError('notFound');
    if ((await this.repo.takenCodes([input.virtualCode], exceptId)).size > 0) {
      throw new DomainError('virtualCodeTaken');
    }
    await this.factors.assertExist(input.factorCodes);
  }
}

function values(input: Omit<VirtualDeviceInput, 'deviceId'> & { deviceId: number }): VirtualDeviceValues {
  return {
    deviceId: input.deviceId,
    virtualName: input.virtualName,
    virtualCode: input.virtualCode,
    factorCodes: joinFactorCodes(input.factorCodes),
    remark: input.remark,
  };
}
