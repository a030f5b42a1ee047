import type { Writable } from 'node:stream';
import {
  STATION_STATE_CN,
  type OriginalFilter,
  type OriginalPacket,
  type OriginalParsed,
  type OriginalQuery,
  type OtherQuery,
  type OtherResult,
  type Page,
} from '@envmon/shared';
import type { Clock } from '../../lib/clock.js';
import { DownloadTickets, type TicketHolder } from '../../lib/download-ticket.js';
import { DomainError } from '../../lib/errors.js';
import { writeXlsxExport } from '../../lib/xlsx-export.js';
import { formatDateTime } from '../crud/crud.export.js';
import { toOriginalPacket, toOriginalParsed, toOtherRows } from './original.mapper.js';
import type { OriginalRepository, OriginalScope } from './original.repository.js';

const EXPORT_TICKET_SCOPE = 'original-export';
const EXPORT_PAGE = 1000;
/** Station-state packets are few (a handful a day per station); a month of them fits one answer. */
export const OTHER_MAX_PACKETS = 5000;

function scopeOf(filter: OriginalFilter): OriginalScope {
  return {
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
  private readonly tickets: DownloadTickets;

  constructor(
    private readonly repo: OriginalRepository,
    clock: Clock,
  ) {
    this.tickets = new DownloadTickets(clock);
  }

  async list(query: OriginalQuery): Promise<Page<OriginalPacket>> {
    const scope = scopeOf(query);
    const { pageNum, pageSize } = query;
    const [total, rows] = await Promise.all([
      this.repo.count(scope),
      this.repo.page(scope, pageSize, (pageNum - 1) * pageSize),
    ]);
    return { list: rows.map(toOriginalPacket), total, pageNum, pageSize };
  }

  async parsed(id: number): Promise<OriginalParsed> {
    const packet = await this.repo.byId(id);
    if (!packet) throw new DomainError('notFound');
    return toOriginalParsed(packet.id, packet.raw);
  }

  /** The device's accepted packets of the kind's CN in the range, newest first, read into rows. */
  async other(query: OtherQuery): Promise<OtherResult> {
    if (!(await this.repo.deviceExists(query.deviceId))) throw new DomainError('notFound');
    const packets = await this.repo.page(
      {
        beginTime: query.beginTime,
        endTime: query.endTime,
        deviceId: query.deviceId,
        cn: STATION_STATE_CN[query.kind],
        accepted: 1,
      },
      OTHER_MAX_PACKETS + 1,
    );
    const truncated = packets.length > OTHER_MAX_PACKETS;
    const kept = truncated ? packets.slice(0, OTHER_MAX_PACKETS) : packets;
    return { rows: kept.flatMap((p) => toOtherRows(p, query.kind)), truncated };
  }

  issueExportTicket(holder: TicketHolder): string {
    return this.tickets.issue(holder, EXPORT_TICKET_SCOPE);
  }

  redeemExportTicket(ticket: string): TicketHolder | null {
    return this.tickets.redeem(ticket, EXPORT_TICKET_SCOPE);
  }

  /** The matching packets page by page, newest first (offset pages in receive-time order: an export is bounded by the 31-day range). */
  async *exportPages(filter: OriginalFilter): AsyncGenerator<OriginalPacket[]> {
    const scope = scopeOf(filter);
    let offset = 0;
    for (;;) {
      const rows = await this.repo.page(scope, EXPORT_PAGE, offset);
      if (rows.length > 0) yield rows.map(toOriginalPacket);
      if (rows.length < EXPORT_PAGE) return;
      offset += EXPORT_PAGE;
    }
  }

  /** The list's columns: receive time, remote, device, MN, CN, status, reason, raw text. */
  writeExport(target: Writable, pages: AsyncIterable<OriginalPacket[]>): Promise<void> {
    return writeXlsxExport(
      target,
      '原始报文',
      [
        { header: '序号', width: 8 },
        { header: '接收时间', width: 20 },
        { header: '远端地址', width: 22 },
        { header: '设备名称', width: 20 },
        { header: 'MN', width: 26 },
        { header: 'CN', width: 8 },
        { header: '状态', width: 8 },
        { header: '原因', width: 30 },
        { header: '原始报文', width: 80 },
      ],
      pages,
      (p, index) => [
        index,
        formatDateTime(p.receivedAt),
        p.remote,
        p.deviceName ?? '',
        p.mn ?? '',
        p.cn ?? '',
        p.accepted ? '接收' : '拒绝',
        p.reason ?? '',
        p.raw,
      ],
    );
  }
}
