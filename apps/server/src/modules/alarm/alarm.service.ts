import {
  canMoveWorkOrder,
  formatStationTimeWithZone,
  vocabularyLabel,
  type Alarm,
  type AlarmCurrentQuery,
  type AlarmFilter,
  type AlarmQuery,
  type Page,
  type WorkOrderEvent,
  type WorkOrderStatus,
  type WorkOrderUpdate,
} from '@envmon/shared';
import type { EventBus } from '../../events/bus.js';
import type { Clock } from '../../lib/clock.js';
import { DomainError } from '../../lib/errors.js';
import { readAhead, toRows } from '../../lib/xlsx-export.js';
import type { XlsxWorkbookPlan } from '../../lib/xlsx-export.js';
import type { Actor } from '../session/permission.js';
import { translate } from '../crud/crud.export.js';
import { type ScopeReader, scopeOf } from '../device/device-scope.js';
import { type AlarmRow, toAlarm, toWorkOrderEvent } from './alarm.mapper.js';
import type { AlarmListFilter, AlarmRepository } from './alarm.repository.js';

const EXPORT_PAGE = 1000;

const stationTime = (alarm: Alarm, ms: number) => formatStationTimeWithZone(ms, alarm.device.utcOffsetMinutes);

/** The export's columns, headed by the alarm namespace's field names in Chinese. */
const EXPORT_COLUMNS: readonly { field: string; width: number; cell: (a: Alarm) => string | number | null }[] = [
  { field: 'deviceName', width: 24, cell: (a) => a.device.deviceName },
  { field: 'deviceCode', width: 24, cell: (a) => a.deviceCode },
  { field: 'factorName', width: 16, cell: (a) => a.factor?.factorName ?? null },
  { field: 'alarmType', width: 12, cell: (a) => vocabularyLabel('alarmType', String(a.alarmType), 'zh') },
  { field: 'alarmLevel', width: 10, cell: (a) => vocabularyLabel('alarmLevel', String(a.alarmLevel), 'zh') },
  {
    field: 'overflowType',
    width: 10,
    cell: (a) => (a.overflowType === null ? null : vocabularyLabel('overflowType', String(a.overflowType), 'zh')),
  },
  { field: 'alarmValue', width: 12, cell: (a) => a.alarmValue },
  { field: 'unit', width: 10, cell: (a) => a.unit },
  { field: 'standardValue', width: 14, cell: (a) => a.standardValue },
  // The station's clock with its zone beside it: the screens' rule, and one file may hold stations of several zones.
  { field: 'beginDate', width: 28, cell: (a) => stationTime(a, a.beginDate) },
  { field: 'lastDate', width: 28, cell: (a) => stationTime(a, a.lastDate) },
  { field: 'endDate', width: 28, cell: (a) => (a.endDate === null ? null : stationTime(a, a.endDate)) },
  { field: 'count', width: 10, cell: (a) => a.count },
  {
    field: 'orderStatus',
    width: 10,
    cell: (a) => vocabularyLabel('alarmStatus', String(a.workOrder.orderStatus), 'zh'),
  },
];

/** Alarms as the screens see them, their export, and work orders (SPEC sections 3, 4, 7). */
export class AlarmService {
  constructor(
    private readonly repo: AlarmRepository,
    private readonly bus: EventBus,
    private readonly clock: Clock,
  ) {}

  /** getCurrent: every active alarm of the devices the caller sees, newest first. */
  async current(query: AlarmCurrentQuery, reader: ScopeReader): Promise<Alarm[]> {
    return (await this.repo.all({ ...scope(query, reader), active: 1 })).map(toAlarm);
  }

  async list(query: AlarmQuery, reader: ScopeReader): Promise<Page<Alarm>> {
    const { pageNum, pageSize, ...filter } = query;
    const { rows, total } = await this.repo.list(scope(filter, reader), { pageNum, pageSize });
    return { list: rows.map(toAlarm), total, pageNum, pageSize };
  }

  /** Moves a work order along WORK_ORDER_TRANSITIONS only, recording who, when and why. */
  async moveWorkOrder(input: WorkOrderUpdate, actor: Actor & ScopeReader): Promise<Alarm> {
    const current = await this.visible(input.alarmId, actor);
    const from = current.orderStatus as WorkOrderStatus;
    if (!canMoveWorkOrder(from, input.orderStatus)) throw new DomainError('workOrderTransitionRefused');
    const moved = await this.repo.moveWorkOrder({
      alarmId: input.alarmId,
      fromStatus: from,
      toStatus: input.orderStatus,
      userId: actor.userId,
      userName: actor.userName,
      comment: input.comment,
      at: this.clock.now(),
    });
    // Another operator moved it between our read and our write.
    if (!moved) throw new DomainError('workOrderTransitionRefused');
    const alarm = await this.repo.find(input.alarmId);
    if (!alarm) throw new DomainError('notFound');
    const dto = toAlarm(alarm);
    this.bus.publish('alarm.changed', { alarms: [dto] });
    return dto;
  }

  async workOrderHistory(alarmId: number, reader: ScopeReader): Promise<WorkOrderEvent[]> {
    await this.visible(alarmId, reader);
    return (await this.repo.workOrderHistory(alarmId)).map(toWorkOrderEvent);
  }

  /** The alarm when its device is in the reader's scope; notFound otherwise, as for a missing one. */
  private async visible(alarmId: number, reader: ScopeReader): Promise<AlarmRow> {
    const [row] = await this.repo.all({ ...scope({}, reader), alarmId });
    if (!row) throw new DomainError('notFound');
    return row;
  }

  /** The matching alarms page by page, newest first. */
  async *exportPages(filter: AlarmFilter, reader: ScopeReader): AsyncGenerator<Alarm[]> {
    const scoped = scope(filter, reader);
    for (let beforeId: number | null = null; ;) {
      const rows = await this.repo.exportPage(scoped, beforeId, EXPORT_PAGE);
      if (rows.length > 0) yield rows.map(toAlarm);
      const last = rows.at(-1);
      if (!last || rows.length < EXPORT_PAGE) return;
      beforeId = last.id;
    }
  }

  /** The export: the matching alarms with Chinese headers, the first page read before the file starts. */
  async exportPlan(filter: AlarmFilter, reader: ScopeReader): Promise<XlsxWorkbookPlan> {
    const columns = [
      { header: translate('alarm.fields.index', 'zh-CN') ?? 'index', width: 8 },
      ...EXPORT_COLUMNS.map((c) => ({
        header: translate(`alarm.fields.${c.field}`, 'zh-CN') ?? c.field,
        width: c.width,
      })),
    ];
    const rows = await readAhead(
      toRows(this.exportPages(filter, reader), (alarm, index) => [index, ...EXPORT_COLUMNS.map((c) => c.cell(alarm))]),
    );
    return { fileName: { ascii: 'alarms', display: '告警列表' }, sheets: [{ name: '告警列表', columns, rows }] };
  }
}

/** The alarms of the devices in the reader's scope (device-scope.ts: bound devices, ifFilter=1, the project). */
function scope<T extends { ifFilter?: number | undefined; projectId?: number | undefined }>(
  filter: T,
  reader: ScopeReader,
): Omit<T, 'ifFilter'> & AlarmListFilter {
  const { ifFilter: _ifFilter, ...rest } = filter;
  const { boundTo } = scopeOf(filter, reader);
  return boundTo === undefined ? rest : { ...rest, boundTo };
}
