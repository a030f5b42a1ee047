import {
  DEFAULT_UTC_OFFSET_MINUTES,
  formatStationTime,
  formatStationTimeWithZone,
  I18N_RESOURCES,
  OTHER_COLUMNS,
  STATION_STATE_CN,
  type OriginalPacket,
  type OriginalParsed,
  type OriginalScopedFilter,
  type OtherExport,
  type OtherResult,
  type OtherRow,
  type OtherScopedQuery,
  type Page,
  type QueryScope,
  titleWithZone,
} from '@envmon/shared';
import { normaliseFactorCode } from '@envmon/hj212';
import { DATA_KINDS } from '../../gateway/packet-data.js';
import { DomainError } from '../../lib/errors.js';
import { readAhead, toRows } from '../../lib/xlsx-export.js';
import type { XlsxWorkbookPlan } from '../../lib/xlsx-export.js';
import { type DeviceScopeReader, type ScopeReader, scopeOf } from '../device/device-scope.js';
import { toOriginalPacket, toOriginalParsed, toOtherRows } from './original.mapper.js';
import type { OriginalRepository, OriginalScope } from './original.repository.js';

const EXPORT_PAGE = 1000;
/** Station-state packets are few (a handful a day per station); a month of them fits one answer. */
export const OTHER_MAX_PACKETS = 5000;

/**
 * Who reads packets: the scope's devices, packets of no known device only for administrators, and station
 * passwords only for those who may edit devices.
 */
export type OriginalCaller = ScopeReader & { seesStationPasswords: boolean };

function packetScope(filter: OriginalScopedFilter, caller: OriginalCaller): OriginalScope {
  return {
    devices: scopeOf(filter, caller),
    includeUnknown: caller.isAdmin,
    beginTime: filter.beginTime,
    endTime: filter.endTime,
    deviceId: filter.deviceId,
    mn: filter.mn,
    cn: filter.cn,
    accepted: filter.status === undefined ? undefined : filter.status === 'accepted' ? 1 : 0,
  };
}

/** The original-packet query (every received packet) and the 'other' station-state reads parsed from them. */
export class OriginalService {
  constructor(
    private readonly repo: OriginalRepository,
    private readonly scopes: DeviceScopeReader,
  ) {}

  /** A device filter outside the caller's scope is notFound, as every device read answers. */
  private async assertVisible(deviceId: number | undefined, scope: QueryScope, reader: ScopeReader): Promise<void> {
    if (deviceId !== undefined && !(await this.scopes.visible(deviceId, scopeOf(scope, reader)))) {
      throw new DomainError('notFound');
    }
  }

  async list(
    query: OriginalScopedFilter & { pageNum: number; pageSize: number },
    caller: OriginalCaller,
  ): Promise<Page<OriginalPacket>> {
    await this.assertVisible(query.deviceId, query, caller);
    const scope = packetScope(query, caller);
    const { pageNum, pageSize } = query;
    const [total, rows] = await Promise.all([
      this.repo.count(scope),
      this.repo.page(scope, pageSize, (pageNum - 1) * pageSize),
    ]);
    return { list: rows.map((row) => toOriginalPacket(row, caller.seesStationPasswords)), total, pageNum, pageSize };
  }

  /** A packet outside the caller's scope (or of no known device, for a non-administrator) is notFound. */
  async parsed(id: number, scope: QueryScope, caller: OriginalCaller): Promise<OriginalParsed> {
    const packet = await this.repo.byId(id);
    if (!packet) throw new DomainError('notFound');
    if (
      packet.deviceId === null ? !caller.isAdmin : !(await this.scopes.visible(packet.deviceId, scopeOf(scope, caller)))
    ) {
      throw new DomainError('notFound');
    }
    const parsed = toOriginalParsed(packet.id, packet.raw, caller.seesStationPasswords);
    const kind = packet.cn === null ? undefined : DATA_KINDS[packet.cn];
    if (packet.deviceId === null || packet.dataTime === null || kind === undefined) return parsed;
    // The stored value beside the station's, where a data rule changed it.
    const ruled = new Map(
      (await this.repo.ruledValues(packet.deviceId, kind, packet.dataTime)).map((r) => [r.factorCode, r.value]),
    );
    const stored = Object.fromEntries(
      parsed.factors.flatMap((f) => {
        const code = normaliseFactorCode(f.code);
        return ruled.has(code) ? [[f.code, ruled.get(code) ?? null]] : [];
      }),
    );
    return Object.keys(stored).length === 0 ? parsed : { ...parsed, stored };
  }

  /** The device's accepted packets of the kind's CN in the range, newest first, read into rows. */
  async other(query: OtherScopedQuery, reader: ScopeReader): Promise<OtherResult> {
    if (!(await this.scopes.visible(query.deviceId, scopeOf(query, reader)))) throw new DomainError('notFound');
    const [packets, utcOffsetMinutes] = await Promise.all([
      this.repo.page(
        {
          beginTime: query.beginTime,
          endTime: query.endTime,
          deviceId: query.deviceId,
          cn: STATION_STATE_CN[query.kind],
          accepted: 1,
        },
        OTHER_MAX_PACKETS + 1,
      ),
      this.repo.deviceOffset(query.deviceId),
    ]);
    const truncated = packets.length > OTHER_MAX_PACKETS;
    const kept = truncated ? packets.slice(0, OTHER_MAX_PACKETS) : packets;
    return {
      rows: kept.flatMap((p) => toOtherRows(p, query.kind)),
      truncated,
      utcOffsetMinutes: utcOffsetMinutes ?? DEFAULT_UTC_OFFSET_MINUTES,
    };
  }

  /** The matching packets page by page, newest first (offset pages in receive-time order: an export is bounded by the 31-day range). */
  async *exportPages(filter: OriginalScopedFilter, caller: OriginalCaller): AsyncGenerator<OriginalPacket[]> {
    await this.assertVisible(filter.deviceId, filter, caller);
    const scope = packetScope(filter, caller);
    let offset = 0;
    for (;;) {
      const rows = await this.repo.page(scope, EXPORT_PAGE, offset);
      if (rows.length > 0) yield rows.map((row) => toOriginalPacket(row, caller.seesStationPasswords));
      if (rows.length < EXPORT_PAGE) return;
      offset += EXPORT_PAGE;
    }
  }

  /**
   * The list's columns (Chinese headers): receive time, remote, device, MN, CN, status, reason, raw text. The
   * receive time is on the station's clock with its zone beside it (the screen's rule; a file names the zone,
   * and one export may hold stations of several zones).
   */
  async exportPlan(filter: OriginalScopedFilter, caller: OriginalCaller): Promise<XlsxWorkbookPlan> {
    const columns = [
      { header: '序号', width: 8 },
      { header: '接收时间', width: 28 },
      { header: '远端地址', width: 22 },
      { header: '设备名称', width: 20 },
      { header: 'MN', width: 26 },
      { header: 'CN', width: 8 },
      { header: '状态', width: 8 },
      { header: '原因', width: 30 },
      { header: '原始报文', width: 80 },
    ];
    // The first page is read now, so a device out of scope or a failing query still gets an envelope.
    const rows = await readAhead(
      toRows(this.exportPages(filter, caller), (p: OriginalPacket, index) => [
        index,
        formatStationTimeWithZone(p.receivedAt, p.utcOffsetMinutes),
        p.remote,
        p.deviceName ?? '',
        p.mn ?? '',
        p.cn ?? '',
        p.accepted ? '接收' : '拒绝',
        p.reason ?? '',
        p.raw,
      ]),
    );
    return { fileName: { ascii: 'original', display: '原始报文' }, sheets: [{ name: '原始报文', columns, rows }] };
  }

  /** The 'other' export: the screen's columns of the kind (OTHER_COLUMNS), headed in the chosen language. */
  async otherExportPlan(query: OtherExport, reader: ScopeReader): Promise<XlsxWorkbookPlan> {
    const { rows, utcOffsetMinutes } = await this.other(query, reader);
    const text = I18N_RESOURCES[query.lang].original;
    const fields = OTHER_COLUMNS[query.kind];
    // One station: its times on its clock, the zone named in the time columns' titles (the screen's rule).
    const time = (ms: number) => formatStationTime(ms, utcOffsetMinutes);
    const cell = (row: OtherRow, field: keyof OtherRow): string => {
      const value = row[field];
      if (field === 'dataTime') return typeof value === 'number' ? time(value) : '';
      // A restart's value is the restart instant (epoch ms), shown as a time like the screen does.
      if (field === 'value' && query.kind === 'restart' && typeof value === 'string' && /^\d+$/.test(value)) {
        return time(Number(value));
      }
      return value === null ? '' : String(value);
    };
    const kindName = text.other.kinds[query.kind];
    return {
      fileName: { ascii: `other-${query.kind}`, display: `${kindName}` },
      total: rows.length,
      sheets: [
        {
          name: kindName,
          columns: [
            { header: query.lang === 'en-US' ? 'No.' : '序号', width: 8 },
            ...fields.map((field) => {
              const title = text.fields[field as keyof typeof text.fields];
              const timed = field === 'dataTime' || (field === 'value' && query.kind === 'restart');
              return {
                header: timed ? titleWithZone(title, utcOffsetMinutes, query.lang) : title,
                width: field === 'value' ? 40 : timed ? 28 : 20,
              };
            }),
          ],
          rows: [rows.map((row, index) => [index + 1, ...fields.map((field) => cell(row, field))])],
        },
      ],
    };
  }
}
